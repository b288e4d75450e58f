/**
 * Mail: the catalogue (every kind in en and ru, text + HTML), the outbox, and a transport (SMTP or the dev mailbox).
 * Callers enqueue inside their own transaction with `mail.enqueue(tx, …)` and call `mail.kick()`
 * once it committed; delivery happens from the outbox, with retries.
 */
import type { Hono } from "hono";
import type { Clock } from "../clock.js";
import type { Config } from "../config/index.js";
import type { Db, Queryable } from "../db/index.js";
import type { Logger } from "../logger.js";
import { type CodeMailKind, type CodeMailVars, type NoticeKind, renderMail } from "./catalogue/index.js";
import { devMailboxRoutes } from "./dev-mailbox.js";
import type { MailLanguage } from "./language.js";
import { createOutboxDispatcher, enqueueMail, type NewMail } from "./outbox.js";
import { devTransport, type MailTransport, smtpTransport } from "./transport.js";

export {
  type CodeMailKind,
  type CodeMailVars,
  formatDollars,
  MAIL_CATALOGUE,
  type MailKind,
  type MailVars,
  type NoticeKind,
  type ReceiptMailVars,
  type ReminderKind,
  type ReminderMailVars,
  type RenderedMail,
  renderMail,
} from "./catalogue/index.js";
export { listMailbox, type MailboxMessage } from "./dev-mailbox.js";
export { fromAcceptLanguage, isMailLanguage, MAIL_LANGUAGES, type MailLanguage, pickLanguage } from "./language.js";
export { forgetMailTo, type NewMail, retryDelaySeconds } from "./outbox.js";
export { oldestPendingMailAt, pendingMailCount } from "./stores/outbox.js";
export type { MailTransport, OutgoingMail } from "./transport.js";

/** Renders a notice and puts it in the outbox (inside `q`'s transaction). */
export type NoticeEnqueuer = (
  q: Queryable,
  args: { to: string; template: NoticeKind; language: MailLanguage },
) => Promise<string>;

/**
 * The notice enqueuer on its own, for processes that only write mail (the admin command line):
 * the running server's outbox dispatcher delivers what they enqueue.
 */
export function noticeEnqueuer(siteUrl: string, clock: Clock): NoticeEnqueuer {
  return (q, { to, template, language }) =>
    enqueueMail(q, { to, ...renderMail(template, language, { siteUrl }), template, language }, clock);
}

export interface Mail {
  /** Renders a code mail and puts it in the outbox (inside `q`'s transaction). */
  enqueueCodeMail(
    q: Queryable,
    args: { to: string; template: CodeMailKind; language: MailLanguage; vars: Omit<CodeMailVars, "siteUrl"> },
  ): Promise<string>;
  /** Renders a security notice (e.g. password changed) and puts it in the outbox. */
  enqueueNotice: NoticeEnqueuer;
  /** Puts an already rendered message in the outbox. */
  enqueue(q: Queryable, mail: NewMail): Promise<string>;
  /** Delivers due mail soon; call after the enqueuing transaction committed. */
  kick(): void;
  /** Delivers everything due now and waits (tests). */
  flush(): Promise<{ sent: number; failed: number }>;
  /** The /dev/mailbox routes when the dev transport is in use; undefined otherwise. */
  readonly devMailbox: Hono | undefined;
  close(): Promise<void>;
}

export function createMail(deps: {
  config: Pick<Config, "MAIL_TRANSPORT" | "SMTP_URL" | "MAIL_FROM" | "SITE_URL" | "production">;
  db: Db;
  clock: Clock;
  logger: Logger;
  /** Replaces the configured transport (tests: a failing one). */
  transport?: MailTransport;
  /** Poll for due mail (retries) every this many ms; 0 turns polling off (tests flush by hand). */
  pollMs?: number;
}): Mail {
  const { config, db, clock, logger } = deps;
  const transport =
    deps.transport ??
    (config.MAIL_TRANSPORT === "smtp"
      ? smtpTransport(config.SMTP_URL ?? "")
      : devTransport(logger.child({ module: "mail" })));
  const dispatcher = createOutboxDispatcher({
    db,
    transport,
    clock,
    logger,
    from: config.MAIL_FROM,
    redactAfterSend: transport.kind === "smtp",
  });
  const pollMs = deps.pollMs ?? 5000;
  if (pollMs > 0) dispatcher.start(pollMs);

  const enqueue: Mail["enqueue"] = (q, mail) => enqueueMail(q, mail, clock);
  return {
    enqueue,
    enqueueCodeMail: (q, { to, template, language, vars }) => {
      const rendered = renderMail(template, language, { ...vars, siteUrl: config.SITE_URL });
      return enqueue(q, { to, ...rendered, template, language });
    },
    enqueueNotice: noticeEnqueuer(config.SITE_URL, clock),
    kick: () => dispatcher.kick(),
    flush: () => dispatcher.flush(),
    devMailbox: config.MAIL_TRANSPORT === "dev" && !config.production ? devMailboxRoutes(db) : undefined,
    async close() {
      await dispatcher.stop();
      transport.close?.();
    },
  };
}
