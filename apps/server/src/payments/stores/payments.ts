/**
 * The `payments` table (docs/architecture.md §2): one row per purchase in integer cents, its
 * provider status and tracker id, the receipt address and language. Checkout starts rows and
 * attaches the invoice (../checkout.ts); settlement locks one and changes it at most once
 * (../settlement.ts: every change here is conditional on the status, so a second settlement
 * changes nothing); the reconciler re-checks pending ones (../crediting.ts).
 */
import type { PaymentRow } from "@veil/contracts";
import type { Queryable } from "../../db/index.js";

/** A row as `SELECT *` returns it: checkout and settlement both read whole rows. */
export interface PaymentTableRow {
  id: string;
  customer_id: string | null;
  plan_id: number;
  amount_cents: number;
  currency: string;
  token: string;
  status: "pending" | "success" | "rejected";
  tracker_id: string | null;
  payment_url: string | null;
  provider_status: string | null;
  receipt_email: string | null;
  receipt_language: string | null;
  created_at: Date;
  settled_at: Date | null;
}

/** A pending payment, just started at checkout. */
export async function insertPayment(
  q: Queryable,
  input: {
    id: string;
    customerId: string;
    planId: number;
    amountCents: number;
    currency: string;
    token: string;
    provider: string;
    now: Date;
    receiptEmail: string | null;
    receiptLanguage: string | null;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO payments (id, customer_id, plan_id, amount_cents, currency, token, status, provider,
                             receipt_email, receipt_language, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $9, $10, $8, $8)`,
    [
      input.id,
      input.customerId,
      input.planId,
      input.amountCents,
      input.currency,
      input.token,
      input.provider,
      input.now,
      input.receiptEmail,
      input.receiptLanguage,
    ],
  );
}

/** One payment of this customer (another customer's reads as missing). */
export async function findCustomerPayment(
  q: Queryable,
  customerId: string,
  paymentId: string,
): Promise<PaymentTableRow | undefined> {
  const { rows } = await q.query<PaymentTableRow>("SELECT * FROM payments WHERE id = $1 AND customer_id = $2", [
    paymentId,
    customerId,
  ]);
  return rows[0];
}

/**
 * Attaches a provider invoice unless the payment already has one handed out (the first stored
 * wins); answers the invoice the payment keeps.
 */
export async function attachInvoice(
  q: Queryable,
  input: { paymentId: string; trackerId: string; paymentUrl: string; now: Date },
): Promise<{ tracker_id: string; payment_url: string }> {
  const { rows } = await q.query<{ tracker_id: string; payment_url: string }>(
    `UPDATE payments SET tracker_id = CASE WHEN payment_url IS NULL THEN $2 ELSE tracker_id END,
              payment_url = COALESCE(payment_url, $3), updated_at = $4
        WHERE id = $1 RETURNING tracker_id, payment_url`,
    [input.paymentId, input.trackerId, input.paymentUrl, input.now],
  );
  return rows[0] as { tracker_id: string; payment_url: string };
}

/** The payment's tracker id: undefined for no such payment, null before its invoice exists. */
export async function trackerIdOf(q: Queryable, paymentId: string): Promise<string | null | undefined> {
  const { rows } = await q.query<{ tracker_id: string | null }>("SELECT tracker_id FROM payments WHERE id = $1", [
    paymentId,
  ]);
  return rows[0]?.tracker_id;
}

/** Closes pending payments that never got an invoice and were started before `before`; answers how many. */
export async function rejectUninvoiced(q: Queryable, now: Date, before: Date): Promise<number> {
  const abandoned = await q.query(
    `UPDATE payments SET status = 'rejected', provider_status = 'NO_INVOICE', settled_at = $1, updated_at = $1
        WHERE status = 'pending' AND tracker_id IS NULL AND created_at < $2 RETURNING id`,
    [now, before],
  );
  return abandoned.rows.length;
}

/** Pending invoiced payments started since `since`, the longest unchecked first. */
export async function pendingInvoices(
  q: Queryable,
  since: Date,
  limit: number,
): Promise<{ id: string; tracker_id: string }[]> {
  const { rows } = await q.query<{ id: string; tracker_id: string }>(
    `SELECT id, tracker_id FROM payments
        WHERE status = 'pending' AND tracker_id IS NOT NULL AND created_at >= $1
        ORDER BY last_checked_at NULLS FIRST, created_at LIMIT $2`,
    [since, limit],
  );
  return rows;
}

/** Notes a re-check that changed nothing. */
export async function markChecked(q: Queryable, paymentId: string, now: Date): Promise<void> {
  await q.query("UPDATE payments SET last_checked_at = $2 WHERE id = $1", [paymentId, now]);
}

/** Locks a payment by our id, for settlement. */
export async function lockPaymentById(tx: Queryable, paymentId: string): Promise<PaymentTableRow | undefined> {
  const { rows } = await tx.query<PaymentTableRow>("SELECT * FROM payments WHERE id = $1 FOR UPDATE", [paymentId]);
  return rows[0];
}

/** Locks a payment by its provider invoice, for settlement. */
export async function lockPaymentByTracker(tx: Queryable, trackerId: string): Promise<PaymentTableRow | undefined> {
  const { rows } = await tx.query<PaymentTableRow>("SELECT * FROM payments WHERE tracker_id = $1 FOR UPDATE", [
    trackerId,
  ]);
  return rows[0];
}

interface ProviderAnswer {
  paymentId: string;
  providerStatus: string;
  trackerId: string;
  now: Date;
}

/** A paid invoice that must not be credited: notes the answer, leaves the payment as it is. */
export async function noteUncreditable(tx: Queryable, a: ProviderAnswer): Promise<void> {
  await tx.query(
    `UPDATE payments SET provider_status = $2, tracker_id = COALESCE(tracker_id, $3), last_checked_at = $4
            WHERE id = $1 AND status <> 'success'`,
    [a.paymentId, a.providerStatus, a.trackerId, a.now],
  );
}

/**
 * Marks the payment paid with its plan's days, unless it already is; answers the plan and days
 * credited, or undefined when another settlement got there first.
 */
export async function markCredited(
  tx: Queryable,
  a: ProviderAnswer,
): Promise<{ plan_id: number; days: number; plan_name: string } | undefined> {
  const { rows } = await tx.query<{ plan_id: number; days: number; plan_name: string }>(
    `UPDATE payments p
            SET status = 'success', provider_status = $2, tracker_id = $3, days_credited = pl.days,
                settled_at = $4, updated_at = $4, last_checked_at = $4
           FROM plans pl
          WHERE p.id = $1 AND p.status <> 'success' AND pl.id = p.plan_id
      RETURNING p.plan_id, pl.days, pl.name AS plan_name`,
    [a.paymentId, a.providerStatus, a.trackerId, a.now],
  );
  return rows[0];
}

/** Marks a pending payment rejected; answers false when it was no longer pending. */
export async function markRejected(tx: Queryable, a: ProviderAnswer): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE payments SET status = 'rejected', provider_status = $2, tracker_id = $3,
                settled_at = $4, updated_at = $4, last_checked_at = $4
          WHERE id = $1 AND status = 'pending' RETURNING id`,
    [a.paymentId, a.providerStatus, a.trackerId, a.now],
  );
  return rows.length > 0;
}

