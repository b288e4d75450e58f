import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createSettlement } from "../../src/payments/settlement.js";
import {
  api,
  checkout,
  createUser,
  profileUrl,
  settleInvoice,
  simulatorSwitches,
  type TestUser,
} from "../helpers/product.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Money correctness: every way a payment can be confirmed twice, early, late, by the wrong party or
 * not at all, against the real server and the gateway simulator. Timeouts: provider-timeouts.test.ts.
 */
let app: TestApp;
beforeAll(async () => {
  // Months pass on the test clock with one session per user: session limits off (see session-expiry.test.ts).
  app = await startTestApp({
    env: {
      RECONCILE_INTERVAL_SECONDS: "0",
      AUTH_SESSION_TIMEBOX_SECONDS: "0",
      AUTH_SESSION_INACTIVITY_TIMEOUT_SECONDS: "0",
    },
  });
}, 60_000);
afterAll(async () => app?.close());
afterEach(async () => simulatorSwitches(app, { reset: true }));

const payments = () => app.services.payments.service;
const callbackUrl = () => `${app.url}/api/exnode/callback/${app.config.EXNODE_CALLBACK_SECRET}`;
const postCallback = (trackerId: string) =>
  fetch(callbackUrl(), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ tracker_id: trackerId }),
  });
const info = async (user: TestUser) => (await api(app, "GET", "/subscription/web/info", { user })).body;
const history = async (user: TestUser) => (await api(app, "GET", "/payment/web/all", { user })).body;
async function creditedEvents(transactionId: string): Promise<number> {
  const { rows } = await app.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM payment_events WHERE payment_id = $1 AND outcome = 'credited'",
    [transactionId],
  );
  return rows[0]?.n ?? 0;
}
async function newUser() {
  const user = await createUser(app);
  await api(app, "POST", "/user/web/register", { user, body: { email: user.email } });
  return user;
}

describe("exactly once", () => {
  it("should credit once under 50 concurrent identical callbacks racing two reconciler passes", async () => {
    const user = await newUser();
    const { trackerId, transactionId } = await checkout(app, user); // 1 Month
    await simulatorSwitches(app, { callbacks: false });
    await settleInvoice(app, trackerId, "SUCCESS");

    const results = await Promise.all([
      ...Array.from({ length: 50 }, () => postCallback(trackerId).then((r) => r.status)),
      payments().reconcile(),
      payments().reconcile(),
    ]);
    expect(results.slice(0, 50).every((s) => s === 200)).toBe(true);
    expect(await info(user)).toEqual({ is_active: true, plan_name: "1 Month", days_left: 30 });
    expect(await creditedEvents(transactionId)).toBe(1);
    expect((await history(user)).map((p: { status: string }) => p.status)).toEqual(["success"]);
  });

  it("should ignore a callback replayed days later", async () => {
    const user = await newUser();
    const { trackerId } = await checkout(app, user, 1); // 1 Week
    await settleInvoice(app, trackerId, "SUCCESS");
    app.clock.advance({ hours: 3 * 24 });
    expect((await postCallback(trackerId)).status).toBe(200);
    expect((await postCallback(trackerId)).status).toBe(200);
    expect((await info(user)).days_left).toBe(4);
  });

  it("should extend from the current end while active, and from now after expiry", async () => {
    const user = await newUser();
    await settleInvoice(app, (await checkout(app, user, 2)).trackerId, "SUCCESS");
    await settleInvoice(app, (await checkout(app, user, 1)).trackerId, "SUCCESS");
    expect(await info(user)).toEqual({ is_active: true, plan_name: "1 Week", days_left: 37 });
    app.clock.advance({ hours: 40 * 24 });
    expect((await info(user)).is_active).toBe(false);
    await settleInvoice(app, (await checkout(app, user, 1)).trackerId, "SUCCESS");
    expect(await info(user)).toEqual({ is_active: true, plan_name: "1 Week", days_left: 7 });
  });
});

