/**
 * Mail templates, in every supported language, as plain text and HTML. Add a template by adding a
 * key to `TEMPLATES` with both languages; the type system then demands both.
 */

import { escapeHtml } from "../http/kit.js";
import type { MailLanguage } from "./language.js";

export { escapeHtml };

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface CodeMailVars {
  code: string;
  /** How long the code stays valid. */
  minutes: number;
  siteUrl: string;
}

interface CodeMailCopy {
  subject: string;
  heading: string;
  intro: string;
  validity: (minutes: number) => string;
  ignore: string;
}

const TEMPLATES = {
  signup_code: {
    en: {
      subject: "Your Veil confirmation code",
      heading: "Confirm your e-mail",
      intro: "Enter this code in Veil to confirm your e-mail address:",
      validity: (m) => `The code is valid for ${m} minutes and works once.`,
      ignore: "If you did not sign up for Veil, ignore this message: no account will be activated.",
    },
    ru: {
      subject: "Код подтверждения Veil",
      heading: "Подтвердите e-mail",
      intro: "Введите этот код в Veil, чтобы подтвердить адрес электронной почты:",
      validity: (m) => `Код действует ${m} минут и только один раз.`,
      ignore: "Если вы не регистрировались в Veil, просто проигнорируйте это письмо.",
    },
  },
  recovery_code: {
    en: {
      subject: "Your Veil password reset code",
      heading: "Reset your password",
      intro: "Enter this code in Veil to set a new password:",
      validity: (m) => `The code is valid for ${m} minutes and works once.`,
      ignore: "If you did not ask to reset your password, ignore this message: your password stays the same.",
    },
    ru: {
      subject: "Код для сброса пароля Veil",
      heading: "Сброс пароля",
      intro: "Введите этот код в Veil, чтобы задать новый пароль:",
      validity: (m) => `Код действует ${m} минут и только один раз.`,
      ignore: "Если вы не запрашивали сброс пароля, просто проигнорируйте это письмо: пароль не изменится.",
    },
  },
  reauthentication_code: {
    en: {
      subject: "Your Veil code to change the password",
      heading: "Confirm it is you",
      intro: "Enter this code in Veil to confirm the change of your password:",
      validity: (m) => `The code is valid for ${m} minutes and works once.`,
      ignore:
        "If you did not try to change your password, do not share this code, and reset your password with “Forgot password” on the sign-in page.",
    },
    ru: {
      subject: "Код Veil для смены пароля",
      heading: "Подтвердите, что это вы",
      intro: "Введите этот код в Veil, чтобы подтвердить смену пароля:",
      validity: (m) => `Код действует ${m} минут и только один раз.`,
      ignore:
        "Если вы не пытались сменить пароль, никому не сообщайте этот код и сбросьте пароль через «Забыли пароль?» на странице входа.",
    },
  },
} satisfies Record<string, Record<MailLanguage, CodeMailCopy>>;

export type MailTemplate = keyof typeof TEMPLATES;

/** Security notices: no code, just what happened and what to do if it was not you. */
interface NoticeCopy {
  subject: string;
  heading: string;
  paragraphs: string[];
}