/** A pending payment's latest provider status (and its tracker id, if the callback came first). */
export async function notePending(tx: Queryable, a: ProviderAnswer): Promise<void> {
  await tx.query(
    `UPDATE payments SET provider_status = $2, tracker_id = COALESCE(tracker_id, $3), last_checked_at = $4,
              updated_at = CASE WHEN provider_status IS DISTINCT FROM $2 THEN $4 ELSE updated_at END
        WHERE id = $1 AND status = 'pending'`,
    [a.paymentId, a.providerStatus, a.trackerId, a.now],
  );
}

/** Account deletion: the payments stay for accounting without their owner and receipt address. */
export async function detachCustomerPayments(tx: Queryable, customerId: string): Promise<void> {
  await tx.query("UPDATE payments SET customer_id = NULL, receipt_email = NULL WHERE customer_id = $1", [customerId]);
}

/** The customer's payment history, newest first. */
export async function customerPaymentHistory(
  q: Queryable,
  customerId: string,
  limit: number,
): Promise<{ created_at: Date; amount_cents: number; token: string; status: PaymentRow["status"] }[]> {
  const { rows } = await q.query<{
    created_at: Date;
    amount_cents: number;
    token: string;
    status: PaymentRow["status"];
  }>(
    `SELECT created_at, amount_cents, token, status FROM payments
        WHERE customer_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [customerId, limit],
  );
  return rows;
}

export interface ExportedPaymentRow {
  id: string;
  created_at: Date;
  plan_name: string;
  amount_cents: number;
  currency: string;
  token: string;
  status: PaymentRow["status"];
  days_credited: number | null;
  settled_at: Date | null;
  receipt_email: string | null;
}

/** Every payment of the customer with its plan's name, newest first (the data export). */
export async function customerPaymentsForExport(q: Queryable, customerId: string): Promise<ExportedPaymentRow[]> {
  const { rows } = await q.query<ExportedPaymentRow>(
    `SELECT pay.id, pay.created_at, p.name AS plan_name, pay.amount_cents, pay.currency, pay.token, pay.status,
              pay.days_credited, pay.settled_at, pay.receipt_email
         FROM payments pay JOIN plans p ON p.id = pay.plan_id
        WHERE pay.customer_id = $1 ORDER BY pay.created_at DESC, pay.id DESC`,
    [customerId],
  );
  return rows;
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

/** When the oldest pending payment that has an invoice was started, or null (the metrics gauge). */
export async function oldestPendingInvoiceAt(q: Queryable): Promise<Date | null> {
  const { rows } = await q.query<{ oldest: Date | null }>(
    "SELECT min(created_at) AS oldest FROM payments WHERE status = 'pending' AND tracker_id IS NOT NULL",
  );
  return rows[0]?.oldest ?? null;
}
