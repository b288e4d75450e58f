import type { Queryable } from "../db/index.js";

/**
 * Account deletion, the reminders module's part (docs/architecture.md §2.1): the record of
 * reminders mailed and the opt-out, inside the caller's transaction. Runs after the payments
 * module removed the subscription, so a reminder pass holding that subscription is waited for.
 */
export async function forgetCustomerReminders(tx: Queryable, customerId: string): Promise<void> {
  await tx.query("DELETE FROM renewal_reminders WHERE customer_id = $1", [customerId]);
  await tx.query("DELETE FROM renewal_reminder_optouts WHERE customer_id = $1", [customerId]);
}
