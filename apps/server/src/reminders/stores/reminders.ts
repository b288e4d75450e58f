/**
 * The `renewal_reminders` table (docs/architecture.md §2): each reminder mailed (customer, kind,
 * period end: the exactly-once key), and the reminder pass's claim of due subscriptions
 * (../scheduler.ts), which joins other modules' tables in one locking statement
 * (docs/architecture.md §2.2).
 */
import type { Queryable } from "../../db/index.js";
import type { ReminderKind } from "../../mail/index.js";

export interface DueRow {
  customer_id: string;
  email: string;
  ends_at: Date;
  plan_id: number | null;
  plan_name: string | null;
  kind: ReminderKind;
  paid_language: string | null;
  account_language: string | null;
}

/**
 * Claims (`FOR UPDATE OF s SKIP LOCKED`: other processes take other rows) up to `limit`
 * subscriptions ending in (`endedAfter`, `endsBy`] of unblocked, not opted-out customers not yet
 * reminded of this end in this kind, with what their mail needs: address, plan, and the language
 * of the last payment and of the account. The kind follows from `now`: 'ended' once the end passed.
 */
export async function claimDueSubscriptions(
  tx: Queryable,
  window: { now: Date; endedAfter: Date; endsBy: Date; limit: number },
): Promise<DueRow[]> {
  const { rows } = await tx.query<DueRow>(
    `SELECT s.customer_id, c.email, s.ends_at, s.plan_id, p.name AS plan_name,
              CASE WHEN s.ends_at <= $1 THEN 'ended' ELSE 'soon' END AS kind,
              (SELECT pm.receipt_language FROM payments pm
                WHERE pm.customer_id = s.customer_id AND pm.status = 'success'
                ORDER BY pm.settled_at DESC NULLS LAST LIMIT 1) AS paid_language,
              (SELECT u.language FROM users u WHERE u.email = lower(c.email) AND u.deleted_at IS NULL) AS account_language
         FROM subscriptions s
         JOIN customers c ON c.id = s.customer_id
         LEFT JOIN plans p ON p.id = s.plan_id
        WHERE s.ends_at > $2 AND s.ends_at <= $3
          AND NOT c.blocked
          AND NOT EXISTS (SELECT 1 FROM renewal_reminder_optouts o WHERE o.customer_id = s.customer_id)
          AND NOT EXISTS (
                SELECT 1 FROM renewal_reminders r
                 WHERE r.customer_id = s.customer_id AND r.period_ends_at = s.ends_at
                   AND r.kind = CASE WHEN s.ends_at <= $1 THEN 'ended' ELSE 'soon' END)
        ORDER BY s.ends_at
        LIMIT $4
        FOR UPDATE OF s SKIP LOCKED`,
    [window.now, window.endedAfter, window.endsBy, window.limit],
  );
  return rows;
}

/** Records the reminder; false when one of this kind for this end exists (another process won). */
export async function recordReminder(
  tx: Queryable,
  due: { customer_id: string; kind: ReminderKind; ends_at: Date },
  now: Date,
): Promise<boolean> {
  const claimed = await tx.query(
    `INSERT INTO renewal_reminders (customer_id, kind, period_ends_at, sent_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING RETURNING customer_id`,
    [due.customer_id, due.kind, due.ends_at, now],
  );
  return claimed.rows.length > 0;
}

/** Links the reminder to its mail in the outbox. */
export async function attachReminderMail(
  tx: Queryable,
  due: { customer_id: string; kind: ReminderKind; ends_at: Date },
  mailId: string,
): Promise<void> {
  await tx.query(
    "UPDATE renewal_reminders SET mail_id = $4 WHERE customer_id = $1 AND kind = $2 AND period_ends_at = $3",
    [due.customer_id, due.kind, due.ends_at, mailId],
  );
}

/** The reminders mailed to the customer, newest first (the data export). */
export async function mailedReminders(
  q: Queryable,
  customerId: string,
): Promise<{ kind: string; period_ends_at: Date; sent_at: Date }[]> {
  const { rows } = await q.query<{ kind: string; period_ends_at: Date; sent_at: Date }>(
    `SELECT kind, period_ends_at, sent_at FROM renewal_reminders
      WHERE customer_id = $1 ORDER BY sent_at DESC, kind`,
    [customerId],
  );
  return rows;
}

/** Account deletion: the record of reminders mailed goes. */
export async function deleteCustomerReminders(tx: Queryable, customerId: string): Promise<void> {
  await tx.query("DELETE FROM renewal_reminders WHERE customer_id = $1", [customerId]);
}
