import { PLAN_CATALOGUE } from "@veil/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  api,
  checkout,
  createUser,
  profileUrl,
  settleInvoice,
  simulatorSwitches,
  type TestUser,
} from "../helpers/product.js";
import { registerCustomer, startProductApiApp } from "../helpers/product-api-suite.js";
import type { TestApp } from "../helpers/test-app.js";

/** The product API: checkout steps, the hosted pay page, the provider callback. */
let app: TestApp;

beforeAll(async () => {
  app = await startProductApiApp();
}, 60_000);
afterAll(async () => app?.close());
afterEach(async () => simulatorSwitches(app, { reset: true }));

const registered = () => registerCustomer(app);

describe("POST /payment/web/init", () => {
  const init = (user: TestUser | undefined, body: Record<string, unknown>) =>
    api(app, "POST", "/payment/web/init", { ...(user ? { user } : {}), body });

  it("should create a pending payment owned by the caller", async () => {
    const user = await registered();
    const res = await init(user, { plan_id: 3, amount: 25, currency: "USD", payment_method: "USDTTON" });
    expect(res.status).toBe(200);
    expect(res.body.transaction_id).toMatch(/^[0-9a-f-]{36}$/);
    const history = await api(app, "GET", "/payment/web/all", { user });
    expect(history.body).toEqual([
      { date: app.clock.now().toISOString(), amount: 25, method: "USDTTON", status: "pending" },
    ]);
  });

  it("should create the customer when register and session init were both lost", async () => {
    const user = await createUser(app);
    const res = await init(user, { plan_id: 1, amount: 2, currency: "USD", payment_method: "USDTTRC" });
    expect(res.status).toBe(200);
  });

  it("should refuse a tampered amount (400), an unknown plan (404) and a non-USD currency (422)", async () => {
    const user = await registered();
    const cheap = await init(user, { plan_id: 4, amount: 2, currency: "USD", payment_method: "USDTTRC" });
    expect(cheap.status).toBe(400);
    expect(cheap.body).toEqual({ detail: "The amount does not match the plan's price", code: "amount_mismatch" });
    const almost = await init(user, { plan_id: 4, amount: 44.99, currency: "USD", payment_method: "USDTTRC" });
    expect(almost.status).toBe(400);
    const noPlan = await init(user, { plan_id: 99, amount: 45, currency: "USD", payment_method: "USDTTRC" });
    expect(noPlan.status).toBe(404);
    const euro = await init(user, { plan_id: 4, amount: 45, currency: "EUR", payment_method: "USDTTRC" });
    expect(euro.status).toBe(422);
    const history = await api(app, "GET", "/payment/web/all", { user });
    expect(history.body).toEqual([]);
  });

  it("should answer 402 for a token the provider does not offer now, and 502 when it is down", async () => {
    const user = await registered();
    await simulatorSwitches(app, { refuse_tokens: ["USDTTRC"] });
    const refused = await init(user, { plan_id: 2, amount: 5, currency: "USD", payment_method: "USDTTRC" });
    expect(refused.status).toBe(402);
    await simulatorSwitches(app, { reset: true, failure: "error" });
    const down = await init(user, { plan_id: 2, amount: 5, currency: "USD", payment_method: "USDTTRC" });
    expect(down.status).toBe(502);
    expect((await api(app, "GET", "/payment/web/all", { user })).body).toEqual([]);
  });

  it("should require a token", async () => {
    expect((await init(undefined, { plan_id: 2, amount: 5, currency: "USD", payment_method: "USDTTRC" })).status).toBe(
      401,
    );
  });
});

