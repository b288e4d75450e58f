/**
 * The `subscriptions` and `subscription_grants` tables (docs/architecture.md §2): each customer's
 * end date, and the days support granted by hand.
 */
import type { Queryable } from "../../db/index.js";

/**
 * Adds `days` to the customer's subscription: from its current end while it is still running,
 * otherwise from now. One atomic upsert, so two credits for the same customer add up.
 */
export async function extendSubscription(
  tx: Queryable,
  customerId: string,
  planId: number | null,
  days: number,
  now: Date,
): Promise<Date> {
  const { rows } = await tx.query<{ ends_at: Date }>(
    `INSERT INTO subscriptions (customer_id, plan_id, ends_at, updated_at)
     VALUES ($1, $2, $3::timestamptz + make_interval(hours => $4::int * 24), $3)
     ON CONFLICT (customer_id) DO UPDATE
        SET ends_at = GREATEST(subscriptions.ends_at, $3::timestamptz) + make_interval(hours => $4::int * 24),
            plan_id = COALESCE(EXCLUDED.plan_id, subscriptions.plan_id),
            updated_at = $3
     RETURNING ends_at`,
    [customerId, planId, now, days],
  );
  return new Date((rows[0] as { ends_at: Date }).ends_at);
}

/** Records days granted by hand (the subscription itself is extended by `extendSubscription`). */
export async function insertGrant(
  tx: Queryable,
  input: { customerId: string; days: number; reason: string | null; now: Date },
): Promise<void> {
  await tx.query("INSERT INTO subscription_grants (customer_id, days, reason, created_at) VALUES ($1, $2, $3, $4)", [
    input.customerId,
    input.days,
    input.reason,
    input.now,
  ]);
}

/** Account deletion: the days granted and the subscription go. */
export async function deleteCustomerSubscription(tx: Queryable, customerId: string): Promise<void> {
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

/** The customer's subscription with its plan's name, if there is one. */
export async function findSubscription(
  q: Queryable,
  customerId: string,
): Promise<{ ends_at: Date; plan_name: string | null } | undefined> {
  const { rows } = await q.query<{ ends_at: Date; plan_name: string | null }>(
    `SELECT s.ends_at, p.name AS plan_name FROM subscriptions s LEFT JOIN plans p ON p.id = s.plan_id
        WHERE s.customer_id = $1`,
    [customerId],
  );
  return rows[0];
}

/** The same with its last change, for the data export. */
export async function subscriptionForExport(
  q: Queryable,
  customerId: string,
): Promise<{ ends_at: Date; plan_name: string | null; updated_at: Date } | undefined> {
  const { rows } = await q.query<{ ends_at: Date; plan_name: string | null; updated_at: Date }>(
    `SELECT s.ends_at, p.name AS plan_name, s.updated_at FROM subscriptions s
         LEFT JOIN plans p ON p.id = s.plan_id WHERE s.customer_id = $1`,
    [customerId],
  );
  return rows[0];
}

/** Days granted to the customer by hand, newest first. */
export async function customerGrants(q: Queryable, customerId: string): Promise<{ days: number; created_at: Date }[]> {
  const { rows } = await q.query<{ days: number; created_at: Date }>(
    "SELECT days, created_at FROM subscription_grants WHERE customer_id = $1 ORDER BY created_at DESC, id DESC",
    [customerId],
  );
  return rows;
}
