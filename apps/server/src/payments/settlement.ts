import type { Logger } from "pino";
import type { Clock } from "../clock.js";
import type { Db, Queryable } from "../db/index.js";
import { touchCustomerAccess } from "../devices/index.js";
import type { ProviderInvoice } from "./provider.js";
import type { ReceiptEnqueuer } from "./receipt.js";
import { hasPaymentEvent, insertPaymentEvent } from "./stores/payment-events.js";
import {
  lockPaymentById,
  lockPaymentByTracker,
  markCredited,
  markRejected,
  notePending,
  noteUncreditable,
  type PaymentTableRow,
} from "./stores/payments.js";
import { extendSubscription } from "./stores/subscriptions.js";

/**
 * Settlement: turns one provider answer about one invoice into at most one change of our books.
 *
 * Exactly once comes from two independent guards inside one transaction:
 * 1. the payment row is locked (`SELECT … FOR UPDATE`), so concurrent settlements of the same
 *    payment queue behind each other on Postgres (PGlite runs transactions one at a time anyway);
 * 2. every state change is a conditional update (`… WHERE status <> 'success'`), so even without
 *    the lock a second settlement finds nothing to change and credits nothing.
 * The subscription is extended in the same transaction as the payment flips to success, so a crash
 * leaves either both or neither; the reconciler then finds the payment still pending and retries.
 * The receipt mail is put in the outbox in that same transaction, so it too exists exactly once.
 */

export type SettlementOutcome =
  | { kind: "credited"; paymentId: string; customerId: string | null; days: number; endsAt: Date | null }
  | { kind: "rejected"; paymentId: string }
  | { kind: "unchanged"; paymentId: string | null; reason: UnchangedReason };

export type UnchangedReason =
  | "unknown-payment"
  | "already-settled"
  | "not-final"
  | "partially-paid"
  | "mismatch"
  | "other-invoice"
  | "duplicate-payment"
  | "incomplete-invoice"
  | "underpaid";

const REJECTING = new Set(["EXPIRED", "ERROR"]);

/** Hook for the crash test: runs inside the settlement transaction just before it commits. */
export type BeforeCommitHook = (outcome: SettlementOutcome) => void;

export interface SettlementDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  beforeCommit?: BeforeCommitHook;
  /** Told every outcome once its transaction committed (metrics, the outbox kick). */
  afterCommit?: (outcome: SettlementOutcome) => void;
  /** Queues the receipt of a credited payment inside the crediting transaction. */
  enqueueReceipt?: ReceiptEnqueuer;
}

/** Finds the payment an invoice belongs to: our id travels as client_transaction_id. */
async function lockPayment(tx: Queryable, invoice: ProviderInvoice): Promise<PaymentTableRow | undefined> {
  if (invoice.clientTransactionId) {
    const payment = await lockPaymentById(tx, invoice.clientTransactionId);
    if (payment) return payment;
  }
  return lockPaymentByTracker(tx, invoice.trackerId);
}

/** Why an invoice does not describe this payment, or undefined when it does. */
function mismatchOf(payment: PaymentTableRow, invoice: ProviderInvoice): string | undefined {
  if (invoice.clientTransactionId && invoice.clientTransactionId !== payment.id) {
    return `client_transaction_id ${invoice.clientTransactionId} ≠ ${payment.id}`;
  }
  if (invoice.token && invoice.token !== payment.token) return `token ${invoice.token} ≠ ${payment.token}`;
  if (invoice.fiatCurrency && invoice.fiatCurrency.toUpperCase() !== payment.currency) {
    return `currency ${invoice.fiatCurrency} ≠ ${payment.currency}`;
  }
  if (invoice.fiatAmount !== null && Math.round(invoice.fiatAmount * 100) !== payment.amount_cents) {
    return `amount ${invoice.fiatAmount} ≠ ${payment.amount_cents / 100}`;
  }
  return undefined;
}

/**
 * Why a paid (SUCCESS) invoice must not be credited although its status says so, or undefined.
 * The status alone is not proof of payment: the invoice must name our transaction, its amount and
 * currency (so `mismatchOf` could compare them), and the fiat amount actually paid, where the
 * provider reports it, must cover the price. Amounts are compared in cents.
 */
function creditBlockerOf(
  payment: PaymentTableRow,
  invoice: ProviderInvoice,
): { reason: "incomplete-invoice" | "underpaid"; detail: string } | undefined {
  const missing = [
    invoice.clientTransactionId ? null : "client_transaction_id",
    invoice.fiatAmount === null ? "fiat_amount" : null,
    invoice.fiatCurrency ? null : "fiat_currency",
  ].filter((field) => field !== null);
  if (missing.length > 0) return { reason: "incomplete-invoice", detail: `missing ${missing.join(", ")}` };
  if (invoice.fiatPayedAmount !== null && Math.round(invoice.fiatPayedAmount * 100) < payment.amount_cents) {
    return {
      reason: "underpaid",
      detail: `paid ${invoice.fiatPayedAmount} ${invoice.fiatCurrency} of ${payment.amount_cents / 100}`,
    };
  }
  return undefined;
}

