/**
 * The `payment_events` table (docs/architecture.md §2): settlement's record of each provider
 * answer about a payment, what support reads (`pnpm admin payments events`).
 */
import type { Queryable } from "../../db/index.js";

export interface NewPaymentEvent {
  paymentId: string;
  trackerId: string;
  providerStatus: string;
  outcome: string;
  detail: string | null;
  now: Date;
}

export async function insertPaymentEvent(tx: Queryable, e: NewPaymentEvent): Promise<void> {
  await tx.query(
    `INSERT INTO payment_events (payment_id, tracker_id, provider_status, outcome, detail, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
    [e.paymentId, e.trackerId, e.providerStatus, e.outcome, e.detail, e.now],
  );
}

/** Whether this outcome with this detail was already recorded for this invoice of the payment. */
export async function hasPaymentEvent(
  tx: Queryable,
  e: { paymentId: string; trackerId: string; outcome: string; detail: string },
): Promise<boolean> {
  const { rows } = await tx.query(
    `SELECT 1 FROM payment_events
        WHERE payment_id = $1 AND tracker_id = $2 AND outcome = $3 AND detail = $4 LIMIT 1`,
    [e.paymentId, e.trackerId, e.outcome, e.detail],
  );
  return rows.length > 0;
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