const NOTICES = {
  password_changed: {
    en: {
      subject: "Your Veil password was changed",
      heading: "Your password was changed",
      paragraphs: [
        "The password of your Veil account was just changed, and your other sessions were signed out.",
        "If you did this, there is nothing else to do. If you did not, reset your password now with “Forgot password” on the sign-in page and contact support.",
      ],
    },
    ru: {
      subject: "Пароль Veil изменён",
      heading: "Ваш пароль изменён",
      paragraphs: [
        "Пароль вашей учётной записи Veil только что изменён, остальные сеансы завершены.",
        "Если это сделали вы, больше ничего делать не нужно. Если нет — сразу сбросьте пароль через «Забыли пароль?» на странице входа и напишите в поддержку.",
      ],
    },
  },
  two_factor_enabled: {
    en: {
      subject: "Two-factor sign-in was turned on for Veil",
      heading: "Two-factor sign-in is on",
      paragraphs: [
        "An authenticator app was just set up for your Veil account: signing in now needs a code from it as well as the password.",
        "If you did this, there is nothing else to do. If you did not, someone knows your password: contact support at once.",
      ],
    },
    ru: {
      subject: "Для Veil включён вход с двухфакторной защитой",
      heading: "Двухфакторный вход включён",
      paragraphs: [
        "К вашей учётной записи Veil только что подключено приложение-аутентификатор: для входа теперь нужен код из него и пароль.",
        "Если это сделали вы, больше ничего делать не нужно. Если нет — кто-то знает ваш пароль: сразу напишите в поддержку.",
      ],
    },
  },
  two_factor_disabled: {
    en: {
      subject: "Two-factor sign-in was turned off for Veil",
      heading: "Two-factor sign-in is off",
      paragraphs: [
        "The last authenticator of your Veil account was just removed: signing in needs only the password again.",
        "If you did this, there is nothing else to do. If you did not, reset your password now with “Forgot password” on the sign-in page and contact support.",
      ],
    },
    ru: {
      subject: "Для Veil выключен вход с двухфакторной защитой",
      heading: "Двухфакторный вход выключен",
      paragraphs: [
        "Из вашей учётной записи Veil только что удалён последний аутентификатор: для входа снова нужен только пароль.",
        "Если это сделали вы, больше ничего делать не нужно. Если нет — сразу сбросьте пароль через «Забыли пароль?» на странице входа и напишите в поддержку.",
      ],
    },
  },
  two_factor_removed_by_support: {
    en: {
      subject: "Support turned off two-factor sign-in for Veil",
      heading: "Two-factor sign-in was removed by support",
      paragraphs: [
        "At a request to our support, the authenticator and recovery codes of your Veil account were removed and every device was signed out: signing in needs only the password again.",
        "If you asked for this, sign in and turn two-factor sign-in on again under Security. If you did not, reset your password now with “Forgot password” on the sign-in page and contact support.",
      ],
    },
    ru: {
      subject: "Поддержка выключила для Veil вход с двухфакторной защитой",
      heading: "Поддержка удалила двухфакторный вход",
      paragraphs: [
        "По запросу в нашу поддержку из вашей учётной записи Veil удалены аутентификатор и коды восстановления, все устройства вышли из неё: для входа снова нужен только пароль.",
        "Если вы об этом просили, войдите и снова включите двухфакторный вход в разделе «Безопасность». Если нет — сразу сбросьте пароль через «Забыли пароль?» на странице входа и напишите в поддержку.",
      ],
    },
  },
  authenticator_added: {
    en: {
      subject: "An authenticator was added to your Veil account",
      heading: "A new authenticator was added",
      paragraphs: [
        "Another authenticator app was just set up for your Veil account: a code from it now signs you in as well.",
        "If you did this, there is nothing else to do. If you did not, someone else can sign in to your account: reset your password now with “Forgot password” on the sign-in page (a new password signs every other device out), check Security in your account and contact support.",
      ],
    },
    ru: {
      subject: "К учётной записи Veil добавлен аутентификатор",
      heading: "Добавлен новый аутентификатор",
      paragraphs: [
        "К вашей учётной записи Veil только что подключено ещё одно приложение-аутентификатор: код из него теперь тоже подходит для входа.",
        "Если это сделали вы, больше ничего делать не нужно. Если нет — кто-то другой может войти в вашу учётную запись: сразу сбросьте пароль через «Забыли пароль?» на странице входа (с новым паролем все остальные устройства выйдут из учётной записи), проверьте раздел «Безопасность» и напишите в поддержку.",
      ],
    },
  },
  authenticator_removed: {
    en: {
      subject: "An authenticator was removed from your Veil account",
      heading: "An authenticator was removed",
      paragraphs: [
        "One of the authenticator apps of your Veil account was just removed: its codes no longer sign you in. Two-factor sign-in stays on with the others.",
        "If you did this, there is nothing else to do. If you did not, someone else can sign in to your account: reset your password now with “Forgot password” on the sign-in page (a new password signs every other device out), check Security in your account and contact support.",
      ],
    },
    ru: {
      subject: "Из учётной записи Veil удалён аутентификатор",
      heading: "Аутентификатор удалён",
      paragraphs: [
        "Из вашей учётной записи Veil только что удалено одно из приложений-аутентификаторов: его коды больше не подходят для входа. Двухфакторный вход остаётся включён с остальными.",
        "Если это сделали вы, больше ничего делать не нужно. Если нет — кто-то другой может войти в вашу учётную запись: сразу сбросьте пароль через «Забыли пароль?» на странице входа (с новым паролем все остальные устройства выйдут из учётной записи), проверьте раздел «Безопасность» и напишите в поддержку.",
      ],
    },
  },
  recovery_codes_created: {
    en: {
      subject: "Recovery codes were made for your Veil account",
      heading: "New recovery codes",
      paragraphs: [
        "Ten recovery codes were just made for your Veil account: each one signs you in once instead of a code from the authenticator app.",
        "If you did this, keep them somewhere safe. If you did not, someone else can sign in to your account: reset your password now with “Forgot password” on the sign-in page (a new password signs every other device out), check Security in your account and contact support.",
      ],
    },
    ru: {
      subject: "Для учётной записи Veil созданы коды восстановления",
      heading: "Новые коды восстановления",
      paragraphs: [
        "Для вашей учётной записи Veil только что созданы десять кодов восстановления: каждый один раз заменяет при входе код из приложения-аутентификатора.",
        "Если это сделали вы, сохраните их в надёжном месте. Если нет — кто-то другой может войти в вашу учётную запись: сразу сбросьте пароль через «Забыли пароль?» на странице входа (с новым паролем все остальные устройства выйдут из учётной записи), проверьте раздел «Безопасность» и напишите в поддержку.",
      ],
    },
  },
  recovery_codes_regenerated: {
    en: {
      subject: "Your Veil recovery codes were replaced",
      heading: "Your recovery codes were replaced",
      paragraphs: [
        "New recovery codes were just made for your Veil account: the codes you had before no longer work.",
        "If you did this, keep the new ones somewhere safe. If you did not, someone else can sign in to your account: reset your password now with “Forgot password” on the sign-in page (a new password signs every other device out), check Security in your account and contact support.",
      ],
    },
    ru: {
      subject: "Коды восстановления Veil заменены",
      heading: "Коды восстановления заменены",
      paragraphs: [
        "Для вашей учётной записи Veil только что созданы новые коды восстановления: прежние коды больше не действуют.",
        "Если это сделали вы, сохраните новые коды в надёжном месте. Если нет — кто-то другой может войти в вашу учётную запись: сразу сбросьте пароль через «Забыли пароль?» на странице входа (с новым паролем все остальные устройства выйдут из учётной записи), проверьте раздел «Безопасность» и напишите в поддержку.",
      ],
    },
  },
  recovery_codes_removed: {
    en: {
      subject: "Your Veil recovery codes were deleted",
      heading: "Your recovery codes were deleted",
      paragraphs: [
        "The recovery codes of your Veil account were just deleted: none of them signs you in any more.",
        "If you did this, there is nothing else to do. If you did not, someone else can sign in to your account: reset your password now with “Forgot password” on the sign-in page (a new password signs every other device out), check Security in your account and contact support.",
      ],
    },
    ru: {
      subject: "Коды восстановления Veil удалены",
      heading: "Коды восстановления удалены",
      paragraphs: [
        "Коды восстановления вашей учётной записи Veil только что удалены: ни один из них больше не подходит для входа.",
        "Если это сделали вы, больше ничего делать не нужно. Если нет — кто-то другой может войти в вашу учётную запись: сразу сбросьте пароль через «Забыли пароль?» на странице входа (с новым паролем все остальные устройства выйдут из учётной записи), проверьте раздел «Безопасность» и напишите в поддержку.",
      ],
    },
  },
} satisfies Record<string, Record<MailLanguage, NoticeCopy>>;