describe("POST /exnode/invoice", () => {
  async function started(user: TestUser, planId = 2, token = "USDTTRC") {
    const plan = PLAN_CATALOGUE.find((p) => p.id === planId);
    const res = await api(app, "POST", "/payment/web/init", {
      user,
      body: { plan_id: planId, amount: plan?.priceUsd, currency: "USD", payment_method: token },
    });
    return { id: res.body.transaction_id as string, amount: plan?.priceUsd as number, token };
  }
  const invoice = (
    user: TestUser,
    tx: { id: string; amount: number; token: string },
    over: Record<string, unknown> = {},
  ) =>
    api(app, "POST", "/exnode/invoice", {
      user,
      body: {
        token: tx.token,
        amount: tx.amount,
        fiat_currency: "USD",
        client_transaction_id: tx.id,
        redirect_url: profileUrl(app),
        payform: true,
        ...over,
      },
    });

  it("should return the provider's pay page, and the same one when asked again", async () => {
    const user = await registered();
    const tx = await started(user);
    const first = await invoice(user, tx);
    expect(first.status).toBe(200);
    expect(first.body.payment_url).toMatch(/\/sim\/exnode\/pay\/sim_[0-9a-f]+$/);
    const again = await invoice(user, tx);
    expect(again.body.payment_url).toBe(first.body.payment_url);
  });

  it("should answer 404 for someone else's transaction, exactly as for a missing one", async () => {
    const owner = await registered();
    const thief = await registered();
    const tx = await started(owner);
    const stolen = await invoice(thief, tx);
    expect(stolen.status).toBe(404);
    expect(stolen.body).toEqual({ detail: "Transaction not found", code: "transaction_not_found" });
    const missing = await invoice(thief, { ...tx, id: "00000000-0000-4000-8000-000000000000" });
    expect(missing.body).toEqual(stolen.body);
  });

  it("should refuse an amount, token or currency that differs from the started payment", async () => {
    const user = await registered();
    const tx = await started(user, 4);
    expect((await invoice(user, tx, { amount: 2 })).status).toBe(400);
    expect((await invoice(user, tx, { token: "USDTTON" })).status).toBe(400);
    expect((await invoice(user, tx, { fiat_currency: "RUB" })).status).toBe(422);
    expect((await invoice(user, tx, { payform: false })).status).toBe(422);
  });

  it("should refuse a redirect_url outside our own origin (no open redirect)", async () => {
    const user = await registered();
    const tx = await started(user);
    for (const url of ["https://evil.example/account/profile", "javascript:alert(1)", `${app.url}.evil.example/x`]) {
      const res = await invoice(user, tx, { redirect_url: url });
      expect([400, 422]).toContain(res.status);
    }
    expect((await invoice(user, tx)).status).toBe(200);
  });

  it("should answer 402 with the provider's detail when it refuses the token or the amount", async () => {
    const user = await registered();
    const tx = await started(user);
    await simulatorSwitches(app, { refuse_tokens: ["USDTTRC"] });
    const token = await invoice(user, tx);
    expect(token.status).toBe(402);
    expect(token.body.detail).toMatch(/not available/);
    await simulatorSwitches(app, { reset: true, min_amount: 10 });
    const low = await invoice(user, tx);
    expect(low.status).toBe(402);
    expect(low.body.detail).toMatch(/too low/);
  });

  it("should answer 502 when the provider fails, lose nothing, and succeed on retry", async () => {
    const user = await registered();
    const tx = await started(user);
    await simulatorSwitches(app, { failure: "error" });
    expect((await invoice(user, tx)).status).toBe(502);
    await simulatorSwitches(app, { reset: true });
    const ok = await invoice(user, tx);
    expect(ok.status).toBe(200);
    const history = await api(app, "GET", "/payment/web/all", { user });
    expect(history.body).toHaveLength(1);
    expect(history.body[0].status).toBe("pending");
  });

  it("should answer 409 once the payment is closed", async () => {
    const user = await registered();
    const tx = await started(user);
    const first = await invoice(user, tx);
    const trackerId = first.body.payment_url.split("/").pop();
    await settleInvoice(app, trackerId, "EXPIRED");
    const res = await invoice(user, tx);
    expect(res.status).toBe(409);
  });
});

describe("paying through the simulator's hosted page", () => {
  it("should show the invoice in English and Russian with Pay and Cancel", async () => {
    const user = await registered();
    const { paymentUrl } = await checkout(app, user);
    const en = await (await fetch(paymentUrl)).text();
    expect(en).toContain('<html lang="en">');
    expect(en).toContain(">Pay</button>");
    expect(en).toContain(">Cancel</button>");
    const ru = await (await fetch(`${paymentUrl}?lang=ru`)).text();
    expect(ru).toContain('<html lang="ru">');
    expect(ru).toContain(">Оплатить</button>");
    expect(ru).toContain(">Отменить</button>");
    const byHeader = await (await fetch(paymentUrl, { headers: { "Accept-Language": "ru-RU,ru;q=0.9" } })).text();
    expect(byHeader).toContain('<html lang="ru">');
  });

  it("Pay should settle the invoice, call us back and send the browser to redirect_url", async () => {
    const user = await registered();
    const { paymentUrl } = await checkout(app, user, 1);
    const res = await fetch(paymentUrl, {
      method: "POST",
      body: new URLSearchParams({ action: "pay", lang: "en" }),
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(profileUrl(app));
    const info = await api(app, "GET", "/subscription/web/info", { user });
    expect(info.body).toEqual({ is_active: true, plan_name: "1 Week", days_left: 7 });
    const history = await api(app, "GET", "/payment/web/all", { user });
    expect(history.body[0]).toMatchObject({ amount: 2, method: "USDTTRC", status: "success" });
  });

  it("Cancel should reject the payment and credit nothing", async () => {
    const user = await registered();
    const { paymentUrl } = await checkout(app, user);
    const res = await fetch(paymentUrl, {
      method: "POST",
      body: new URLSearchParams({ action: "cancel", lang: "ru" }),
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    expect((await api(app, "GET", "/payment/web/all", { user })).body[0].status).toBe("rejected");
    expect((await api(app, "GET", "/subscription/web/info", { user })).body).toEqual({
      is_active: false,
      plan_name: null,
      days_left: 0,
    });
  });
});

describe("POST /exnode/callback/<secret>", () => {
  it("should answer 404 for a wrong secret and 422 without a tracker id", async () => {
    const wrong = await api(app, "POST", "/exnode/callback/not-the-secret-at-all", { body: { tracker_id: "x" } });
    expect(wrong.status).toBe(404);
    const secret = app.config.EXNODE_CALLBACK_SECRET;
    const empty = await api(app, "POST", `/exnode/callback/${secret}`, { body: {} });
    expect(empty.status).toBe(422);
  });

  it("should ignore a callback about an invoice the provider does not know", async () => {
    const secret = app.config.EXNODE_CALLBACK_SECRET;
    const res = await api(app, "POST", `/exnode/callback/${secret}`, { body: { tracker_id: "sim_doesnotexist" } });
    expect(res.status).toBe(200);
  });
});
