import { randomUUID } from "node:crypto";
import {
  CRYPTO_TOKENS,
  type PaymentRow,
  type Plan,
  type PlanName,
  type SubscriptionInfo,
  type Token,
  tokenCodeSchema,
  tokenLabel,
} from "@veil/contracts";
import type { Logger } from "pino";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import type { PaymentEvents } from "../metrics/index.js";
import { type PaymentProvider, ProviderRejectedError, ProviderUnavailableError } from "./provider.js";
import type { ReceiptEnqueuer } from "./receipt.js";
import { type BeforeCommitHook, createSettlement, extendSubscription, type SettlementOutcome } from "./settlement.js";

/** A checkout step refused for a reason the customer (or the client) caused or can act on. */
export class CheckoutError extends Error {
  constructor(
    readonly code:
      | "plan-not-found"
      | "amount-mismatch"
      | "token-unavailable"
      | "transaction-not-found"
      | "transaction-not-pending"
      | "invoice-mismatch"
      | "provider-refused"
      | "provider-unavailable",
    message: string,
  ) {
    super(message);
    this.name = "CheckoutError";
  }
}

export interface PaymentsOptions {
  db: Db;
  clock: Clock;
  logger: Logger;
  provider: PaymentProvider;
  /** Name stored on each payment (e.g. "exnode" or "exnode-simulator"). */
  providerName: string;
  /** Where the provider must POST its callback (holds the secret). A function: known after listen. */
  callbackUrl: () => string;
  /** Payments with an invoice are re-checked automatically for this long after they start. */
  reconcileWindowHours?: number;
  /** Payments that never got an invoice are closed as rejected after this long. */
  abandonAfterHours?: number;
  /** Test hook, see settlement.ts. */
  beforeSettlementCommit?: BeforeCommitHook;
  /** Told of payments started and settled (metrics). */
  events?: Pick<PaymentEvents, "created" | "settled">;
  /** Receipt mail: queued in the crediting transaction, delivery kicked once it committed. */
  receipts?: { enqueue: ReceiptEnqueuer; kick(): void };
}

interface PaymentRecord {
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
  created_at: Date;
  settled_at: Date | null;
}

export interface ReconcileReport {
  checked: number;
  credited: number;
  rejected: number;
  failed: number;
  abandoned: number;
}

const DAY_MS = 86_400_000;
const MAX_INT4 = 2_147_483_647;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const toDollars = (cents: number) => cents / 100;

/** Known tokens first in the product's display order, then any others the provider adds. */
function orderTokens(codes: string[]): Token[] {
  const known = Object.keys(CRYPTO_TOKENS);
  const valid = [...new Set(codes)].filter((c) => tokenCodeSchema.safeParse(c).success);
  const rank = (c: string) => (known.includes(c) ? known.indexOf(c) : known.length);
  return valid
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((code) => ({ code, label: tokenLabel(code) }));
}

