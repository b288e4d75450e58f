/**
 * The renewal reminder mail (docs/product.md §11.3), in English and Russian, as text and HTML:
 * when the subscription ends, why it does not renew by itself, a link to the payment page with the
 * same plan chosen, and the one-click unsubscribe link.
 */
import { html } from "../../html.js";
import type { MailLanguage } from "../language.js";
import { htmlFrame, mailDate, paragraph, planName, type RenderedMail, textBody } from "./layout.js";

export type ReminderKind = "soon" | "ended";

export interface ReminderMailVars {
  kind: ReminderKind;
  /** The plan last bought, by its catalogue name ("1 Month"); null after days granted by support only. */
  planName: string | null;
  endsAt: Date;
  /** `/payment?planId=…` on SITE_URL. */
  renewUrl: string;
  /** The signed one-click link (`/unsubscribe?token=…` on SITE_URL). */
  unsubscribeUrl: string;
  siteUrl: string;
}

interface ReminderCopy {
  subject: Record<ReminderKind, (date: string) => string>;
  heading: Record<ReminderKind, string>;
  when: Record<ReminderKind, (date: string, plan: string | null) => string>;
  why: Record<ReminderKind, string>;
  renew: string;
  footer: string;
  unsubscribe: string;
}

const COPY: Record<MailLanguage, ReminderCopy> = {
  en: {
    subject: {
      soon: (date) => `Your Veil subscription ends on ${date}`,
      ended: () => "Your Veil subscription has ended",
    },
    heading: { soon: "Your subscription ends soon", ended: "Your subscription has ended" },
    when: {
      soon: (date, plan) => `Your Veil subscription${plan ? ` (${plan})` : ""} ends on ${date}.`,
      ended: (date, plan) =>
        `Your Veil subscription${plan ? ` (${plan})` : ""} ended on ${date}, and the VPN no longer connects.`,
    },
    why: {
      soon: "Crypto payments cannot be taken from your wallet automatically, so the subscription does not renew by itself: to stay connected, pay for the next period before then.",
      ended:
        "Crypto payments cannot be taken from your wallet automatically: pay for a new period to reconnect. Your account and payment history are kept.",
    },
    renew: "Renew now",
    footer: "You get this mail because your Veil subscription is ending. Don't want these reminders?",
    unsubscribe: "Unsubscribe",
  },
  ru: {
    subject: {
      soon: (date) => `Подписка Veil закончится ${date}`,
      ended: () => "Подписка Veil закончилась",
    },
    heading: { soon: "Подписка скоро закончится", ended: "Подписка закончилась" },
    when: {
      soon: (date, plan) => `Ваша подписка Veil${plan ? ` (тариф «${plan}»)` : ""} закончится ${date}.`,
      ended: (date, plan) =>
        `Ваша подписка Veil${plan ? ` (тариф «${plan}»)` : ""} закончилась ${date}, VPN больше не подключается.`,
    },
    why: {
      soon: "Криптовалюту нельзя списать с кошелька автоматически, поэтому подписка не продлится сама: чтобы VPN продолжал работать, оплатите следующий период до этого времени.",
      ended:
        "Криптовалюту нельзя списать с кошелька автоматически: оплатите новый период, чтобы снова подключиться. Учётная запись и история платежей сохранены.",
    },
    renew: "Продлить подписку",
    footer:
      "Вы получили это письмо, потому что ваша подписка Veil заканчивается. Не хотите получать такие напоминания?",
    unsubscribe: "Отписаться",
  },
};

const BUTTON =
  "display:inline-block;background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:8px;font-size:16px;font-weight:600;text-decoration:none";

export function renderReminderMail(language: MailLanguage, vars: ReminderMailVars): RenderedMail {
  const copy = COPY[language];
  const date = mailDate(language, vars.endsAt);
  const plan = vars.planName ? planName(language, vars.planName) : null;
  const subject = copy.subject[vars.kind](date);
  const when = copy.when[vars.kind](date, plan);
  const why = copy.why[vars.kind];
  const text = textBody(
    [
      copy.heading[vars.kind],
      "",
      when,
      "",
      why,
      "",
      `${copy.renew}: ${vars.renewUrl}`,
      "",
      copy.footer,
      `${copy.unsubscribe}: ${vars.unsubscribeUrl}`,
      "",
    ],
    vars.siteUrl,
  );
  const button = html`<p style="margin:0 0 24px"><a href="${vars.renewUrl}" style="${BUTTON}">${copy.renew}</a></p>`;
  const footer = html`<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#6b7280">${copy.footer} <a href="${vars.unsubscribeUrl}" style="color:#4f46e5">${copy.unsubscribe}</a></p>`;
  const body = htmlFrame(
    language,
    subject,
    copy.heading[vars.kind],
    [paragraph(when), paragraph(why), button, footer],
    vars.siteUrl,
  );
  return { subject, text, html: body };
}
