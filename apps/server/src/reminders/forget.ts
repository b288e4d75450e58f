import type { Queryable } from "../db/index.js";
import { deleteOptout } from "./stores/optouts.js";
import { deleteCustomerReminders } from "./stores/reminders.js";

/**
 * Account deletion, the reminders module's part (docs/architecture.md §2.1): the record of
 * reminders mailed and the opt-out, inside the caller's transaction. Runs after the payments
 * module removed the subscription, so a reminder pass holding that subscription is waited for.
 */
export async function forgetCustomerReminders(tx: Queryable, customerId: string): Promise<void> {
  await deleteCustomerReminders(tx, customerId);
  await deleteOptout(tx, customerId);
}
