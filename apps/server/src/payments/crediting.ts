/**
 * Crediting (docs/architecture.md §3): a payment is settled only on what the provider itself says
 * about its invoice — after its callback, an operator's re-check or the reconciler's pass — and
 * support can grant days by hand. The settling transaction is settlement.ts's.
 */
import { touchCustomerAccess } from "../devices/index.js";
import type { PaymentsOptions } from "./options.js";
import { createSettlement, type SettlementOutcome } from "./settlement.js";
import { markChecked, pendingInvoices, rejectUninvoiced, trackerIdOf } from "./stores/payments.js";
import { extendSubscription, insertGrant } from "./stores/subscriptions.js";

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
    const trackerId = await trackerIdOf(db, paymentId);
    if (trackerId === undefined) return { kind: "unchanged", paymentId: null, reason: "unknown-payment" };
    if (!trackerId) return { kind: "no-invoice" };
    return settleFromProvider(trackerId);
  }

  /**
   * One reconciliation pass: re-checks pending invoices with the provider (oldest check first), so
   * a lost callback or a crash between the provider and our database costs only time. Payments
   * that never got an invoice are closed after a day: nobody was shown a way to pay them.
   */
  async function reconcile(limit = 50): Promise<ReconcileReport> {
    const now = clock.now();
    const report: ReconcileReport = { checked: 0, credited: 0, rejected: 0, failed: 0, abandoned: 0 };
    report.abandoned = await rejectUninvoiced(db, now, new Date(now.getTime() - abandonAfterMs));
    const rows = await pendingInvoices(db, new Date(now.getTime() - reconcileWindowMs), limit);
    for (const row of rows) {
      report.checked++;
      try {
        const outcome = await settleFromProvider(row.tracker_id);
        if (outcome.kind === "credited") report.credited++;
        if (outcome.kind === "rejected") report.rejected++;
        if (outcome.kind === "unchanged") {
          await markChecked(db, row.id, clock.now());
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
      await insertGrant(tx, { customerId, days, reason, now });
      const endsAt = await extendSubscription(tx, customerId, null, days, now);
      // Last in the transaction: the nodes' peer set follows (docs/architecture.md, "Devices").
      await touchCustomerAccess(tx, customerId, now);
      return endsAt;
    });
  }

  return { settleFromProvider, recheck, reconcile, grantDays };
}
