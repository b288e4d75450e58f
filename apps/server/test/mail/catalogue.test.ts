/**
 * The mail catalogue (src/mail/catalogue): every kind of mail has a subject, a text and an HTML
 * body in every language, and text that comes from outside (a customer, a payment provider, the
 * configuration) cannot add markup to the HTML, whichever kind it lands in.
 */
import { describe, expect, it } from "vitest";
import { html, joinHtml } from "../../src/html.js";
import { MAIL_CATALOGUE, MAIL_LANGUAGES, type MailKind, type MailVars, renderMail } from "../../src/mail/index.js";

/** Closes an attribute, opens an element and starts an entity: escaped, none of it survives. */
const HOSTILE = `"'><x-hostile>&amp`;
const ESCAPED = "&quot;&#39;&gt;&lt;x-hostile&gt;&amp;amp";
const siteUrl = `https://veil.example/${HOSTILE}`;

const code = { code: `0429${HOSTILE}`, minutes: 10, siteUrl };
const notice = { siteUrl };
const reminder = {
  planName: `Plan ${HOSTILE}`,
  endsAt: new Date("2026-03-04T09:00:00Z"),
  renewUrl: `https://veil.example/payment?planId=1&x=${HOSTILE}`,
  unsubscribeUrl: `https://veil.example/unsubscribe?token=${HOSTILE}`,
  siteUrl,
};

/** A sample of every kind's values, each string carrying HOSTILE (a new kind fails to compile until it has one). */
const SAMPLES: { [K in MailKind]: MailVars<K> } = {
  signup_code: code,
  recovery_code: code,
  reauthentication_code: code,
  password_changed: notice,
  two_factor_enabled: notice,
  two_factor_disabled: notice,
  two_factor_removed_by_support: notice,
  authenticator_added: notice,
  authenticator_removed: notice,
  recovery_codes_created: notice,
  recovery_codes_regenerated: notice,
  recovery_codes_removed: notice,
  payment_receipt: {
    planName: `Plan ${HOSTILE}`,
    days: 30,
    amountCents: 500,
    token: `USDT ${HOSTILE}`,
    paidAt: new Date("2026-03-01T16:45:00Z"),
    transactionId: `tx-${HOSTILE}`,
    siteUrl,
  },
  renewal_reminder_soon: reminder,
  renewal_reminder_ended: reminder,
};

const kinds = Object.keys(MAIL_CATALOGUE) as MailKind[];

describe("the mail catalogue", () => {
  it("should have a sample for every kind and only for those", () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...kinds].sort());
  });

  for (const kind of kinds) {
    it(`should render ${kind} in en and ru: a subject, a text and an HTML body, each in its language`, () => {
      const [en, ru] = MAIL_LANGUAGES.map((language) => renderMail(kind, language, SAMPLES[kind]));
      for (const [language, mail] of [
        ["en", en],
        ["ru", ru],
      ] as const) {
        expect(mail?.subject.trim(), language).not.toBe("");
        expect(mail?.text.trim(), language).not.toBe("");
        expect(mail?.html.startsWith(`<!doctype html>\n<html lang="${language}">`), language).toBe(true);
      }
      expect(ru?.subject).not.toBe(en?.subject);
      expect(ru?.text).toMatch(/[а-яё]/i);
      expect(en?.text).not.toMatch(/[а-яё]/i);
    });

    it(`should escape outside text in the HTML of ${kind} and keep it as typed in the text`, () => {
      for (const language of MAIL_LANGUAGES) {
        const mail = renderMail(kind, language, SAMPLES[kind]);
        expect(mail.html, language).not.toContain("<x-hostile>");
        expect(mail.html, language).not.toContain(`"'>`);
        expect(mail.html, language).toContain(ESCAPED);
        expect(mail.text, language).toContain(HOSTILE);
      }
    });
  }

  it("should count days with each language's plural rule", () => {
    const days = (language: "en" | "ru", n: number) =>
      renderMail("payment_receipt", language, { ...SAMPLES.payment_receipt, days: n }).text.match(
        /^(?:Days added|Добавлено дней): (.*)$/m,
      )?.[1];
    expect([1, 2, 7, 21].map((n) => days("en", n))).toEqual(["1 day", "2 days", "7 days", "21 days"]);
    expect([1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 365].map((n) => days("ru", n))).toEqual([
      "1 день",
      "2 дня",
      "4 дня",
      "5 дней",
      "11 дней",
      "12 дней",
      "14 дней",
      "21 день",
      "22 дня",
      "25 дней",
      "101 день",
      "111 дней",
      "365 дней",
    ]);
  });
});

describe("html (src/html.ts)", () => {
  it("should escape interpolated text and keep markup it built itself", () => {
    const item = html`<li title="${HOSTILE}">${HOSTILE}</li>`;
    expect(html`<ul>${joinHtml([item, item])}</ul>`.toString()).toBe(
      `<ul><li title="${ESCAPED}">${ESCAPED}</li>\n<li title="${ESCAPED}">${ESCAPED}</li></ul>`,
    );
    expect(html`<p>${1}${null}${undefined}</p>`.toString()).toBe("<p>1</p>");
  });
});