export type NoticeTemplate = keyof typeof NOTICES;

/** The HTML frame every mail shares; `blocks` are already-escaped inner HTML. */
export function htmlFrame(
  language: MailLanguage,
  subject: string,
  heading: string,
  blocks: string[],
  siteUrl: string,
): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="480" cellpadding="0" cellspacing="0" style="max-width:480px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<h1 style="margin:0 0 16px;font-size:22px">${e(heading)}</h1>
${blocks.join("\n")}
<p style="margin:0;font-size:13px;color:#6b7280"><a href="${e(siteUrl)}" style="color:#4f46e5">Veil</a></p>
</td></tr></table>
</td></tr></table>
</body>
</html>
`;
}

export const paragraph = (text: string, style = "margin:0 0 16px;font-size:16px;line-height:1.5") =>
  `<p style="${style}">${escapeHtml(text)}</p>`;

export function renderNoticeMail(
  template: NoticeTemplate,
  language: MailLanguage,
  vars: { siteUrl: string },
): RenderedMail {
  const copy: NoticeCopy = NOTICES[template][language];
  const text = [copy.heading, "", ...copy.paragraphs.flatMap((p) => [p, ""]), `Veil — ${vars.siteUrl}`, ""].join("\n");
  const html = htmlFrame(
    language,
    copy.subject,
    copy.heading,
    copy.paragraphs.map((p) => paragraph(p)),
    vars.siteUrl,
  );
  return { subject: copy.subject, text, html };
}

export function renderCodeMail(template: MailTemplate, language: MailLanguage, vars: CodeMailVars): RenderedMail {
  const copy: CodeMailCopy = TEMPLATES[template][language];
  const text = [
    copy.heading,
    "",
    copy.intro,
    "",
    `    ${vars.code}`,
    "",
    copy.validity(vars.minutes),
    copy.ignore,
    "",
    `Veil — ${vars.siteUrl}`,
    "",
  ].join("\n");
  const small = "margin:0 0 8px;font-size:14px;line-height:1.5;color:#374151";
  const html = htmlFrame(
    language,
    copy.subject,
    copy.heading,
    [
      paragraph(copy.intro),
      paragraph(
        vars.code,
        "margin:0 0 16px;font-size:32px;font-weight:700;letter-spacing:8px;font-family:ui-monospace,Menlo,Consolas,monospace",
      ),
      paragraph(copy.validity(vars.minutes), small),
      paragraph(copy.ignore, `${small};margin-bottom:24px`),
    ],
    vars.siteUrl,
  );
  return { subject: copy.subject, text, html };
}

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
  planNames: Record<string, string>;
  dayCount: (days: number) => string;
  /** BCP 47 locale for the date. */
  locale: string;
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
    planNames: { "1 Week": "1 Week", "1 Month": "1 Month", "6 Month": "6 Months", "1 Year": "1 Year" },
    dayCount: (d) => `${d} ${d === 1 ? "day" : "days"}`,
    locale: "en-GB",
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
    planNames: { "1 Week": "1 неделя", "1 Month": "1 месяц", "6 Month": "6 месяцев", "1 Year": "1 год" },
    dayCount: (d) => {
      const mod10 = d % 10;
      const mod100 = d % 100;
      const word =
        mod10 === 1 && mod100 !== 11
          ? "день"
          : mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)
            ? "дня"
            : "дней";
      return `${d} ${word}`;
    },
    locale: "ru-RU",
    footer: "Сохраните это письмо. Если есть вопросы по оплате, напишите в поддержку и укажите ID транзакции.",
  },
};

/** Dollars with cents, the way the site shows prices: $5.00. */
export function formatDollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

export function renderReceiptMail(language: MailLanguage, vars: ReceiptMailVars): RenderedMail {
  const copy = RECEIPT[language];
  const date = `${new Intl.DateTimeFormat(copy.locale, {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "UTC",
  }).format(vars.paidAt)} UTC`;
  const rows: [string, string][] = [
    [copy.labels.plan, copy.planNames[vars.planName] ?? vars.planName],
    [copy.labels.days, copy.dayCount(vars.days)],
    [copy.labels.amount, formatDollars(vars.amountCents)],
    [copy.labels.token, vars.token],
    [copy.labels.date, date],
    [copy.labels.transaction, vars.transactionId],
  ];
  const text = [
    copy.heading,
    "",
    copy.intro,
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
    "",
    copy.footer,
    "",
    `Veil — ${vars.siteUrl}`,
    "",
  ].join("\n");
  const e = escapeHtml;
  const cell = "padding:6px 0;font-size:15px;line-height:1.4;vertical-align:top";
  const table = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px">
${rows
  .map(
    ([label, value]) =>
      `<tr><td style="${cell};color:#6b7280;padding-right:16px">${e(label)}</td><td style="${cell};font-weight:600;word-break:break-all">${e(value)}</td></tr>`,
  )
  .join("\n")}
</table>`;
  const html = htmlFrame(
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
  return { subject: copy.subject, text, html };
}
