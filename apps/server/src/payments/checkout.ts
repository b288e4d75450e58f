/**
 * Checkout (docs/product.md §4.6, docs/architecture.md §3): the plan list, the tokens the provider
 * offers, starting a payment and creating its provider invoice. Every refusal the customer can act
 * on is a `CheckoutError`; the product API maps its code to a reply.
 */
import { randomUUID } from "node:crypto";
import { CRYPTO_TOKENS, type Plan, type Token, tokenCodeSchema, tokenLabel } from "@veil/contracts";
import type { PaymentsOptions } from "./options.js";
import { ProviderRejectedError, ProviderUnavailableError } from "./provider.js";
import { attachInvoice, findCustomerPayment, insertPayment, type PaymentTableRow } from "./stores/payments.js";
import { listPlanRows, planPriceCents } from "./stores/plans.js";

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

const MAX_INT4 = 2_147_483_647;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The API speaks dollars; the database stores integer cents. */
export const toDollars = (cents: number) => cents / 100;

/** Known tokens first in the product's display order, then any others the provider adds. */
function orderTokens(codes: string[]): Token[] {
  const known = Object.keys(CRYPTO_TOKENS);
  const valid = [...new Set(codes)].filter((c) => tokenCodeSchema.safeParse(c).success);
  const rank = (c: string) => (known.includes(c) ? known.indexOf(c) : known.length);
  return valid
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((code) => ({ code, label: tokenLabel(code) }));
}

export function createCheckout(options: PaymentsOptions) {
  const { db, clock, logger, provider } = options;

  // The catalogue only changes through migrations, which run at start-up, so it is read once per
  // process: GET /api/plans/ then costs no database round trip (on PGlite that query was ~65% of
  // the endpoint's CPU; BENCHMARKS.md). A failed read is not remembered.
  let plans: Promise<Plan[]> | null = null;
  async function listPlans(): Promise<Plan[]> {
    plans ??= listPlanRows(db)
      .then((rows) => rows.map((r) => ({ id: r.id, name: r.name, price: toDollars(r.price_cents), days: r.days })))
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
    const priceCents = request.plan_id > MAX_INT4 ? undefined : await planPriceCents(db, request.plan_id);
    if (priceCents === undefined) throw new CheckoutError("plan-not-found", "Plan not found");
    // Exact equality with the price as the client saw it: a tampered or stale amount is refused.
    if (request.amount !== toDollars(priceCents)) {
      throw new CheckoutError("amount-mismatch", "The amount does not match the plan's price");
    }
    const tokens = await availableTokens();
    if (!tokens.some((t) => t.code === request.payment_method)) {
      throw new CheckoutError("token-unavailable", "The selected token is not available right now");
    }
    const id = randomUUID();
    const now = clock.now();
    await insertPayment(db, {
      id,
      customerId,
      planId: request.plan_id,
      amountCents: priceCents,
      currency: request.currency,
      token: request.payment_method,
      provider: options.providerName,
      now,
      receiptEmail: request.receipt_email ?? null,
      receiptLanguage,
    });
    logger.info({ paymentId: id, planId: request.plan_id, token: request.payment_method }, "payment started");
    options.events?.created();
    return { transactionId: id };
  }

  async function findOwnPayment(customerId: string, transactionId: string): Promise<PaymentTableRow> {
    // Our transaction ids are UUIDs; anything else is simply not one of them.
    if (!UUID.test(transactionId)) throw new CheckoutError("transaction-not-found", "Transaction not found");
    const payment = await findCustomerPayment(db, customerId, transactionId);
    // Someone else's transaction reads exactly like a missing one: nothing to learn from probing.
    if (!payment) throw new CheckoutError("transaction-not-found", "Transaction not found");
    return payment;
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
    const stored = await attachInvoice(db, {
      paymentId: payment.id,
      trackerId: created.trackerId,
      paymentUrl: created.paymentUrl,
      now: clock.now(),
    });
    logger.info({ paymentId: payment.id, trackerId: created.trackerId, kept: stored.tracker_id }, "invoice created");
    return { paymentUrl: stored.payment_url };
  }

  return { listPlans, availableTokens, initPayment, createInvoice };
}
