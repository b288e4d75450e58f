/** The simulator's hosted pay page, in English and Russian. Plain HTML: no script needed. */
import { html, joinHtml, type SafeHtml } from "../../html.js";

export type PayPageLanguage = "en" | "ru";

const TEXT = {
  en: {
    title: "Exnode test payment",
    banner: "Payment gateway simulator: no real money moves.",
    invoice: "Invoice",
    amount: "Amount",
    token: "Token",
    status: "Status",
    pay: "Pay",
    cancel: "Cancel",
    closed: "This invoice is closed.",
    back: "Return to the shop",
    notFound: "Invoice not found.",
    switchTo: "Русский",
  },
  ru: {
    title: "Тестовая оплата Exnode",
    banner: "Симулятор платёжного шлюза: настоящие деньги не списываются.",
    invoice: "Счёт",
    amount: "Сумма",
    token: "Токен",
    status: "Статус",
    pay: "Оплатить",
    cancel: "Отменить",
    closed: "Этот счёт закрыт.",
    back: "Вернуться в магазин",
    notFound: "Счёт не найден.",
    switchTo: "English",
  },
} as const;

export function pickLanguage(query: string | undefined, acceptLanguage: string | undefined): PayPageLanguage {
  if (query === "ru" || query === "en") return query;
  return /^\s*ru\b/i.test(acceptLanguage ?? "") ? "ru" : "en";
}

export interface PayPageInvoice {
  trackerId: string;
  amount: number;
  fiatCurrency: string;
  token: string;
  status: string;
  redirectUrl: string;
}

function layout(lang: PayPageLanguage, body: SafeHtml): string {
  const t = TEXT[lang];
  return html`<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${t.title}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#111;background:#fafafa}
main{background:#fff;border:1px solid #ddd;border-radius:12px;padding:1.5rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem}dt{color:#555}dd{margin:0;font-weight:600}
.actions{display:flex;gap:.75rem;margin-top:1.5rem}
button{font:inherit;padding:.6rem 1.2rem;border-radius:8px;border:1px solid #333;cursor:pointer}
button[value=pay]{background:#0b5;color:#fff;border-color:#0b5}
button:focus-visible,a:focus-visible{outline:3px solid #05f;outline-offset:2px}
.banner{font-size:.9rem;color:#7a4b00;background:#fff4d6;padding:.5rem .75rem;border-radius:8px}
</style>
</head>
<body>
<main>
<h1>${t.title}</h1>
<p class="banner" role="note">${t.banner}</p>
${body}
</main>
</body>
</html>`.toString();
}

export function renderPayPage(lang: PayPageLanguage, invoice: PayPageInvoice | undefined, actionPath: string): string {
  const t = TEXT[lang];
  if (!invoice) return layout(lang, html`<p role="alert">${t.notFound}</p>`);
  const other: PayPageLanguage = lang === "en" ? "ru" : "en";
  const open = !["SUCCESS", "EXPIRED", "ERROR"].includes(invoice.status);
  const details = html`<dl>
<dt>${t.invoice}</dt><dd>${invoice.trackerId}</dd>
<dt>${t.amount}</dt><dd>${`${invoice.amount} ${invoice.fiatCurrency}`}</dd>
<dt>${t.token}</dt><dd>${invoice.token}</dd>
<dt>${t.status}</dt><dd>${invoice.status}</dd>
</dl>`;
  const actions = open
    ? html`<form method="post" action="${actionPath}" class="actions">
<input type="hidden" name="lang" value="${lang}">
<button type="submit" name="action" value="pay">${t.pay}</button>
<button type="submit" name="action" value="cancel">${t.cancel}</button>
</form>`
    : html`<p>${t.closed}</p><p><a href="${invoice.redirectUrl}">${t.back}</a></p>`;
  const switcher = html`<p><a href="?lang=${other}" lang="${other}">${t.switchTo}</a></p>`;
  return layout(lang, joinHtml([details, actions, switcher], ""));
}
