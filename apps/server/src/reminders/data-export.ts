import type { Queryable } from "../db/index.js";

/**
 * The reminders' part of a data export (docs/product.md §11.2): whether the customer turned
 * renewal reminders off (and when), and the reminders mailed to them. Looked up by the caller's
 * own customer id only. The unsubscribe link itself is a key, not data: it stays out.
 */
export async function exportReminders(db: Queryable, customerId: string) {
  const optout = await db.query<{ created_at: Date }>(
    "SELECT created_at FROM renewal_reminder_optouts WHERE customer_id = $1",
    [customerId],
  );
  const mailed = await db.query<{ kind: string; period_ends_at: Date; sent_at: Date }>(
    `SELECT kind, period_ends_at, sent_at FROM renewal_reminders
      WHERE customer_id = $1 ORDER BY sent_at DESC, kind`,
    [customerId],
  );
  const off = optout.rows[0];
  return {
    unsubscribed: off !== undefined,
    unsubscribed_at: off ? new Date(off.created_at).toISOString() : null,
    mailed: mailed.rows.map((r) => ({
      kind: r.kind,
      period_ends_at: new Date(r.period_ends_at).toISOString(),
      sent_at: new Date(r.sent_at).toISOString(),
    })),
  };
}
