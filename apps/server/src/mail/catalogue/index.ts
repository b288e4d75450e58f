/**
 * The mail catalogue: every kind of mail the server sends, by the name the outbox records
 * (`mail_outbox.template`), each in every supported language as a subject, a text and an HTML
 * body. HTML is built with `html` (src/html.ts), which escapes every value, so text from a customer
 * or a provider cannot add markup; plurals come from the language's own rule (Intl.PluralRules).
 * Add a kind here; mail/catalogue.test.ts then wants a sample of its values and checks both
 * languages and the escaping.
 */
import type { MailLanguage } from "../language.js";
import { CODE_MAIL_KINDS, type CodeMailVars, renderCodeMail } from "./code-mails.js";
import type { RenderedMail } from "./layout.js";
import { NOTICE_KINDS, renderNoticeMail } from "./notices.js";
import { type ReceiptMailVars, renderReceiptMail } from "./receipt.js";
import { type ReminderKind, type ReminderMailVars, renderReminderMail } from "./reminder.js";

export type { CodeMailKind, CodeMailVars } from "./code-mails.js";
export type { RenderedMail } from "./layout.js";
export type { NoticeKind } from "./notices.js";
export { formatDollars, type ReceiptMailVars } from "./receipt.js";
export type { ReminderKind, ReminderMailVars } from "./reminder.js";

type Render<V> = (language: MailLanguage, vars: V) => RenderedMail;

const byKind = <K extends string, V>(kinds: readonly K[], render: (kind: K) => Render<V>) =>
  Object.fromEntries(kinds.map((kind) => [kind, render(kind)])) as Record<K, Render<V>>;

const reminder =
  (kind: ReminderKind): Render<Omit<ReminderMailVars, "kind">> =>
  (language, vars) =>
    renderReminderMail(language, { ...vars, kind });

export const MAIL_CATALOGUE = {
  ...byKind(CODE_MAIL_KINDS, (kind) => (language, vars: CodeMailVars) => renderCodeMail(kind, language, vars)),
  ...byKind(NOTICE_KINDS, (kind) => (language, vars: { siteUrl: string }) => renderNoticeMail(kind, language, vars)),
  payment_receipt: renderReceiptMail as Render<ReceiptMailVars>,
  renewal_reminder_soon: reminder("soon"),
  renewal_reminder_ended: reminder("ended"),
};

export type MailKind = keyof typeof MAIL_CATALOGUE;
/** The values a kind of mail is rendered from. */
export type MailVars<K extends MailKind> = Parameters<(typeof MAIL_CATALOGUE)[K]>[1];

export function renderMail<K extends MailKind>(kind: K, language: MailLanguage, vars: MailVars<K>): RenderedMail {
  return (MAIL_CATALOGUE[kind] as Render<MailVars<K>>)(language, vars);
}
