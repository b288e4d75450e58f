/**
 * Mail templates, in every supported language, as plain text and HTML. Add a template by adding a
 * key to `TEMPLATES` with both languages; the type system then demands both.
 */
import type { MailLanguage } from "./language.js";

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

/** Escapes text for HTML content and double- or single-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

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
} satisfies Record<string, Record<MailLanguage, NoticeCopy>>;

export type NoticeTemplate = keyof typeof NOTICES;

/** The HTML frame every mail shares; `blocks` are already-escaped inner HTML. */
function htmlFrame(
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

const paragraph = (text: string, style = "margin:0 0 16px;font-size:16px;line-height:1.5") =>
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
