/**
 * A request authenticated just before its account is deleted, finishing just after (real Postgres,
 * where they run side by side): it must not bring the deleted customer back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../src/auth/passwords.js";
import { subjectKey } from "../../src/rate-limit/index.js";
import { connectPeer, type PostgresPeer } from "../helpers/postgres-peer.js";
import { api, createUser } from "../helpers/product.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

const PASSWORD = "correct horse battery staple";

let app: TestApp;
let other: PostgresPeer;
beforeAll(async () => {
  app = await startTestApp({ env: { RECONCILE_INTERVAL_SECONDS: "0" } });
  other = await connectPeer(app);
}, 60_000);
afterAll(async () => {
  await other?.close();
  await app?.close();
});

describe("a checkout in flight while its account is deleted (Postgres)", () => {
  it("should answer 401 and not create the deleted customer again", async () => {
    const user = await createUser(app);
    await app.db.query("UPDATE users SET encrypted_password = $2 WHERE id = $1", [
      user.id,
      await hashPassword(PASSWORD),
    ]);
    expect((await api(app, "POST", "/user/web/register", { user, body: { email: user.email } })).status).toBe(200);
    // Hold the checkout just after its bearer check, at its rate-limit counter (an undecided insert
    // of the same counter row makes its upsert wait).
    await other.query("BEGIN");
    await other.query("INSERT INTO rate_limits (bucket, subject, window_start, hits) VALUES ('api', $1, $2, 1)", [
      subjectKey({ bucket: "api" }, `checkout:${user.id}`),
      app.clock.now(),
    ]);
    const checkout = api(app, "POST", "/payment/web/init", {
      user,
      body: { plan_id: 2, amount: 9.99, currency: "USD", payment_method: "USDTTRC" },
    });
    await other.lockWaiters(1);
    expect((await api(app, "POST", "/user/web/delete", { user, body: { password: PASSWORD } })).status).toBe(200);
    await other.query("ROLLBACK");
    const res = await checkout;
    expect(res).toMatchObject({ status: 401, body: { detail: "Not authenticated" } });
    const { rows } = await app.db.query("SELECT id, email FROM customers WHERE id = $1", [user.id]);
    const pays = await app.db.query("SELECT id, customer_id FROM payments WHERE customer_id = $1", [user.id]);
    expect({ customers: rows, payments: pays.rows }).toEqual({ customers: [], payments: [] });
  });
});
