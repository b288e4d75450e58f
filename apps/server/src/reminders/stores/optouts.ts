/**
 * The `renewal_reminder_optouts` table (docs/architecture.md §2): who turned renewal reminders off
 * through an unsubscribe link (../unsubscribe.ts); forgotten with the account.
 */
import type { Queryable } from "../../db/index.js";

export async function hasOptedOut(q: Queryable, customerId: string): Promise<boolean> {
  const { rows } = await q.query("SELECT 1 FROM renewal_reminder_optouts WHERE customer_id = $1", [customerId]);
  return rows.length > 0;
}

/** Records the opt-out; answers false when it was already there. */
export async function insertOptout(tx: Queryable, customerId: string, now: Date): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO renewal_reminder_optouts (customer_id, created_at) VALUES ($1, $2)
         ON CONFLICT DO NOTHING RETURNING customer_id`,
    [customerId, now],
  );
  return rows.length > 0;
}

/** When the customer turned reminders off, or undefined (the data export). */
export async function optoutOf(q: Queryable, customerId: string): Promise<{ created_at: Date } | undefined> {
  const { rows } = await q.query<{ created_at: Date }>(
    "SELECT created_at FROM renewal_reminder_optouts WHERE customer_id = $1",
    [customerId],
  );
  return rows[0];
}

/** Account deletion: the opt-out goes. */
export async function deleteOptout(tx: Queryable, customerId: string): Promise<void> {
  await tx.query("DELETE FROM renewal_reminder_optouts WHERE customer_id = $1", [customerId]);
}
