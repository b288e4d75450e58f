/** Security notices: no code, just what happened and what to do if it was not you. */
import type { MailLanguage } from "../language.js";
import { htmlFrame, paragraph, type RenderedMail, textBody } from "./layout.js";

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

export type NoticeKind = keyof typeof NOTICES;
export const NOTICE_KINDS = Object.keys(NOTICES) as NoticeKind[];

export function renderNoticeMail(kind: NoticeKind, language: MailLanguage, vars: { siteUrl: string }): RenderedMail {
  const copy: NoticeCopy = NOTICES[kind][language];
  const text = textBody([copy.heading, "", ...copy.paragraphs.flatMap((p) => [p, ""])], vars.siteUrl);
  const html = htmlFrame(
    language,
    copy.subject,
    copy.heading,
    copy.paragraphs.map((p) => paragraph(p)),
    vars.siteUrl,
  );
  return { subject: copy.subject, text, html };
}