describe("the provider's word, not the caller's", () => {
  it("should credit nothing for a callback while the invoice is unpaid", async () => {
    const user = await newUser();
    const { trackerId } = await checkout(app, user);
    expect((await postCallback(trackerId)).status).toBe(200);
    expect((await info(user)).is_active).toBe(false);
    expect((await history(user))[0].status).toBe("pending");
  });

  it("should refuse to credit an invoice whose amount differs from the payment (tampering)", async () => {
    const user = await newUser();
    const { transactionId, trackerId } = await checkout(app, user, 4); // $45
    const settlement = createSettlement({ db: app.db, clock: app.clock, logger: app.services.logger });
    const outcome = await settlement.apply({
      trackerId,
      status: "SUCCESS",
      clientTransactionId: transactionId,
      token: "USDTTRC",
      fiatAmount: 2,
      fiatCurrency: "USD",
      payedAmount: 2,
      fiatPayedAmount: 2,
    });
    expect(outcome).toEqual({ kind: "unchanged", paymentId: transactionId, reason: "mismatch" });
    expect((await info(user)).is_active).toBe(false);
    const { rows } = await app.db.query("SELECT outcome FROM payment_events WHERE payment_id = $1", [transactionId]);
    expect(rows).toEqual([{ outcome: "mismatch" }]);
  });

  it("should credit nothing for a SUCCESS that paid less than the price, and record it once for support", async () => {
    const user = await newUser();
    const { transactionId, trackerId } = await checkout(app, user, 4); // 1 Year, $45
    // The gateway says SUCCESS, but only one cent arrived.
    const settled = await settleInvoice(app, trackerId, "SUCCESS", 0.01);
    expect(settled.callback).toBe("HTTP 200");
    await payments().reconcile();
    await payments().reconcile();
    expect((await info(user)).is_active).toBe(false);
    expect((await history(user))[0].status).toBe("pending");
    const { rows } = await app.db.query("SELECT outcome, detail FROM payment_events WHERE payment_id = $1", [
      transactionId,
    ]);
    expect(rows).toEqual([{ outcome: "underpaid", detail: "paid 0.01 USD of 45" }]);
  });

  it("should credit a SUCCESS whose paid fiat amount covers the price", async () => {
    const user = await newUser();
    const { trackerId } = await checkout(app, user, 2); // 1 Month, $5
    await settleInvoice(app, trackerId, "SUCCESS", 5);
    expect((await info(user)).days_left).toBe(30);
  });

  it.each([
    ["our transaction id", { clientTransactionId: null }, "missing client_transaction_id"],
    ["the amount", { fiatAmount: null }, "missing fiat_amount"],
    ["the currency", { fiatCurrency: null }, "missing fiat_currency"],
  ] as const)(
    "should credit nothing for a SUCCESS invoice lacking %s, and record it for support",
    async (_, gap, detail) => {
      const user = await newUser();
      const { transactionId, trackerId } = await checkout(app, user, 2); // $5
      const settlement = createSettlement({ db: app.db, clock: app.clock, logger: app.services.logger });
      const outcome = await settlement.apply({
        trackerId,
        status: "SUCCESS",
        clientTransactionId: transactionId,
        token: "USDTTRC",
        fiatAmount: 5,
        fiatCurrency: "USD",
        payedAmount: 5,
        fiatPayedAmount: 5,
        ...gap,
      });
      expect(outcome).toEqual({ kind: "unchanged", paymentId: transactionId, reason: "incomplete-invoice" });
      expect((await info(user)).is_active).toBe(false);
      const { rows } = await app.db.query("SELECT outcome, detail FROM payment_events WHERE payment_id = $1", [
        transactionId,
      ]);
      expect(rows).toEqual([{ outcome: "incomplete-invoice", detail }]);
    },
  );

  it("should credit the owner of the transaction, never whoever holds the tracker id", async () => {
    const owner = await newUser();
    const other = await newUser();
    const { trackerId } = await checkout(app, owner);
    await settleInvoice(app, trackerId, "SUCCESS");
    expect((await info(owner)).days_left).toBe(30);
    expect((await info(other)).is_active).toBe(false);
  });
});

