/**
 * Forgetting a customer's payment records when the account is deleted. The tables are this
 * module's (docs/architecture.md §2) and their statements are in stores/.
 */
import type { Queryable } from "../db/index.js";
import { detachCustomerPayments } from "./stores/payments.js";
import { deleteCustomerSubscription } from "./stores/subscriptions.js";

/**
 * Account deletion, the payments module's part (docs/architecture.md §2.1), inside the caller's
 * transaction: the subscription and the days granted by hand go; payments stay for accounting with
 * the owner link and the receipt address (the customer's personal data, perhaps not even the
 * account's address) removed; a payment credited later then mails no receipt. Runs before the customer row is deleted so that a settlement holding a
 * payment's lock is waited for here, never deadlocked with (it needs the customer row too).
 */
export async function forgetCustomerPayments(tx: Queryable, customerId: string): Promise<void> {
  await detachCustomerPayments(tx, customerId);
  await deleteCustomerSubscription(tx, customerId);
}
