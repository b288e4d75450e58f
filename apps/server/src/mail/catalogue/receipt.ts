/** The payment receipt (docs/product.md, "Receipts"). */
import { html, joinHtml } from "../../html.js";
import type { MailLanguage } from "../language.js";
import { htmlFrame, mailDate, paragraph, planName, plural, type RenderedMail, textBody } from "./layout.js";

/** What a payment receipt shows (docs/product.md, "Receipts"). */
export interface ReceiptMailVars {
  /** The plan's catalogue name, e.g. "1 Month". */
  planName: string;
  days: number;
  /** The price paid, in US cents. */
  amountCents: number;
  /** The token paid with, as shown at checkout (e.g. "USDT (TRC-20)"). */
  token: string;
  /** When the payment was credited. */
  paidAt: Date;
  /** Our transaction id (the one support asks for). */
  transactionId: string;
  siteUrl: string;
}

interface ReceiptCopy {
  subject: string;
  heading: string;
  intro: string;
  labels: { plan: string; days: string; amount: string; token: string; date: string; transaction: string };
  dayCount: (days: number) => string;
  footer: string;
}

const RECEIPT: Record<MailLanguage, ReceiptCopy> = {
  en: {
    subject: "Your Veil receipt",
    heading: "Thank you for your payment",
    intro: "Your payment was received and your subscription was extended.",
    labels: {
      plan: "Plan",
      days: "Days added",
      amount: "Amount",
      token: "Paid with",
      date: "Date",
      transaction: "Transaction ID",
    },
    dayCount: plural("en", { one: "# day", other: "# days" }),
    footer:
      "Keep this mail for your records. Questions about this payment? Write to support and give the transaction ID.",
  },
  ru: {
    subject: "Чек об оплате Veil",
    heading: "Спасибо за оплату",
    intro: "Оплата получена, подписка продлена.",
    labels: {
      plan: "Тариф",
      days: "Добавлено дней",
      amount: "Сумма",
      token: "Способ оплаты",
      date: "Дата",
      transaction: "ID транзакции",
    },
    dayCount: plural("ru", { one: "# день", few: "# дня", many: "# дней", other: "# дня" }),
    footer: "Сохраните это письмо. Если есть вопросы по оплате, напишите в поддержку и укажите ID транзакции.",
  },
};

/** Dollars with cents, the way the site shows prices: $5.00. */
export function formatDollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

const CELL = "padding:6px 0;font-size:15px;line-height:1.4;vertical-align:top";

export function renderReceiptMail(language: MailLanguage, vars: ReceiptMailVars): RenderedMail {
  const copy = RECEIPT[language];
  const date = mailDate(language, vars.paidAt);
  const rows: [string, string][] = [
    [copy.labels.plan, planName(language, vars.planName)],
    [copy.labels.days, copy.dayCount(vars.days)],
    [copy.labels.amount, formatDollars(vars.amountCents)],
    [copy.labels.token, vars.token],
    [copy.labels.date, date],
    [copy.labels.transaction, vars.transactionId],
  ];
  const text = textBody(
    [copy.heading, "", copy.intro, "", ...rows.map(([label, value]) => `${label}: ${value}`), "", copy.footer, ""],
    vars.siteUrl,
  );
  const table = html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px">
${joinHtml(
  rows.map(
    ([label, value]) =>
      html`<tr><td style="${CELL};color:#6b7280;padding-right:16px">${label}</td><td style="${CELL};font-weight:600;word-break:break-all">${value}</td></tr>`,
  ),
)}
</table>`;
  const body = htmlFrame(
    language,
    copy.subject,
    copy.heading,
    [
      paragraph(copy.intro),
      table,
      paragraph(copy.footer, "margin:0 0 24px;font-size:14px;line-height:1.5;color:#374151"),
    ],
    vars.siteUrl,
  );
  return { subject: copy.subject, text, html: body };
}