describe("callbacks that arrive early, late or never", () => {
  it("should settle a callback that arrives before the invoice reply was stored", async () => {
    const user = await newUser();
    const init = await api(app, "POST", "/payment/web/init", {
      user,
      body: { plan_id: 2, amount: 5, currency: "USD", payment_method: "USDTTRC" },
    });
    const transactionId = init.body.transaction_id as string;
    // The provider has created the invoice, but our server has not stored its reply yet.
    const created = await app.services.payments.provider.createInvoice({
      token: "USDTTRC",
      amount: 5,
      fiatCurrency: "USD",
      clientTransactionId: transactionId,
      redirectUrl: profileUrl(app),
      callbackUrl: callbackUrl(),
    });
    const settled = await settleInvoice(app, created.trackerId, "SUCCESS");
    expect(settled.callback).toBe("HTTP 200");
    expect((await info(user)).days_left).toBe(30);
    const { rows } = await app.db.query("SELECT tracker_id, status FROM payments WHERE id = $1", [transactionId]);
    expect(rows).toEqual([{ tracker_id: created.trackerId, status: "success" }]);
  });

  it("should credit a lost callback on the next reconciler pass, once", async () => {
    const user = await newUser();
    const { trackerId, transactionId } = await checkout(app, user, 3);
    await simulatorSwitches(app, { callbacks: false });
    await settleInvoice(app, trackerId, "SUCCESS");
    expect((await info(user)).is_active).toBe(false);
    const first = await payments().reconcile();
    expect(first.credited).toBe(1);
    const second = await payments().reconcile();
    expect(second.credited).toBe(0);
    expect(await info(user)).toEqual({ is_active: true, plan_name: "6 Month", days_left: 180 });
    expect(await creditedEvents(transactionId)).toBe(1);
  });

  it("should credit crypto that arrives after the invoice expired", async () => {
    const user = await newUser();
    const { trackerId } = await checkout(app, user);
    await settleInvoice(app, trackerId, "EXPIRED");
    expect((await history(user))[0].status).toBe("rejected");
    await settleInvoice(app, trackerId, "SUCCESS");
    expect((await history(user))[0].status).toBe("success");
    expect((await info(user)).days_left).toBe(30);
    await settleInvoice(app, trackerId, "EXPIRED"); // nonsense after success: ignored
    expect((await history(user))[0].status).toBe("success");
  });

  it("should keep a part payment pending (credit nothing) until the rest arrives", async () => {
    const user = await newUser();
    const { trackerId, transactionId } = await checkout(app, user);
    await settleInvoice(app, trackerId, "PARTIALLYPAID", 2.5);
    expect((await history(user))[0].status).toBe("pending");
    expect((await payments().reconcile()).credited).toBe(0);
    expect((await info(user)).is_active).toBe(false);
    const { rows } = await app.db.query<{ detail: string }>(
      "SELECT detail FROM payment_events WHERE payment_id = $1 AND provider_status = 'PARTIALLYPAID'",
      [transactionId],
    );
    expect(rows[0]?.detail).toBe("paid so far: 2.5");
    await settleInvoice(app, trackerId, "SUCCESS");
    expect((await info(user)).days_left).toBe(30);
  });

  it("should close a payment that never got an invoice after a day, and nothing sooner", async () => {
    const user = await newUser();
    await api(app, "POST", "/payment/web/init", {
      user,
      body: { plan_id: 1, amount: 2, currency: "USD", payment_method: "USDTTRC" },
    });
    await payments().reconcile();
    expect((await history(user))[0].status).toBe("pending");
    app.clock.advance({ hours: 25 });
    expect((await payments().reconcile()).abandoned).toBeGreaterThanOrEqual(1);
    expect((await history(user))[0].status).toBe("rejected");
  });
});

describe("a second invoice for one payment (a retry whose first reply was lost)", () => {
  it("should not let the stray invoice's expiry reject the payment, and never credit twice", async () => {
    const user = await newUser();
    const init = await api(app, "POST", "/payment/web/init", {
      user,
      body: { plan_id: 2, amount: 5, currency: "USD", payment_method: "USDTTRC" },
    });
    const transactionId = init.body.transaction_id as string;
    const stray = () =>
      app.services.payments.provider.createInvoice({
        token: "USDTTRC",
        amount: 5,
        fiatCurrency: "USD",
        clientTransactionId: transactionId,
        redirectUrl: profileUrl(app),
        callbackUrl: callbackUrl(),
      });
    const lost = await stray();
    const shown = await api(app, "POST", "/exnode/invoice", {
      user,
      body: {
        token: "USDTTRC",
        amount: 5,
        fiat_currency: "USD",
        client_transaction_id: transactionId,
        redirect_url: profileUrl(app),
        payform: true,
      },
    });
    const shownTracker = (shown.body.payment_url as string).split("/").pop() as string;
    expect(shownTracker).not.toBe(lost.trackerId);
    // Whichever invoice the callback came first from, the one we showed is the one we track.
    await settleInvoice(app, lost.trackerId, "EXPIRED");
    expect((await history(user))[0].status).toBe("pending");
    await settleInvoice(app, shownTracker, "SUCCESS");
    expect((await info(user)).days_left).toBe(30);
    const another = await stray();
    await settleInvoice(app, another.trackerId, "SUCCESS");
    expect((await info(user)).days_left).toBe(30);
    const { rows } = await app.db.query("SELECT outcome FROM payment_events WHERE payment_id = $1 ORDER BY id", [
      transactionId,
    ]);
    expect(rows.map((r) => r.outcome)).toEqual(["credited", "duplicate-payment"]);
  });
});
