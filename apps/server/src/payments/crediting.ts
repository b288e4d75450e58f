/**
 * Crediting (docs/architecture.md §3): a payment is settled only on what the provider itself says
 * about its invoice — after its callback, an operator's re-check or the reconciler's pass — and
 * support can grant days by hand. The settling transaction is settlement.ts's.
 */
import { touchCustomerAccess } from "../devices/index.js";
import type { PaymentsOptions } from "./options.js";
import { createSettlement, extendSubscription, type SettlementOutcome } from "./settlement.js";

export interface ReconcileReport {
  checked: number;
  credited: number;
  rejected: number;
  failed: number;
  abandoned: number;
}

export function createCrediting(options: PaymentsOptions) {
  const { db, clock, logger, provider } = options;
  const settlement = createSettlement({
    db,
    clock,
    logger,
    beforeCommit: options.beforeSettlementCommit,
    afterCommit: (outcome) => {
      options.events?.settled(outcome);
      if (outcome.kind === "credited") options.receipts?.kick();
    },
    ...(options.receipts ? { enqueueReceipt: options.receipts.enqueue } : {}),
  });
  const reconcileWindowMs = (options.reconcileWindowHours ?? 7 * 24) * 3_600_000;
  const abandonAfterMs = (options.abandonAfterHours ?? 24) * 3_600_000;

  /** Asks the provider about one invoice and settles on its answer (never on the caller's word). */
  async function settleFromProvider(trackerId: string): Promise<SettlementOutcome> {
    const invoice = await provider.getInvoice(trackerId);
    return settlement.apply(invoice);
  }

  /** Re-checks one payment with the provider (admin, reconciler). */
  async function recheck(paymentId: string): Promise<SettlementOutcome | { kind: "no-invoice" }> {
    const { rows } = await db.query<{ tracker_id: string | null }>("SELECT tracker_id FROM payments WHERE id = $1", [
      paymentId,
    ]);
    const row = rows[0];
    if (!row) return { kind: "unchanged", paymentId: null, reason: "unknown-payment" };
    if (!row.tracker_id) return { kind: "no-invoice" };
    return settleFromProvider(row.tracker_id);
  }

  /**
   * One reconciliation pass: re-checks pending invoices with the provider (oldest check first), so
   * a lost callback or a crash between the provider and our database costs only time. Payments
   * that never got an invoice are closed after a day: nobody was shown a way to pay them.
   */
  async function reconcile(limit = 50): Promise<ReconcileReport> {
    const now = clock.now();
    const report: ReconcileReport = { checked: 0, credited: 0, rejected: 0, failed: 0, abandoned: 0 };
    const abandoned = await db.query(
      `UPDATE payments SET status = 'rejected', provider_status = 'NO_INVOICE', settled_at = $1, updated_at = $1
        WHERE status = 'pending' AND tracker_id IS NULL AND created_at < $2 RETURNING id`,
      [now, new Date(now.getTime() - abandonAfterMs)],
    );
    report.abandoned = abandoned.rows.length;
    const { rows } = await db.query<{ id: string; tracker_id: string }>(
      `SELECT id, tracker_id FROM payments
        WHERE status = 'pending' AND tracker_id IS NOT NULL AND created_at >= $1
        ORDER BY last_checked_at NULLS FIRST, created_at LIMIT $2`,
      [new Date(now.getTime() - reconcileWindowMs), limit],
    );
    for (const row of rows) {
      report.checked++;
      try {
        const outcome = await settleFromProvider(row.tracker_id);
        if (outcome.kind === "credited") report.credited++;
        if (outcome.kind === "rejected") report.rejected++;
        if (outcome.kind === "unchanged") {
          await db.query("UPDATE payments SET last_checked_at = $2 WHERE id = $1", [row.id, clock.now()]);
        }
      } catch (err) {
        report.failed++;
        logger.warn({ paymentId: row.id, err: err instanceof Error ? err.message : String(err) }, "re-check failed");
      }
    }
    return report;
  }

  /** Adds days by hand (support). */
  async function grantDays(customerId: string, days: number, reason: string | null): Promise<Date> {
    return db.transaction(async (tx) => {
      const now = clock.now();
      await tx.query(
        "INSERT INTO subscription_grants (customer_id, days, reason, created_at) VALUES ($1, $2, $3, $4)",
        [customerId, days, reason, now],
      );
      const endsAt = await extendSubscription(tx, customerId, null, days, now);
      // Last in the transaction: the nodes' peer set follows (docs/architecture.md, "Devices").
      await touchCustomerAccess(tx, customerId, now);
      return endsAt;
    });
  }

  return { settleFromProvider, recheck, reconcile, grantDays };
}
