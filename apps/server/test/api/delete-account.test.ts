import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../src/auth/passwords.js";
import { api, checkout, createUser, settleInvoice, simulatorSwitches } from "../helpers/product.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
}, 60_000);
afterAll(async () => app?.close());

const PASSWORD = "correct horse battery staple";

describe("POST /user/web/delete", () => {
  it("should refuse a wrong password and keep everything", async () => {
    const user = await createUser(app);
    await app.db.query("UPDATE users SET encrypted_password = $2 WHERE id = $1", [
      user.id,
      await hashPassword(PASSWORD),
    ]);
    await api(app, "POST", "/user/web/register", { user, body: { email: user.email } });
    const wrong = await api(app, "POST", "/user/web/delete", { user, body: { password: "guess" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ detail: "Incorrect password", code: "wrong_password" });
    const long = await api(app, "POST", "/user/web/delete", { user, body: { password: "x".repeat(200) } });
    expect(long.status).toBe(400);
    expect((await api(app, "GET", "/subscription/web/info", { user })).status).toBe(200);
    expect((await api(app, "POST", "/user/web/delete", { user, body: {} })).status).toBe(422);
  });

  it("should delete identity and personal data, end sessions, and keep payments anonymised", async () => {
    const user = await createUser(app);
    await app.db.query("UPDATE users SET encrypted_password = $2 WHERE id = $1", [
      user.id,
      await hashPassword(PASSWORD),
    ]);
    await api(app, "POST", "/user/web/register", { user, body: { email: user.email } });
    const { trackerId, transactionId } = await checkout(app, user);
    await settleInvoice(app, trackerId, "SUCCESS");
    await api(app, "POST", "/contact/web/send", { body: { name: "Me", email: user.email, message: "hello" } });
    const token = await user.token();

    const res = await api(app, "POST", "/user/web/delete", { user, body: { password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "success" });

    // The still-unexpired token no longer works; the address is unknown again.
    const after = await api(app, "GET", "/subscription/web/info", { headers: { Authorization: `Bearer ${token}` } });
    expect(after.status).toBe(401);
    expect((await api(app, "POST", "/user/web/by-email", { body: { email: user.email } })).status).toBe(404);

    const left = async (sql: string, params: unknown[]) => (await app.db.query(sql, params)).rows.length;
    expect(await left("SELECT 1 FROM users WHERE id = $1", [user.id])).toBe(0);
    expect(await left("SELECT 1 FROM sessions WHERE user_id = $1", [user.id])).toBe(0);
    expect(await left("SELECT 1 FROM customers WHERE id = $1", [user.id])).toBe(0);
    expect(await left("SELECT 1 FROM subscriptions WHERE customer_id = $1", [user.id])).toBe(0);
    expect(await left("SELECT 1 FROM contact_messages WHERE email = $1", [user.email])).toBe(0);
    expect(await left("SELECT 1 FROM mail_outbox WHERE to_address = $1", [user.email])).toBe(0);
    const { rows } = await app.db.query("SELECT customer_id, status, amount_cents FROM payments WHERE id = $1", [
      transactionId,
    ]);
    expect(rows).toEqual([{ customer_id: null, status: "success", amount_cents: 500 }]);
  });

  it("should forget the receipt address given at checkout, which need not be the account's", async () => {
    const user = await createUser(app);
    await app.db.query("UPDATE users SET encrypted_password = $2 WHERE id = $1", [
      user.id,
      await hashPassword(PASSWORD),
    ]);
    await api(app, "POST", "/user/web/register", { user, body: { email: user.email } });
    const { transactionId } = await checkout(app, user);
    await app.db.query("UPDATE payments SET receipt_email = 'books@example.org' WHERE id = $1", [transactionId]);

    expect((await api(app, "POST", "/user/web/delete", { user, body: { password: PASSWORD } })).status).toBe(200);
    const { rows } = await app.db.query("SELECT customer_id, receipt_email FROM payments WHERE id = $1", [
      transactionId,
    ]);
    expect(rows).toEqual([{ customer_id: null, receipt_email: null }]);
  });

  it("should credit a payment that completes after deletion without bringing the account back", async () => {
    const user = await createUser(app);
    await app.db.query("UPDATE users SET encrypted_password = $2 WHERE id = $1", [
      user.id,
      await hashPassword(PASSWORD),
    ]);
    await api(app, "POST", "/user/web/register", { user, body: { email: user.email } });
    const { trackerId, transactionId } = await checkout(app, user);
    expect((await api(app, "POST", "/user/web/delete", { user, body: { password: PASSWORD } })).status).toBe(200);

    // The customer paid in the provider's tab before deleting; the callback comes afterwards.
    await simulatorSwitches(app, { callbacks: false });
    await settleInvoice(app, trackerId, "SUCCESS");
    await simulatorSwitches(app, { reset: true });
    expect(await app.services.payments.service.recheck(transactionId)).toMatchObject({
      kind: "credited",
      customerId: null,
    });
    const left = async (sql: string) => (await app.db.query(sql, [user.id])).rows.length;
    expect(await left("SELECT 1 FROM customers WHERE id = $1")).toBe(0);
    expect(await left("SELECT 1 FROM subscriptions WHERE customer_id = $1")).toBe(0);
    const { rows } = await app.db.query("SELECT customer_id, status FROM payments WHERE id = $1", [transactionId]);
    expect(rows).toEqual([{ customer_id: null, status: "success" }]);
    // No receipt address was given and the account is gone: nobody to mail.
    expect(await app.mailbox(user.email)).toEqual([]);
  });
});
