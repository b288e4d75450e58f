/**
 * The `renewal_reminders` table (docs/architecture.md §2): each reminder mailed (customer, kind,
 * period end: the exactly-once key). The reminder pass's claim and insert are still in
 * ../scheduler.ts (docs/architecture.md §2.2).
 */
import type { Queryable } from "../../db/index.js";

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
