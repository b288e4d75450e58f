/**
 * A customer's payment records as support sees them, and forgetting them when the account is
 * deleted. The tables are this module's (docs/architecture.md §2); checkout and settlement live in
 * service.ts and settlement.ts.
 */
import type { Queryable } from "../db/index.js";

/**
 * Account deletion, the payments module's part (docs/architecture.md §2.1), inside the caller's
 * transaction: the subscription and the days granted by hand go; payments stay for accounting with
 * the owner link and the receipt address (the customer's personal data, perhaps not even the
 * account's address) removed; a payment credited later then mails no receipt. Runs before the customer row is deleted so that a settlement holding a
 * payment's lock is waited for here, never deadlocked with (it needs the customer row too).
 */
export async function forgetCustomerPayments(tx: Queryable, customerId: string): Promise<void> {
  await tx.query("UPDATE payments SET customer_id = NULL, receipt_email = NULL WHERE customer_id = $1", [customerId]);
  await tx.query("DELETE FROM subscription_grants WHERE customer_id = $1", [customerId]);
  await tx.query("DELETE FROM subscriptions WHERE customer_id = $1", [customerId]);
}

/** When each of these customers' subscriptions ends; customers without one are absent. */
export async function subscriptionEnds(q: Queryable, customerIds: string[]): Promise<Map<string, Date>> {
  if (customerIds.length === 0) return new Map();
  const { rows } = await q.query<{ customer_id: string; ends_at: Date }>(
    "SELECT customer_id, ends_at FROM subscriptions WHERE customer_id = ANY($1::text[])",
    [customerIds],
  );
  return new Map(rows.map((r) => [r.customer_id, r.ends_at]));
}

export interface PaymentRecord {
  id: string;
  created_at: Date;
  plan: string;
  /** Dollars, as Postgres' numeric text (e.g. "5.0000000000000000"). */
  usd: string;
  token: string;
  status: string;
  provider_status: string | null;
  tracker_id: string | null;
  settled_at: Date | null;
}

/** A customer's payments, newest first, with everything support asks about. */
export async function customerPaymentRecords(
  q: Queryable,
  customerId: string,
  limit: number,
): Promise<PaymentRecord[]> {
  const { rows } = await q.query<PaymentRecord>(
    `SELECT p.id, p.created_at, pl.name AS plan, p.amount_cents / 100.0 AS usd, p.token, p.status, p.provider_status,
            p.tracker_id, p.settled_at
       FROM payments p JOIN plans pl ON pl.id = p.plan_id
      WHERE p.customer_id = $1 ORDER BY p.created_at DESC LIMIT $2`,
    [customerId, limit],
  );
  return rows;
}

export interface PaymentEventRecord {
  created_at: Date;
  outcome: string;
  provider_status: string | null;
  tracker_id: string | null;
  detail: string | null;
}

/** What happened to one payment, oldest first (settlement's record of each provider answer). */
export async function paymentEventRecords(q: Queryable, paymentId: string): Promise<PaymentEventRecord[]> {
  const { rows } = await q.query<PaymentEventRecord>(
    "SELECT created_at, outcome, provider_status, tracker_id, detail FROM payment_events WHERE payment_id = $1 ORDER BY id",
    [paymentId],
  );
  return rows;
}
