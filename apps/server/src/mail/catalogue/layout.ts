/**
 * What every mail of the catalogue shares: the HTML frame (heading, body blocks, the site link),
 * paragraphs, and the plain-text footer. All HTML goes through `html`, so text is escaped wherever
 * it lands.
 */
import { html, joinHtml, type SafeHtml } from "../../html.js";
import type { MailLanguage } from "../language.js";

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const BODY = "margin:0 0 16px;font-size:16px;line-height:1.5";

export const paragraph = (text: string, style = BODY): SafeHtml => html`<p style="${style}">${text}</p>`;

/** The HTML frame every mail shares, around `blocks`. */
export function htmlFrame(
  language: MailLanguage,
  subject: string,
  heading: string,
  blocks: readonly SafeHtml[],
  siteUrl: string,
): string {
  return html`<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${subject}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="480" cellpadding="0" cellspacing="0" style="max-width:480px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<h1 style="margin:0 0 16px;font-size:22px">${heading}</h1>
${joinHtml(blocks)}
<p style="margin:0;font-size:13px;color:#6b7280"><a href="${siteUrl}" style="color:#4f46e5">Veil</a></p>
</td></tr></table>
</td></tr></table>
</body>
</html>
`.toString();
}

/** The plain-text part: `lines`, then the site, one line each. */
export const textBody = (lines: readonly string[], siteUrl: string): string =>
  [...lines, `Veil — ${siteUrl}`, ""].join("\n");

/** "1 day", "2 days"; "1 день", "2 дня", "5 дней": the language's plural rule picks the form, `#` is the number. */
export function plural(locale: string, forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }) {
  const rules = new Intl.PluralRules(locale);
  return (count: number): string => (forms[rules.select(count)] ?? forms.other).replace("#", String(count));
}

/** A plan's catalogue name ("1 Month") as the mail's language says it; an unknown name as it is. */
const PLAN_NAMES: Record<MailLanguage, Record<string, string>> = {
  en: { "1 Week": "1 Week", "1 Month": "1 Month", "6 Month": "6 Months", "1 Year": "1 Year" },
  ru: { "1 Week": "1 неделя", "1 Month": "1 месяц", "6 Month": "6 месяцев", "1 Year": "1 год" },
};
export const planName = (language: MailLanguage, name: string): string => PLAN_NAMES[language][name] ?? name;

const LOCALES: Record<MailLanguage, string> = { en: "en-GB", ru: "ru-RU" };

/** A moment as mails show it: "1 March 2026 at 16:45 UTC", "1 марта 2026 г. в 16:45 UTC". */
export const mailDate = (language: MailLanguage, at: Date): string =>
  `${new Intl.DateTimeFormat(LOCALES[language], { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(at)} UTC`;
