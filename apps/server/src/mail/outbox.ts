/**
 * The mail outbox: every message is inserted here (inside the caller's transaction, so it exists
 * exactly when the change that caused it does) and delivered from here. Delivery failures are
 * retried with back-off, forever: a message is never dropped.
 */
import { randomUUID } from "node:crypto";
import type { Clock } from "../clock.js";
import type { Db, Queryable } from "../db/index.js";
import type { Logger } from "../logger.js";
import type { MailLanguage } from "./language.js";
import {
  type ClaimedRow,
  claimDueMail,
  deleteMailTo,
  insertMail,
  markFailed,
  markSent,
  purgeSentBefore,
} from "./stores/outbox.js";
import type { MailTransport } from "./transport.js";

export interface NewMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string;
  language: MailLanguage;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058) on reminders. */
  headers?: Record<string, string>;
}

export async function enqueueMail(q: Queryable, mail: NewMail, clock: Clock): Promise<string> {
  const id = randomUUID();
  const now = clock.now();
  await insertMail(
    q,
    {
      id,
      to: mail.to.toLowerCase(),
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      template: mail.template,
      language: mail.language,
      headersJson: mail.headers ? JSON.stringify(mail.headers) : null,
    },
    now,
  );
  return id;
}

/**
 * Account deletion, the mail module's part (docs/architecture.md §2.1): every message to these
 * addresses, sent or not, goes inside the caller's transaction. Addresses are compared in lower
 * case, as they are stored.
 */
export async function forgetMailTo(tx: Queryable, addresses: string[]): Promise<void> {
  const lower = [...new Set(addresses.map((a) => a.toLowerCase()))];
  await deleteMailTo(tx, lower);
}

/** Seconds before retry number `attempts` (1, 2, …): 10 s doubling, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(10 * 2 ** Math.max(0, attempts - 1), 3600);
}

/** Delivered mail is deleted after this many days (ASVS 14.2.7: keep personal data no longer than needed). */
export const SENT_MAIL_RETENTION_DAYS = 30;

/** How long a claimed message is reserved for one process before another may try it. */
const LEASE_SECONDS = 120;

export interface OutboxDispatcher {
  /** Delivers every message that is due now; resolves when done (tests call this). */
  flush(): Promise<{ sent: number; failed: number }>;
  /** Asks for a flush soon (after the enqueuing transaction committed). */
  kick(): void;
  /** Starts polling for due messages (retries, and mail enqueued by other processes). */
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

export function createOutboxDispatcher(deps: {
  db: Db;
  transport: MailTransport;
  clock: Clock;
  logger: Logger;
  from: string;
  /** Blank the stored bodies once delivered (codes should not outlive their delivery). */
  redactAfterSend: boolean;
}): OutboxDispatcher {
  const { db, transport, clock, logger } = deps;
  let running: Promise<{ sent: number; failed: number }> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  async function claimBatch(): Promise<ClaimedRow[]> {
    const now = clock.now();
    const lease = new Date(now.getTime() + LEASE_SECONDS * 1000);
    // SKIP LOCKED: several server processes can share one outbox without sending twice.
    return claimDueMail(db, now, lease);
  }

  async function deliverDue(): Promise<{ sent: number; failed: number }> {
    let sent = 0;
    let failed = 0;
    for (;;) {
      const batch = await claimBatch();
      if (batch.length === 0) break;
      for (const row of batch) {
        try {
          await transport.send({
            id: row.id,
            from: deps.from,
            to: row.to_address,
            subject: row.subject,
            text: row.text_body,
            html: row.html_body,
            language: row.language,
            ...(row.headers ? { headers: row.headers } : {}),
          });
          await markSent(db, row.id, clock.now(), deps.redactAfterSend);
          sent++;
        } catch (err) {
          const attempts = row.attempts + 1;
          const next = new Date(clock.now().getTime() + retryDelaySeconds(attempts) * 1000);
          const message = err instanceof Error ? err.message : String(err);
          await markFailed(db, row.id, { attempts, retryAt: next, error: message.slice(0, 1000) });
          logger.warn(
            { mailId: row.id, attempts, retryAt: next.toISOString(), err: message },
            "mail delivery failed; will retry",
          );
          failed++;
        }
      }
      // A failed message is leased into the future, so the loop ends once everything due was tried.
    }
    return { sent, failed };
  }

  let lastPurge = Number.NEGATIVE_INFINITY;
  /** At most hourly: drop delivered mail past retention. Pending mail is never deleted. */
  async function purgeOld(): Promise<void> {
    const now = clock.now().getTime();
    if (now - lastPurge < 3_600_000) return;
    lastPurge = now;
    await purgeSentBefore(db, new Date(now - SENT_MAIL_RETENTION_DAYS * 86_400_000));
  }

  function flush(): Promise<{ sent: number; failed: number }> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = { sent: 0, failed: 0 };
      // A flush asked for while this one runs (new mail, a caller waiting for the outbox) sets
      // `again` and gets this promise, so it must be honoured up to the very end: the purge is
      // inside the loop (it was after it, and a request arriving during the purge was lost).
      do {
        again = false;
        const r = await deliverDue();
        total = { sent: total.sent + r.sent, failed: total.failed + r.failed };
        await purgeOld();
      } while (again);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const flushQuietly = () => {
    if (stopped) return;
    flush().catch((err) => logger.error({ err }, "mail outbox flush failed"));
  };

  return {
    flush,
    kick: () => setImmediate(flushQuietly),
    start(intervalMs = 5000) {
      if (timer) return;
      timer = setInterval(flushQuietly, intervalMs);
      timer.unref();
      flushQuietly();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => {});
    },
  };
}
