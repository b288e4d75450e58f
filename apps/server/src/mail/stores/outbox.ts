/**
 * The `mail_outbox` table (docs/architecture.md §2): every mail, written in the transaction that
 * caused it, claimed by one process at a time (a lease, `FOR UPDATE SKIP LOCKED`), marked sent or
 * retried (../outbox.ts), read back by the development mailbox (../dev-mailbox.ts).
 */
import type { Queryable } from "../../db/index.js";

export interface OutboxRow {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string;
  language: string;
  /** Extra headers as JSON text, or null. */
  headersJson: string | null;
}

/** A new mail, due at once. */
export async function insertMail(q: Queryable, mail: OutboxRow, now: Date): Promise<void> {
  await q.query(
    `INSERT INTO mail_outbox (id, to_address, subject, text_body, html_body, template, language, next_attempt_at, created_at, headers)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9)`,
    [mail.id, mail.to, mail.subject, mail.text, mail.html, mail.template, mail.language, now, mail.headersJson],
  );
}

/** Every mail to these (lower-cased) addresses, sent or not. */
export async function deleteMailTo(tx: Queryable, lowerAddresses: string[]): Promise<void> {
  await tx.query("DELETE FROM mail_outbox WHERE lower(to_address) = ANY($1::text[])", [lowerAddresses]);
}

export interface ClaimedRow {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  language: string;
  attempts: number;
  headers: Record<string, string> | null;
}

/**
 * Claims up to 20 mails due at `now` for this process until `leaseUntil`. SKIP LOCKED: several
 * server processes can share one outbox without sending twice.
 */
export async function claimDueMail(q: Queryable, now: Date, leaseUntil: Date): Promise<ClaimedRow[]> {
  const { rows } = await q.query<ClaimedRow>(
    `UPDATE mail_outbox SET next_attempt_at = $2
       WHERE id IN (
         SELECT id FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= $1
         ORDER BY next_attempt_at, created_at LIMIT 20 FOR UPDATE SKIP LOCKED)
       RETURNING id, to_address, subject, text_body, html_body, language, attempts, headers`,
    [now, leaseUntil],
  );
  return rows;
}

/** Marks a mail sent; with `redact`, its bodies and headers are blanked (codes should not outlive delivery). */
export async function markSent(q: Queryable, id: string, now: Date, redact: boolean): Promise<void> {
  await q.query(
    `UPDATE mail_outbox SET status = 'sent', sent_at = $2, attempts = attempts + 1, last_error = NULL
             ${redact ? ", text_body = '', html_body = '', headers = NULL" : ""} WHERE id = $1`,
    [id, now],
  );
}

/** Notes a failed delivery and when to try again. */
export async function markFailed(
  q: Queryable,
  id: string,
  failure: { attempts: number; retryAt: Date; error: string },
): Promise<void> {
  await q.query("UPDATE mail_outbox SET attempts = $2, next_attempt_at = $3, last_error = $4 WHERE id = $1", [
    id,
    failure.attempts,
    failure.retryAt,
    failure.error,
  ]);
}

/** Deletes mail delivered before `before`. */
export async function purgeSentBefore(q: Queryable, before: Date): Promise<void> {
  await q.query("DELETE FROM mail_outbox WHERE status = 'sent' AND sent_at < $1", [before]);
}

/** How many mails wait to be sent (the metrics gauge). */
export async function pendingMailCount(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ pending: number }>(
    "SELECT count(*)::int AS pending FROM mail_outbox WHERE status = 'pending'",
  );
  return rows[0]?.pending ?? 0;
}

/** When the oldest mail not yet sent was written, or null (the metrics gauge). */
export async function oldestPendingMailAt(q: Queryable): Promise<Date | null> {
  const { rows } = await q.query<{ oldest: Date | null }>(
    "SELECT min(created_at) AS oldest FROM mail_outbox WHERE status = 'pending'",
  );
  return rows[0]?.oldest ?? null;
}

export interface MailboxRow {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: Record<string, string> | null;
  created_at: Date;
}

/** The newest mails, to one (lower-cased) address or to all (the development mailbox). */
export async function newestMail(q: Queryable, lowerTo: string | null, limit: number): Promise<MailboxRow[]> {
  const { rows } = await q.query<MailboxRow>(
    `SELECT id, to_address, subject, text_body, html_body, headers, created_at FROM mail_outbox
     WHERE ($1::text IS NULL OR to_address = $1)
     ORDER BY created_at DESC, seq DESC LIMIT $2`,
    [lowerTo, limit],
  );
  return rows;
}
