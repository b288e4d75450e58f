/** The mails that carry a one-time code: sign-up, password reset, re-authentication. */
import type { MailLanguage } from "../language.js";
import { htmlFrame, paragraph, type RenderedMail, textBody } from "./layout.js";

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

const CODE_MAILS = {
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

export type CodeMailKind = keyof typeof CODE_MAILS;
export const CODE_MAIL_KINDS = Object.keys(CODE_MAILS) as CodeMailKind[];

const SMALL = "margin:0 0 8px;font-size:14px;line-height:1.5;color:#374151";
const CODE =
  "margin:0 0 16px;font-size:32px;font-weight:700;letter-spacing:8px;font-family:ui-monospace,Menlo,Consolas,monospace";

export function renderCodeMail(kind: CodeMailKind, language: MailLanguage, vars: CodeMailVars): RenderedMail {
  const copy: CodeMailCopy = CODE_MAILS[kind][language];
  const validity = copy.validity(vars.minutes);
  const text = textBody(
    [copy.heading, "", copy.intro, "", `    ${vars.code}`, "", validity, copy.ignore, ""],
    vars.siteUrl,
  );
  const html = htmlFrame(
    language,
    copy.subject,
    copy.heading,
    [
      paragraph(copy.intro),
      paragraph(vars.code, CODE),
      paragraph(validity, SMALL),
      paragraph(copy.ignore, `${SMALL};margin-bottom:24px`),
    ],
    vars.siteUrl,
  );
  return { subject: copy.subject, text, html };
}
