import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { safeText } from "../../src/admin/render.js";
import { runAdminOn } from "../helpers/admin.js";
import { api, checkout, createUser, settleInvoice, simulatorSwitches, type TestUser } from "../helpers/product.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

let app: TestApp;
let user: TestUser;
beforeAll(async () => {
  app = await startTestApp({ env: { RECONCILE_INTERVAL_SECONDS: "0" } });
  user = await createUser(app);
  await api(app, "POST", "/user/web/register", { user, body: { email: user.email } });
}, 60_000);
afterAll(async () => app?.close());

const admin = (...argv: string[]) => runAdminOn(app, argv);

/** The cells of the table row that starts with `first` (cells are separated by two or more spaces). */
function rowOf(text: string, first: string): string[] {
  const line = text.split("\n").find((l) => l.startsWith(first));
  if (!line) throw new Error(`no row starting with ${first} in:\n${text}`);
  return line.split(/ {2,}/);
}

describe("pnpm admin", () => {
  it("should list and find users", async () => {
    const list = await admin("users", "list");
    expect(list.code).toBe(0);
    expect(list.text).toContain(user.email);
    const found = await admin("users", "find", user.email.slice(0, 12).toUpperCase());
    expect(found.text).toContain(user.id);
    const none = await admin("users", "find", "%");
    expect(none.text).not.toContain(user.email);
  });

  it("should block a user everywhere, and unblock", async () => {
    const blocked = await admin("users", "block", user.email);
    expect(blocked.code).toBe(0);
    const lookup = await api(app, "POST", "/user/web/by-email", { body: { email: user.email } });
    expect(lookup.status).toBe(403);
    expect((await api(app, "GET", "/subscription/web/info", { user })).status).toBe(403);
    const { rows } = await app.db.query<{ banned_until: Date | null }>("SELECT banned_until FROM users WHERE id = $1", [
      user.id,
    ]);
    expect(rows[0]?.banned_until).not.toBeNull();

    expect((await admin("users", "unblock", user.id)).code).toBe(0);
    expect((await api(app, "GET", "/subscription/web/info", { user })).status).toBe(200);
  });

  it("should grant days, and create the product account of an auth-only user", async () => {
    expect((await admin("users", "grant", user.email, "10", "--reason", "outage")).code).toBe(0);
    expect((await api(app, "GET", "/subscription/web/info", { user })).body).toMatchObject({
      is_active: true,
      days_left: 10,
    });
    const authOnly = await createUser(app);
    expect((await admin("users", "grant", authOnly.email, "3")).code).toBe(0);
    expect((await api(app, "GET", "/subscription/web/info", { user: authOnly })).body.days_left).toBe(3);
    expect((await admin("users", "grant", user.email, "0")).code).toBe(2);
    expect((await admin("users", "grant", "nobody@example.com", "3")).code).toBe(2);
  });

  it("should list a user's payments and re-check one with the provider", async () => {
    const { trackerId, transactionId } = await checkout(app, user, 1);
    await simulatorSwitches(app, { callbacks: false });
    await settleInvoice(app, trackerId, "SUCCESS");
    await simulatorSwitches(app, { reset: true });
    const before = await admin("payments", "list", user.email);
    expect(before.text).toContain(transactionId);
    expect(before.text).toMatch(/pending/);
    const recheck = await admin("payments", "recheck", transactionId);
    expect(recheck.code).toBe(0);
    expect(recheck.text).toContain('"kind":"credited"');
    expect((await admin("payments", "recheck", transactionId)).text).toContain("already-settled");
    expect((await admin("payments", "list", user.id)).text).toMatch(/success/);
  });

  it("should show subscription ends, payment rows and a payment's history in their tables", async () => {
    const { rows } = await app.db.query<{ ends_at: Date; created_at: Date }>(
      `SELECT s.ends_at, c.created_at FROM customers c JOIN subscriptions s ON s.customer_id = c.id WHERE c.id = $1`,
      [user.id],
    );
    const { ends_at: endsAt, created_at: createdAt } = rows[0] ?? {};
    expect(rowOf((await admin("users", "list")).text, user.id)).toEqual([
      user.id,
      user.email,
      "false",
      endsAt?.toISOString(),
      createdAt?.toISOString(),
    ]);
    expect(rowOf((await admin("users", "find", user.id)).text, user.id)).toEqual([
      user.id,
      user.email,
      "false",
      endsAt?.toISOString(),
    ]);

    const { trackerId, transactionId } = await checkout(app, user, 3);
    await settleInvoice(app, trackerId, "SUCCESS");
    const payment = rowOf((await admin("payments", "list", user.email)).text, transactionId);
    expect(payment.slice(2, 8)).toEqual([
      "6 Month",
      expect.stringMatching(/^25(\.0+)?$/),
      "USDTTRC",
      "success",
      "SUCCESS",
      trackerId,
    ]);
    const history = (await admin("payments", "recheck", transactionId)).text;
    expect(history).toContain("already-settled");
    expect(rowOf(history, app.clock.now().toISOString())).toEqual([
      app.clock.now().toISOString(),
      "credited",
      "SUCCESS",
      trackerId,
      "180 days",
    ]);
  });

  it("should list contact messages with control characters neutralised", async () => {
    // The API refuses control characters in names; stored text is rendered safely all the same.
    await app.db.query("INSERT INTO contact_messages (name, email, message, created_at) VALUES ($1, $2, $3, $4)", [
      "Eve\u001b[2J",
      "eve@example.com",
      "line one\nline two \u202Egnp.exe",
      app.clock.now(),
    ]);
    const res = await admin("contact", "list");
    expect(res.code).toBe(0);
    expect(res.text).toContain("eve@example.com");
    expect(res.text.includes("\u001b")).toBe(false);
    expect(res.text.includes("\u202E")).toBe(false);
    expect(res.text).toContain("line one⏎line two");
  });

  it("should explain usage for unknown commands and bad options", async () => {
    expect((await admin()).code).toBe(2);
    expect((await admin("users", "explode")).text).toMatch(/Unknown command/);
    expect((await admin("contact", "list", "--limit", "x")).code).toBe(2);
  });
});

describe("safeText", () => {
  it("should replace control characters and cut long values", () => {
    expect(safeText("a\u0007b\u001b[31mc")).toBe("a�b�[31mc");
    expect(safeText("x".repeat(300), 10)).toBe(`${"x".repeat(9)}…`);
    expect(safeText(null)).toBe("");
  });

  it("should replace zero-width and bidi marks too, so nothing typed can hide or reorder text (issue #25)", () => {
    expect(safeText("pay\u200Bpal\u200E\u200F\uFEFFx\u2066y\u202Ez")).toBe("pay�pal���x�y�z");
  });
});
