/** The simulator's hosted pay page, in English and Russian. Plain HTML: no script needed. */
import { escapeHtml } from "../../http/kit.js";

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

function layout(lang: PayPageLanguage, body: string): string {
  const t = TEXT[lang];
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t.title)}</title>
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
<h1>${escapeHtml(t.title)}</h1>
<p class="banner" role="note">${escapeHtml(t.banner)}</p>
${body}
</main>
</body>
</html>`;
}

export function renderPayPage(lang: PayPageLanguage, invoice: PayPageInvoice | undefined, actionPath: string): string {
  const t = TEXT[lang];
  if (!invoice) return layout(lang, `<p role="alert">${escapeHtml(t.notFound)}</p>`);
  const other: PayPageLanguage = lang === "en" ? "ru" : "en";
  const open = !["SUCCESS", "EXPIRED", "ERROR"].includes(invoice.status);
  const details = `<dl>
<dt>${escapeHtml(t.invoice)}</dt><dd>${escapeHtml(invoice.trackerId)}</dd>
<dt>${escapeHtml(t.amount)}</dt><dd>${escapeHtml(`${invoice.amount} ${invoice.fiatCurrency}`)}</dd>
<dt>${escapeHtml(t.token)}</dt><dd>${escapeHtml(invoice.token)}</dd>
<dt>${escapeHtml(t.status)}</dt><dd>${escapeHtml(invoice.status)}</dd>
</dl>`;
  const actions = open
    ? `<form method="post" action="${escapeHtml(actionPath)}" class="actions">
<input type="hidden" name="lang" value="${lang}">
<button type="submit" name="action" value="pay">${escapeHtml(t.pay)}</button>
<button type="submit" name="action" value="cancel">${escapeHtml(t.cancel)}</button>
</form>`
    : `<p>${escapeHtml(t.closed)}</p><p><a href="${escapeHtml(invoice.redirectUrl)}">${escapeHtml(t.back)}</a></p>`;
  const switcher = `<p><a href="?lang=${other}" lang="${other}">${escapeHtml(t.switchTo)}</a></p>`;
  return layout(lang, details + actions + switcher);
}
