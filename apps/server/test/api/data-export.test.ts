import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, checkout, createUser, settleInvoice, type TestUser, uniqueEmail } from "../helpers/product.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
}, 60_000);
afterAll(async () => app?.close());

/** A registered user with a credited payment, a second (pending) one with a receipt address, a
 * session with a browser and address, and a contact message. */
async function userWithHistory(name: string) {
  const user = await createUser(app, uniqueEmail(name));
  await api(app, "POST", "/user/web/register", { user, body: { email: user.email } });
  const paid = await checkout(app, user);
  await settleInvoice(app, paid.trackerId, "SUCCESS");
  const receiptEmail = uniqueEmail(`${name}-receipts`);
  const pending = await api(app, "POST", "/payment/web/init", {
    user,
    body: { plan_id: 1, amount: 2, currency: "USD", payment_method: "USDTTRC", receipt_email: receiptEmail },
  });
  expect(pending.status).toBe(200);
  await app.db.query("UPDATE sessions SET user_agent = $2, ip = $3 WHERE user_id = $1", [
    user.id,
    `Browser of ${name}`,
    name === "alice" ? "198.51.100.1" : "203.0.113.9",
  ]);
  const message = `Message from ${name}`;
  const sent = await api(app, "POST", "/contact/web/send", {
    body: { name, email: user.email.toUpperCase(), message },
    headers: { "X-Forwarded-For": `192.0.2.${name.length}` },
  });
  expect(sent.status).toBe(200);
  return { user, paidId: paid.transactionId, pendingId: pending.body.transaction_id as string, receiptEmail, message };
}

const exportOf = (user: TestUser) => api(app, "GET", "/user/web/export", { user });

describe("GET /user/web/export", () => {
  it("should answer 401 without a token", async () => {
    const res = await api(app, "GET", "/user/web/export");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: "Not authenticated", code: "not_authenticated" });
  });

  it("should hold the caller's account, subscription, payments, sessions and messages, and nothing of another user", async () => {
    const alice = await userWithHistory("alice");
    const bob = await userWithHistory("bob");

    const res = await exportOf(alice.user);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const day = app.clock.now().toISOString().slice(0, 10);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="veil-data-${day}.json"`);

    const data = res.body;
    expect(data.account).toMatchObject({ id: alice.user.id, email: alice.user.email, language: "en" });
    expect(data.account.created_at).toEqual(expect.any(String));
    expect(data.subscription).toMatchObject({ is_active: true, plan_name: "1 Month", days_left: 30 });
    expect(data.payments.map((p: { transaction_id: string }) => p.transaction_id).sort()).toEqual(
      [alice.paidId, alice.pendingId].sort(),
    );
    expect(data.payments).toContainEqual(
      expect.objectContaining({ transaction_id: alice.paidId, status: "success", amount: 5, days_credited: 30 }),
    );
    expect(data.payments).toContainEqual(
      expect.objectContaining({
        transaction_id: alice.pendingId,
        status: "pending",
        receipt_email: alice.receiptEmail,
      }),
    );
    expect(data.sessions).toEqual([
      expect.objectContaining({ user_agent: "Browser of alice", ip: "198.51.100.1", last_used_at: expect.any(String) }),
    ]);
    expect(data.contact_messages).toEqual([
      expect.objectContaining({ name: "alice", message: alice.message, email: alice.user.email.toUpperCase() }),
    ]);

    // Nothing of Bob's anywhere in the document.
    const text = JSON.stringify(data);
    for (const foreign of [bob.user.id, bob.user.email, bob.paidId, bob.pendingId, bob.receiptEmail, bob.message]) {
      expect(text.toLowerCase()).not.toContain(foreign.toLowerCase());
    }
    expect(text).not.toContain("Browser of bob");
    expect(text).not.toContain("203.0.113.9");

    // And Bob's own export is his.
    const his = (await exportOf(bob.user)).body;
    expect(his.account.email).toBe(bob.user.email);
    expect(his.contact_messages.map((m: { message: string }) => m.message)).toEqual([bob.message]);
    expect(JSON.stringify(his)).not.toContain(alice.paidId);
  });

  it("should give a new account an empty history rather than an error", async () => {
    const user = await createUser(app);
    const res = await exportOf(user);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      account: { email: user.email },
      subscription: null,
      payments: [],
      contact_messages: [],
    });
    expect(res.body.sessions).toHaveLength(1);
  });

  it("should limit exports per user (10 per hour) without slowing anyone else", async () => {
    const busy = await createUser(app);
    const other = await createUser(app);
    for (let i = 0; i < 10; i += 1) expect((await exportOf(busy)).status).toBe(200);
    const refused = await exportOf(busy);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await exportOf(other)).status).toBe(200);
  });
});
