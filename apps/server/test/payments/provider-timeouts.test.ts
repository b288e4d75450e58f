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
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/** A provider slower than EXNODE_TIMEOUT_MS: the customer gets a 502, and nothing is lost. */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { EXNODE_TIMEOUT_MS: "2000", RECONCILE_INTERVAL_SECONDS: "0" } });
}, 60_000);
afterAll(async () => app?.close());
afterEach(async () => simulatorSwitches(app, { reset: true }));

const postCallback = (trackerId: string) =>
  fetch(`${app.url}/api/exnode/callback/${app.config.EXNODE_CALLBACK_SECRET}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ tracker_id: trackerId }),
  });
const info = async (user: TestUser) => (await api(app, "GET", "/subscription/web/info", { user })).body;
const history = async (user: TestUser) => (await api(app, "GET", "/payment/web/all", { user })).body;
async function newUser() {
  const user = await createUser(app);
  await api(app, "POST", "/user/web/register", { user, body: { email: user.email } });
  return user;
}

describe("provider timeouts", () => {
  it("should answer 502 when invoice creation times out, keep the payment, and succeed on retry", async () => {
    const user = await newUser();
    const init = await api(app, "POST", "/payment/web/init", {
      user,
      body: { plan_id: 2, amount: 5, currency: "USD", payment_method: "USDTTRC" },
    });
    const body = {
      token: "USDTTRC",
      amount: 5,
      fiat_currency: "USD",
      client_transaction_id: init.body.transaction_id,
      redirect_url: profileUrl(app),
      payform: true,
    };
    await simulatorSwitches(app, { delay_ms: 6000 });
    const slow = await api(app, "POST", "/exnode/invoice", { user, body });
    expect(slow.status).toBe(502);
    expect(slow.body.detail).toMatch(/not available/);
    await simulatorSwitches(app, { reset: true });
    const retry = await api(app, "POST", "/exnode/invoice", { user, body });
    expect(retry.status).toBe(200);
    expect(await history(user)).toHaveLength(1);
  });

  it("should answer a callback 502 while the provider times out, and settle on a later pass", async () => {
    const user = await newUser();
    const { trackerId } = await checkout(app, user);
    await simulatorSwitches(app, { callbacks: false });
    await settleInvoice(app, trackerId, "SUCCESS");
    await simulatorSwitches(app, { delay_ms: 6000, callbacks: false });
    expect((await postCallback(trackerId)).status).toBe(502);
    expect((await history(user))[0].status).toBe("pending");
    await simulatorSwitches(app, { reset: true });
    await app.services.payments.service.reconcile();
    expect((await info(user)).days_left).toBe(30);
  });
});
