/**
 * Account deletion racing a settlement or a reminder pass on real Postgres, where transactions run
 * side by side (PGlite queues them). docs/architecture.md §2.1: deletion takes the payment and
 * subscription rows before the customer row, the order settlement and the reminder pass take them
 * in, so one waits for the other and neither is aborted as a deadlock.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../src/auth/passwords.js";
import { connectPeer, type PostgresPeer } from "../helpers/postgres-peer.js";
import { api, checkout, createUser, settleInvoice, simulatorSwitches } from "../helpers/product.js";
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

async function userWithPassword() {
  const user = await createUser(app);
  await app.db.query("UPDATE users SET encrypted_password = $2 WHERE id = $1", [user.id, await hashPassword(PASSWORD)]);
  await api(app, "POST", "/user/web/register", { user, body: { email: user.email } });
  return user;
}

describe("account deletion during a settlement or a reminder pass (Postgres)", () => {
  it("should wait for a first purchase being credited, then delete it all without a deadlock", async () => {
    const user = await userWithPassword();
    const { trackerId, transactionId } = await checkout(app, user);
    await simulatorSwitches(app, { callbacks: false });
    await settleInvoice(app, trackerId, "SUCCESS");

    // Hold the settlement after it locked the payment and before it writes the (first)
    // subscription: another transaction inserts that row and keeps it undecided.
    const otherPid = await other.pid();
    await other.query("BEGIN");
    await other.query("INSERT INTO subscriptions (customer_id, ends_at, updated_at) VALUES ($1, $2, $2)", [
      user.id,
      app.clock.now(),
    ]);
    const settling = app.services.payments.service.recheck(transactionId);
    const [settlementPid] = await other.waitersOn([otherPid]);
    // The deletion queues too: behind the settlement's payment lock.
    const deleting = api(app, "POST", "/user/web/delete", { user, body: { password: PASSWORD } });
    await other.waitersOn([otherPid, settlementPid as number], 2);
    await other.query("ROLLBACK");

    expect(await settling).toMatchObject({ kind: "credited", customerId: user.id });
    const deleted = await deleting;
    expect(deleted.status).toBe(200);
    const left = async (sql: string) => (await app.db.query(sql, [user.id])).rows.length;
    expect(await left("SELECT 1 FROM customers WHERE id = $1")).toBe(0);
    expect(await left("SELECT 1 FROM subscriptions WHERE customer_id = $1")).toBe(0);
    expect(await left("SELECT 1 FROM users WHERE id = $1")).toBe(0);
    const { rows } = await app.db.query("SELECT customer_id, status FROM payments WHERE id = $1", [transactionId]);
    expect(rows).toEqual([{ customer_id: null, status: "success" }]);
    await simulatorSwitches(app, { reset: true });
  });

  it("should wait for a renewal reminder being mailed, then forget the reminder and its mail", async () => {
    const user = await userWithPassword();
    const endsAt = await app.services.payments.service.grantDays(user.id, 2, "test");

    // Hold the pass after it locked the subscription and before it records the reminder: another
    // transaction records the same reminder and keeps it undecided.
    const otherPid = await other.pid();
    await other.query("BEGIN");
    await other.query(
      "INSERT INTO renewal_reminders (customer_id, kind, period_ends_at, sent_at) VALUES ($1, 'soon', $2, $3)",
      [user.id, endsAt, app.clock.now()],
    );
    const reminding = app.services.reminders.runPass();
    const [passPid] = await other.waitersOn([otherPid]);
    // The deletion queues too: behind the pass's subscription lock.
    const deleting = api(app, "POST", "/user/web/delete", { user, body: { password: PASSWORD } });
    await other.waitersOn([otherPid, passPid as number], 2);
    await other.query("ROLLBACK");

    expect(await reminding).toMatchObject({ sent: 1 });
    expect((await deleting).status).toBe(200);
    const left = async (sql: string, param: string) => (await app.db.query(sql, [param])).rows.length;
    expect(await left("SELECT 1 FROM renewal_reminders WHERE customer_id = $1", user.id)).toBe(0);
    expect(await left("SELECT 1 FROM subscriptions WHERE customer_id = $1", user.id)).toBe(0);
    expect(await left("SELECT 1 FROM customers WHERE id = $1", user.id)).toBe(0);
    expect(await left("SELECT 1 FROM mail_outbox WHERE to_address = $1", user.email)).toBe(0);
  });
});
