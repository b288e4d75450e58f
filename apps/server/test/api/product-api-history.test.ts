import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { api, checkout, settleInvoice, simulatorSwitches } from "../helpers/product.js";
import { registerCustomer, startProductApiApp } from "../helpers/product-api-suite.js";
import type { TestApp } from "../helpers/test-app.js";

/** The product API: subscription info and payment history. */
let app: TestApp;

beforeAll(async () => {
  app = await startProductApiApp();
}, 60_000);
afterAll(async () => app?.close());
afterEach(async () => simulatorSwitches(app, { reset: true }));

const registered = () => registerCustomer(app);

describe("GET /subscription/web/info", () => {
  it("should count whole days left rounded up, never 0 while time remains, then read inactive", async () => {
    const user = await registered();
    const { trackerId } = await checkout(app, user); // 30 days
    await settleInvoice(app, trackerId, "SUCCESS");
    const info = async () => (await api(app, "GET", "/subscription/web/info", { user })).body;
    expect(await info()).toEqual({ is_active: true, plan_name: "1 Month", days_left: 30 });
    app.clock.advance({ hours: 1 });
    expect((await info()).days_left).toBe(30);
    app.clock.advance({ hours: 29 * 24 - 2 }); // 25 hours left
    expect((await info()).days_left).toBe(2);
    app.clock.advance({ hours: 24 }); // one hour left
    expect((await info()).days_left).toBe(1);
    app.clock.advance({ ms: 3_600_000 - 1000 }); // one second left
    expect(await info()).toEqual({ is_active: true, plan_name: "1 Month", days_left: 1 });
    app.clock.advance({ seconds: 1 });
    expect(await info()).toEqual({ is_active: false, plan_name: "1 Month", days_left: 0 });
  });
});

describe("GET /payment/web/all", () => {
  it("should list only the caller's payments, newest first, bounded", async () => {
    const user = await registered();
    const other = await registered();
    await checkout(app, other);
    for (const plan of [1, 2, 3]) {
      await checkout(app, user, plan);
      app.clock.advance({ minutes: 1 });
    }
    const res = await api(app, "GET", "/payment/web/all", { user });
    expect(res.body.map((p: { amount: number }) => p.amount)).toEqual([25, 5, 2]);
    for (const row of res.body)
      expect(row).toEqual({
        date: expect.any(String),
        amount: expect.any(Number),
        method: "USDTTRC",
        status: "pending",
      });

    const now = app.clock.now();
    for (let i = 0; i < 105; i++) {
      await app.db.query(
        `INSERT INTO payments (id, customer_id, plan_id, amount_cents, currency, token, status, provider, created_at, updated_at)
         VALUES (gen_random_uuid()::text, $1, 1, 200, 'USD', 'NOT', 'rejected', 'test', $2, $2)`,
        [user.id, new Date(now.getTime() - (i + 10) * 60_000)],
      );
    }
    const bounded = await api(app, "GET", "/payment/web/all", { user });
    expect(bounded.body).toHaveLength(100);
    expect(bounded.body[0].amount).toBe(25);
  });
});
