import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { api, createUser, simulatorSwitches, uniqueEmail } from "../helpers/product.js";
import { ipSource, registerCustomer, startProductApiApp } from "../helpers/product-api-suite.js";
import { STARTS_OWN_APP_MS, startTestApp, type TestApp } from "../helpers/test-app.js";

/** The product API: account lookup, register and session-init. */
let app: TestApp;
/** Each test gets its own client address (the test client is a trusted proxy), so per-IP limits do not leak. */
const fromNewIp = ipSource(102);

beforeAll(async () => {
  app = await startProductApiApp();
}, 60_000);
afterAll(async () => app?.close());
afterEach(async () => simulatorSwitches(app, { reset: true }));

const registered = () => registerCustomer(app);

describe("POST /user/web/by-email", () => {
  it("should find a registered user, case-insensitively, and 404 an unknown one", async () => {
    const user = await registered();
    const found = await api(app, "POST", "/user/web/by-email", {
      body: { email: `  ${user.email.toUpperCase()} ` },
      headers: fromNewIp(),
    });
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ email: user.email });

    const missing = await api(app, "POST", "/user/web/by-email", {
      body: { email: uniqueEmail() },
      headers: fromNewIp(),
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: "User not found", code: "user_not_found" });
  });

  it("should find a confirmed auth user whose product registration was lost", async () => {
    const user = await createUser(app); // never called register
    const res = await api(app, "POST", "/user/web/by-email", { body: { email: user.email }, headers: fromNewIp() });
    expect(res.status).toBe(200);
  });

  it("should answer 403 for a blocked account", async () => {
    const user = await registered();
    await app.db.query("UPDATE customers SET blocked = true WHERE id = $1", [user.id]);
    const res = await api(app, "POST", "/user/web/by-email", { body: { email: user.email }, headers: fromNewIp() });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: "Your account has been blocked", code: "account_blocked" });
  });

  it("should answer 422 with FastAPI-style issues for an invalid body or invalid JSON", async () => {
    const invalid = await api(app, "POST", "/user/web/by-email", {
      body: { email: "not-an-email" },
      headers: fromNewIp(),
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.detail[0]).toMatchObject({ loc: ["body", "email"], type: expect.any(String) });
    const broken = await api(app, "POST", "/user/web/by-email", { rawBody: "{oops", headers: fromNewIp() });
    expect(broken.status).toBe(422);
    expect(broken.body.detail[0]).toMatchObject({ loc: ["body"], type: "json_invalid" });
    const extra = await api(app, "POST", "/user/web/by-email", {
      body: { email: "a@b.co", admin: true },
      headers: fromNewIp(),
    });
    expect(extra.status).toBe(422);
  });

  it("should rate-limit lookups per client IP, then allow them again in the next window", async () => {
    const headers = fromNewIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await api(app, "POST", "/user/web/by-email", { body: { email: uniqueEmail() }, headers })).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    const limited = await api(app, "POST", "/user/web/by-email", { body: { email: uniqueEmail() }, headers });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not affected.
    expect(
      (await api(app, "POST", "/user/web/by-email", { body: { email: uniqueEmail() }, headers: fromNewIp() })).status,
    ).toBe(404);
    app.clock.advance({ minutes: 5 });
    expect((await api(app, "POST", "/user/web/by-email", { body: { email: uniqueEmail() }, headers })).status).toBe(
      404,
    );
  });

  it(
    "should take the lookup limit from RATE_LIMIT_ACCOUNT_LOOKUP_PER_5MIN",
    async () => {
      const strict = await startTestApp({ env: { RATE_LIMIT_ACCOUNT_LOOKUP_PER_5MIN: "3" } });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 4; i++)
          statuses.push((await api(strict, "POST", "/user/web/by-email", { body: { email: uniqueEmail() } })).status);
        expect(statuses).toEqual([404, 404, 404, 429]);
      } finally {
        await strict.close();
      }
      // It starts a server of its own: slow on a loaded machine.
    },
    STARTS_OWN_APP_MS,
  );
});

describe("POST /user/web/register and /user/web/init-session", () => {
  it("should register idempotently", async () => {
    const user = await createUser(app);
    for (let i = 0; i < 2; i++) {
      const res = await api(app, "POST", "/user/web/register", { user, body: { email: user.email } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: "success", email: user.email });
    }
    const { rows } = await app.db.query("SELECT id FROM customers WHERE id = $1", [user.id]);
    expect(rows).toHaveLength(1);
  });

  it("should refuse an e-mail that is not the signed-in user's", async () => {
    const user = await createUser(app);
    const res = await api(app, "POST", "/user/web/register", { user, body: { email: uniqueEmail() } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/does not match/);
    const { rows } = await app.db.query("SELECT id FROM customers WHERE id = $1", [user.id]);
    expect(rows).toHaveLength(0);
  });

  it("should create the product account on session init when register was lost, and repeat harmlessly", async () => {
    const user = await createUser(app);
    for (let i = 0; i < 3; i++) {
      const res = await api(app, "POST", "/user/web/init-session", { user, body: { email: user.email } });
      expect(res.status).toBe(200);
    }
    const found = await api(app, "POST", "/user/web/by-email", { body: { email: user.email }, headers: fromNewIp() });
    expect(found.body).toEqual({ email: user.email });
  });

  it("should require a token", async () => {
    expect((await api(app, "POST", "/user/web/init-session", { body: { email: "a@b.co" } })).status).toBe(401);
  });
});