export function createPaymentsService(options: PaymentsOptions) {
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

  // The catalogue only changes through migrations, which run at start-up, so it is read once per
  // process: GET /api/plans/ then costs no database round trip (on PGlite that query was ~65% of
  // the endpoint's CPU; BENCHMARKS.md). A failed read is not remembered.
  let plans: Promise<Plan[]> | null = null;
  async function listPlans(): Promise<Plan[]> {
    plans ??= db
      .query<{ id: number; name: PlanName; price_cents: number; days: number }>(
        "SELECT id, name, price_cents, days FROM plans ORDER BY sort_order, id",
      )
      .then(({ rows }) => rows.map((r) => ({ id: r.id, name: r.name, price: toDollars(r.price_cents), days: r.days })))
      .catch((err: unknown) => {
        plans = null;
        throw err;
      });
    return (await plans).map((plan) => ({ ...plan }));
  }

  async function availableTokens(): Promise<Token[]> {
    try {
      return orderTokens(await provider.listTokens());
    } catch (err) {
      throw asCheckoutError(err, "token list");
    }
  }

  function asCheckoutError(err: unknown, what: string): CheckoutError {
    if (err instanceof CheckoutError) return err;
    if (err instanceof ProviderRejectedError && ![401, 403].includes(err.status)) {
      logger.warn({ err: err.message, status: err.status, what }, "payment provider refused");
      return new CheckoutError("provider-refused", err.message);
    }
    // 401/403 mean our keys are wrong: an outage from the customer's point of view, an alert for us.
    logger[err instanceof ProviderUnavailableError ? "warn" : "error"](
      { err: err instanceof Error ? err.message : String(err), what },
      "payment provider unavailable",
    );
    return new CheckoutError("provider-unavailable", "The payment provider is not available right now");
  }

  async function initPayment(
    customerId: string,
    request: { plan_id: number; amount: number; currency: string; payment_method: string; receipt_email?: string },
    /** The language the receipt is written in (the checkout page's). */
    receiptLanguage: string | null = null,
  ): Promise<{ transactionId: string }> {
    // An id beyond Postgres' integer range cannot name a plan (and must not reach SQL as one).
    const { rows } =
      request.plan_id > MAX_INT4
        ? { rows: [] }
        : await db.query<{ price_cents: number }>("SELECT price_cents FROM plans WHERE id = $1", [request.plan_id]);
    const plan = rows[0];
    if (!plan) throw new CheckoutError("plan-not-found", "Plan not found");
    // Exact equality with the price as the client saw it: a tampered or stale amount is refused.
    if (request.amount !== toDollars(plan.price_cents)) {
      throw new CheckoutError("amount-mismatch", "The amount does not match the plan's price");
    }
    const tokens = await availableTokens();
    if (!tokens.some((t) => t.code === request.payment_method)) {
      throw new CheckoutError("token-unavailable", "The selected token is not available right now");
    }
    const id = randomUUID();
    const now = clock.now();
    await db.query(
      `INSERT INTO payments (id, customer_id, plan_id, amount_cents, currency, token, status, provider,
                             receipt_email, receipt_language, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $9, $10, $8, $8)`,
      [
        id,
        customerId,
        request.plan_id,
        plan.price_cents,
        request.currency,
        request.payment_method,
        options.providerName,
        now,
        request.receipt_email ?? null,
        receiptLanguage,
      ],
    );
    logger.info({ paymentId: id, planId: request.plan_id, token: request.payment_method }, "payment started");
    options.events?.created();
    return { transactionId: id };
  }

  async function findOwnPayment(customerId: string, transactionId: string): Promise<PaymentRecord> {
    // Our transaction ids are UUIDs; anything else is simply not one of them.
    if (!UUID.test(transactionId)) throw new CheckoutError("transaction-not-found", "Transaction not found");
    const { rows } = await db.query<PaymentRecord>("SELECT * FROM payments WHERE id = $1 AND customer_id = $2", [
      transactionId,
      customerId,
    ]);
    // Someone else's transaction reads exactly like a missing one: nothing to learn from probing.
    if (!rows[0]) throw new CheckoutError("transaction-not-found", "Transaction not found");
    return rows[0];
  }

  /**
   * Creates the provider invoice for a pending payment and returns where to send the browser.
   * Asking again for a payment that already has an invoice returns the same invoice: one payment
   * never gets two payable invoices from us. A provider failure leaves the payment pending and
   * without an invoice, so the customer can simply try again.
   */
  async function createInvoice(
    customerId: string,
    request: {
      token: string;
      amount: number;
      fiat_currency: "USD";
      client_transaction_id: string;
      redirect_url: string;
    },
  ): Promise<{ paymentUrl: string }> {
    const payment = await findOwnPayment(customerId, request.client_transaction_id);
    if (payment.status !== "pending") {
      throw new CheckoutError("transaction-not-pending", "This payment is already closed; start a new one");
    }
    if (
      request.token !== payment.token ||
      request.amount !== toDollars(payment.amount_cents) ||
      request.fiat_currency !== payment.currency
    ) {
      throw new CheckoutError("invoice-mismatch", "Token, amount or currency differ from the started payment");
    }
    if (payment.tracker_id && payment.payment_url) return { paymentUrl: payment.payment_url };

    let created: { trackerId: string; paymentUrl: string };
    try {
      created = await provider.createInvoice({
        token: payment.token,
        amount: toDollars(payment.amount_cents),
        fiatCurrency: "USD",
        clientTransactionId: payment.id,
        redirectUrl: request.redirect_url,
        callbackUrl: options.callbackUrl(),
      });
    } catch (err) {
      throw asCheckoutError(err, "invoice");
    }
    // Only an invoice whose URL we hand out is tracked, and we hand out only the tracked one: the
    // callback may have stored this tracker id already (it can beat this reply), and of two racing
    // requests the first to store its invoice wins.
    const { rows } = await db.query<{ tracker_id: string; payment_url: string }>(
      `UPDATE payments SET tracker_id = CASE WHEN payment_url IS NULL THEN $2 ELSE tracker_id END,
              payment_url = COALESCE(payment_url, $3), updated_at = $4
        WHERE id = $1 RETURNING tracker_id, payment_url`,
      [payment.id, created.trackerId, created.paymentUrl, clock.now()],
    );
    const stored = rows[0] as { tracker_id: string; payment_url: string };
    logger.info({ paymentId: payment.id, trackerId: created.trackerId, kept: stored.tracker_id }, "invoice created");
    return { paymentUrl: stored.payment_url };
  }

  async function listPayments(customerId: string, limit = 100): Promise<PaymentRow[]> {
    const { rows } = await db.query<{
      created_at: Date;
      amount_cents: number;
      token: string;
      status: PaymentRow["status"];
    }>(
      `SELECT created_at, amount_cents, token, status FROM payments
        WHERE customer_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [customerId, limit],
    );
    return rows.map((r) => ({
      date: new Date(r.created_at).toISOString(),
      amount: toDollars(r.amount_cents),
      method: r.token,
      status: r.status,
    }));
  }

  async function subscriptionInfo(customerId: string): Promise<SubscriptionInfo> {
    const { rows } = await db.query<{ ends_at: Date; plan_name: string | null }>(
      `SELECT s.ends_at, p.name AS plan_name FROM subscriptions s LEFT JOIN plans p ON p.id = s.plan_id
        WHERE s.customer_id = $1`,
      [customerId],
    );
    const row = rows[0];
    if (!row) return { is_active: false, plan_name: null, days_left: 0 };
    const remainingMs = new Date(row.ends_at).getTime() - clock.now().getTime();
    // Rounded up: a subscription with one hour left shows 1 day, never 0.
    return {
      is_active: remainingMs > 0,
      plan_name: row.plan_name,
      days_left: remainingMs > 0 ? Math.ceil(remainingMs / DAY_MS) : 0,
    };
  }

  /**
   * The payments module's part of a customer's data export (docs/product.md §11, "Data export"):
   * the subscription, every payment (no limit, unlike the history page) and days granted by support.
   */
  async function exportCustomerData(customerId: string) {
    const subscription = await db.query<{ ends_at: Date; plan_name: string | null; updated_at: Date }>(
      `SELECT s.ends_at, p.name AS plan_name, s.updated_at FROM subscriptions s
         LEFT JOIN plans p ON p.id = s.plan_id WHERE s.customer_id = $1`,
      [customerId],
    );
    const paid = await db.query<{
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
    }>(
      `SELECT pay.id, pay.created_at, p.name AS plan_name, pay.amount_cents, pay.currency, pay.token, pay.status,
              pay.days_credited, pay.settled_at, pay.receipt_email
         FROM payments pay JOIN plans p ON p.id = pay.plan_id
        WHERE pay.customer_id = $1 ORDER BY pay.created_at DESC, pay.id DESC`,
      [customerId],
    );
    const grants = await db.query<{ days: number; created_at: Date }>(
      "SELECT days, created_at FROM subscription_grants WHERE customer_id = $1 ORDER BY created_at DESC, id DESC",
      [customerId],
    );
    const sub = subscription.rows[0];
    const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());
    return {
      subscription: sub
        ? { ...(await subscriptionInfo(customerId)), ends_at: new Date(sub.ends_at).toISOString() }
        : null,
      payments: paid.rows.map((r) => ({
        transaction_id: r.id,
        created_at: new Date(r.created_at).toISOString(),
        plan: r.plan_name,
        amount: toDollars(r.amount_cents),
        currency: r.currency,
        method: r.token,
        status: r.status,
        days_credited: r.days_credited,
        settled_at: iso(r.settled_at),
        receipt_email: r.receipt_email,
      })),
      granted_days: grants.rows.map((g) => ({ days: g.days, created_at: new Date(g.created_at).toISOString() })),
    };
  }

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
      return extendSubscription(tx, customerId, null, days, now);
    });
  }

  return {
    listPlans,
    availableTokens,
    initPayment,
    createInvoice,
    listPayments,
    subscriptionInfo,
    exportCustomerData,
    settleFromProvider,
    recheck,
    reconcile,
    grantDays,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
