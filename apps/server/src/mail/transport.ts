import nodemailer from "nodemailer";
import type { Logger } from "../logger.js";

export interface OutgoingMail {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  language: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on reminders). */
  headers?: Record<string, string>;
}

/** Delivers one message or throws; the outbox retries whatever throws. */
export interface MailTransport {
  readonly kind: "dev" | "smtp" | "custom";
  send(mail: OutgoingMail): Promise<void>;
  close?(): void;
}

/** SMTP through nodemailer; `url` is smtp://user:pass@host:port or smtps://… */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    kind: "smtp",
    async send(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        // Message-ID derived from the outbox id, so a retried delivery is recognisable downstream.
        messageId: `<${mail.id}@veil.outbox>`,
        headers: { ...mail.headers, "Content-Language": mail.language },
      });
    },
    close: () => transporter.close(),
  };
}

/**
 * Development: the message stays in the outbox; read it at /dev/mailbox. The log says only that it
 * arrived: addresses and codes never go to a log, in development either.
 */
export function devTransport(logger: Logger): MailTransport {
  return {
    kind: "dev",
    async send(mail) {
      logger.info({ mailId: mail.id }, "dev mailbox: mail stored (read it at /dev/mailbox)");
    },
  };
}