export function createSettlement({ db, clock, logger, beforeCommit, afterCommit, enqueueReceipt }: SettlementDeps) {
  async function recordEvent(
    tx: Queryable,
    paymentId: string,
    invoice: ProviderInvoice,
    outcome: string,
    detail: string | null,
  ) {
    await insertPaymentEvent(tx, {
      paymentId,
      trackerId: invoice.trackerId,
      providerStatus: invoice.status,
      outcome,
      detail,
      now: clock.now(),
    });
  }

  async function hasEvent(
    tx: Queryable,
    paymentId: string,
    invoice: ProviderInvoice,
    outcome: string,
    detail: string,
  ): Promise<boolean> {
    return hasPaymentEvent(tx, { paymentId, trackerId: invoice.trackerId, outcome, detail });
  }

  async function settleWithin(tx: Queryable, invoice: ProviderInvoice): Promise<SettlementOutcome> {
    const now = clock.now();
    const payment = await lockPayment(tx, invoice);
    if (!payment) return { kind: "unchanged", paymentId: null, reason: "unknown-payment" };
    const answer = { paymentId: payment.id, providerStatus: invoice.status, trackerId: invoice.trackerId, now };

    const mismatch = mismatchOf(payment, invoice);
    if (mismatch) {
      // Our server created this invoice with our payment's values; a difference means something
      // is wrong at the provider or in between. Credit nothing; support sees the event.
      await recordEvent(tx, payment.id, invoice, "mismatch", mismatch);
      return { kind: "unchanged", paymentId: payment.id, reason: "mismatch" };
    }

    // An invoice other than the one we stored: created by a retry whose first answer was lost.
    const otherInvoice = payment.tracker_id !== null && payment.tracker_id !== invoice.trackerId;
    if (otherInvoice && invoice.status !== "SUCCESS") {
      // Its expiry must not reject the payment the customer is actually paying.
      return { kind: "unchanged", paymentId: payment.id, reason: "other-invoice" };
    }

    if (payment.status === "success") {
      if (otherInvoice) {
        // Paid twice for one purchase: never credit twice; flag it loudly for a refund.
        await recordEvent(tx, payment.id, invoice, "duplicate-payment", "a second invoice was paid; refund it");
        logger.error({ paymentId: payment.id, trackerId: invoice.trackerId }, "second invoice paid for one payment");
        return { kind: "unchanged", paymentId: payment.id, reason: "duplicate-payment" };
      }
      return { kind: "unchanged", paymentId: payment.id, reason: "already-settled" };
    }

    if (invoice.status === "SUCCESS") {
      const blocker = creditBlockerOf(payment, invoice);
      if (blocker) {
        // Credit nothing; the payment stays pending for support to look at (admin: payment
        // events, then grant days or refund). Recorded once, not on every reconciler pass.
        await noteUncreditable(tx, answer);
        if (!(await hasEvent(tx, payment.id, invoice, blocker.reason, blocker.detail))) {
          await recordEvent(tx, payment.id, invoice, blocker.reason, blocker.detail);
          logger.error(
            { paymentId: payment.id, trackerId: invoice.trackerId, reason: blocker.reason, detail: blocker.detail },
            "paid invoice not credited: support must look at it",
          );
        }
        return { kind: "unchanged", paymentId: payment.id, reason: blocker.reason };
      }
      // `rejected` may still turn into success: crypto can arrive after the invoice expired.
      const credited = await markCredited(tx, answer);
      if (!credited) return { kind: "unchanged", paymentId: payment.id, reason: "already-settled" };
      let endsAt: Date | null = null;
      if (payment.customer_id) {
        endsAt = await extendSubscription(tx, payment.customer_id, credited.plan_id, credited.days, now);
      }
      await recordEvent(tx, payment.id, invoice, "credited", `${credited.days} days`);
      await enqueueReceipt?.(tx, {
        id: payment.id,
        customerId: payment.customer_id,
        receiptEmail: payment.receipt_email,
        receiptLanguage: payment.receipt_language,
        planName: credited.plan_name,
        days: credited.days,
        amountCents: payment.amount_cents,
        token: payment.token,
        paidAt: now,
      });
      // Last in the transaction: the nodes' peer set follows (docs/architecture.md, "Devices").
      if (payment.customer_id) await touchCustomerAccess(tx, payment.customer_id, now);
      return { kind: "credited", paymentId: payment.id, customerId: payment.customer_id, days: credited.days, endsAt };
    }

    if (payment.status === "rejected") return { kind: "unchanged", paymentId: payment.id, reason: "already-settled" };

    if (REJECTING.has(invoice.status)) {
      if (!(await markRejected(tx, answer)))
        return { kind: "unchanged", paymentId: payment.id, reason: "already-settled" };
      await recordEvent(tx, payment.id, invoice, "rejected", null);
      return { kind: "rejected", paymentId: payment.id };
    }

    // Not final (CREATED, PAYMENT, ACCEPTED, PARTIALLYPAID or something new): stay pending.
    // Store the tracker id if the callback beat the invoice-creation reply to the database.
    await notePending(tx, answer);
    if (payment.provider_status !== invoice.status) {
      const paid = invoice.fiatPayedAmount ?? invoice.payedAmount;
      await recordEvent(tx, payment.id, invoice, "pending", paid !== null ? `paid so far: ${paid}` : null);
    }
    const reason = invoice.status === "PARTIALLYPAID" ? "partially-paid" : "not-final";
    return { kind: "unchanged", paymentId: payment.id, reason };
  }

  /** Applies the provider's answer about one invoice. Safe to call any number of times, concurrently. */
  async function apply(invoice: ProviderInvoice): Promise<SettlementOutcome> {
    const outcome = await db.transaction(async (tx) => {
      const result = await settleWithin(tx, invoice);
      beforeCommit?.(result);
      return result;
    });
    afterCommit?.(outcome);
    if (outcome.kind === "credited") {
      logger.info(
        { paymentId: outcome.paymentId, days: outcome.days, endsAt: outcome.endsAt?.toISOString() },
        "payment credited",
      );
    } else if (outcome.kind === "rejected") {
      logger.info({ paymentId: outcome.paymentId, status: invoice.status }, "payment rejected");
    }
    return outcome;
  }

  return { apply };
}
