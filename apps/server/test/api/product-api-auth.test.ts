import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { api, createUser, simulatorSwitches } from "../helpers/product.js";
import { registerCustomer, startProductApiApp } from "../helpers/product-api-suite.js";
import type { TestApp } from "../helpers/test-app.js";

/** The product API: bearer check, request ids, unknown paths. */
let app: TestApp;

beforeAll(async () => {
  app = await startProductApiApp();
}, 60_000);
afterAll(async () => app?.close());
afterEach(async () => simulatorSwitches(app, { reset: true }));

const registered = () => registerCustomer(app);

describe("authentication of the product API", () => {
  it("should answer 401 with a detail when the bearer token is missing, forged or for a signed-out session", async () => {
    const none = await api(app, "GET", "/subscription/web/info");
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ detail: "Not authenticated", code: "not_authenticated" });
    expect(none.headers.get("www-authenticate")).toBe("Bearer");

    const forged = await api(app, "GET", "/subscription/web/info", { headers: { Authorization: "Bearer a.b.c" } });
    expect(forged.status).toBe(401);

    const user = await createUser(app);
    const token = await user.token();
    await app.db.query("DELETE FROM sessions WHERE user_id = $1", [user.id]);
    const signedOut = await api(app, "GET", "/payment/web/all", { headers: { Authorization: `Bearer ${token}` } });
    expect(signedOut.status).toBe(401);
  });

  it("should answer 403 'blocked' to a user banned at the auth server or blocked in the product", async () => {
    const banned = await registered();
    await app.db.query("UPDATE users SET banned_until = '2999-01-01' WHERE id = $1", [banned.id]);
    const res = await api(app, "GET", "/subscription/web/info", { user: banned });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: "Your account has been blocked", code: "account_blocked" });

    const blocked = await registered();
    await app.db.query("UPDATE customers SET blocked = true WHERE id = $1", [blocked.id]);
    expect((await api(app, "GET", "/payment/web/all", { user: blocked })).status).toBe(403);
  });

  it("should give every answer a request id and forbid caching", async () => {
    const res = await api(app, "GET", "/plans/", { headers: { "X-Request-Id": "trace-123" } });
    expect(res.headers.get("x-request-id")).toBe("trace-123");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const generated = await api(app, "GET", "/plans/", { headers: { "X-Request-Id": "bad id with spaces" } });
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("should answer an unknown /api path with a JSON 404, never the web app", async () => {
    const res = await api(app, "GET", "/nope");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: "Not Found", code: "not_found" });
  });
});
