import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authClient } from "../helpers/auth-client.js";
import { api, checkout, createUser, profileUrl, type TestUser } from "../helpers/product.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";
import { expectApiError, expectAuthError, hostileTokens, readJson, snapshot } from "./helpers.js";

/**
 * Every account endpoint of /api and /auth/v1, called without a token, with tokens that must not
 * pass (expired, foreign-signed, unsigned, tampered, for an unknown user), as a deleted, signed-out,
 * banned (until a date, and for ever) or product-blocked user, and with another user's ids. Each
 * answer is the documented error and the database is unchanged.
 */
let app: TestApp;
let victim: TestUser;
let victimTransaction: string;
/** A second session of the victim's, which nobody but the victim may end. */
const VICTIM_OTHER_SESSION = randomUUID();
beforeAll(async () => {
  app = await startTestApp();
  victim = await createUser(app);
  await app.db.query(
    "INSERT INTO sessions (id, user_id, amr, created_at, updated_at) VALUES ($1, $2, '[]'::jsonb, $3, $3)",
    [VICTIM_OTHER_SESSION, victim.id, app.clock.now()],
  );
  await api(app, "POST", "/user/web/register", { user: victim, body: { email: victim.email } });
  ({ transactionId: victimTransaction } = await checkout(app, victim));
}, 60_000);
afterAll(async () => app?.close());

interface Endpoint {
  name: string;
  call(token: string | undefined, user: TestUser): Promise<{ status: number; body: unknown }>;
  kind: "api" | "auth";
}

function apiEndpoint(method: string, path: string, body?: (u: TestUser) => unknown): Endpoint {
  return {
    name: `${method} /api${path}`,
    kind: "api",
    async call(token, user) {
      const headers: Record<string, string> = { "Content-Type": "application/json" };
      if (token !== undefined) headers.Authorization = `Bearer ${token}`;
      const res = await fetch(`${app.url}/api${path}`, {
        method,
        headers,
        ...(body ? { body: JSON.stringify(body(user)) } : {}),
      });
      return { status: res.status, body: await readJson(res) };
    },
  };
}
function authEndpoint(method: string, path: string, body?: unknown): Endpoint {
  return {
    name: `${method} /auth/v1${path}`,
    kind: "auth",
    async call(token) {
      const headers: Record<string, string> = {
        apikey: "anon-key",
        "X-Supabase-Api-Version": "2024-01-01",
        "Content-Type": "application/json",
      };
      if (token !== undefined) headers.Authorization = `Bearer ${token}`;
      const res = await fetch(`${app.authUrl}${path}`, {
        method,
        headers,
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: res.status, body: await readJson(res) };
    },
  };
}

const ENDPOINTS: Endpoint[] = [
  apiEndpoint("POST", "/user/web/register", (u) => ({ email: u.email })),
  apiEndpoint("POST", "/user/web/init-session", (u) => ({ email: u.email })),
  apiEndpoint("POST", "/user/web/delete", () => ({ password: "violet-harbour-lantern" })),
  apiEndpoint("GET", "/subscription/web/info"),
  apiEndpoint("GET", "/payment/web/all"),
  apiEndpoint("GET", "/user/web/sessions"),
  apiEndpoint("DELETE", `/user/web/sessions/${VICTIM_OTHER_SESSION}`),
  apiEndpoint("POST", "/payment/web/init", () => ({
    plan_id: 2,
    amount: 5,
    currency: "USD",
    payment_method: "USDTTRC",
  })),
  apiEndpoint("POST", "/exnode/invoice", () => ({
    token: "USDTTRC",
    amount: 5,
    fiat_currency: "USD",
    client_transaction_id: victimTransaction,
    redirect_url: profileUrl(app),
    payform: true,
  })),
  authEndpoint("GET", "/user"),
  authEndpoint("PUT", "/user", { data: { nickname: "mallory" } }),
  authEndpoint("GET", "/reauthenticate"),
  authEndpoint("POST", "/logout"),
];

/** Calls every endpoint as `token` and checks status/shape; the database must not change. */
async function expectRefusedEverywhere(
  label: string,
  token: string | undefined,
  user: TestUser,
  expected: { api: number; auth: number; authCode?: string },
  only?: "api",
) {
  const before = await snapshot(app);
  for (const endpoint of ENDPOINTS) {
    if (only && endpoint.kind !== only) continue;
    const what = `${label}: ${endpoint.name}`;
    const { status, body } = await endpoint.call(token, user);
    if (endpoint.kind === "api") {
      expectApiError(status, body, what);
      expect(status, what).toBe(expected.api);
    } else {
      expectAuthError(status, body, what);
      expect(status, `${what} ${JSON.stringify(body)}`).toBe(expected.auth);
      if (expected.authCode) expect((body as { code: string }).code, what).toBe(expected.authCode);
    }
  }
  expect(await snapshot(app), `${label}: database changed`).toEqual(before);
}

describe("account endpoints refuse callers who are not (or no longer) allowed", () => {
  it("should refuse a request without a token (401)", async () => {
    await expectRefusedEverywhere("no token", undefined, victim, { api: 401, auth: 401, authCode: "no_authorization" });
  });

  it("should refuse an empty or non-bearer Authorization header", async () => {
    for (const header of ["", "Bearer", "Basic dXNlcjpwYXNz", `Token ${await victim.token()}`]) {
      const res = await fetch(`${app.url}/api/subscription/web/info`, { headers: { Authorization: header } });
      expectApiError(res.status, await readJson(res), header);
      expect(res.status, header).toBe(401);
    }
  });

  it("should refuse every token that is expired, forged, unsigned or tampered with", async () => {
    const tokens = await hostileTokens(app, victim);
    for (const [label, token] of Object.entries(tokens)) {
      const authCode = label === "unknown user" ? "user_not_found" : "bad_jwt";
      await expectRefusedEverywhere(label, token, victim, { api: 401, auth: 403, authCode });
    }
  });

  it("should refuse a deleted user's still-unexpired token", async () => {
    const user = await createUser(app);
    const token = await user.token();
    await app.db.query("DELETE FROM users WHERE id = $1", [user.id]);
    await expectRefusedEverywhere("deleted", token, user, { api: 401, auth: 403, authCode: "user_not_found" });
  });

  it("should refuse a token whose session was ended (signed out)", async () => {
    const user = await createUser(app);
    const token = await user.token();
    await app.db.query("DELETE FROM sessions WHERE user_id = $1", [user.id]);
    await expectRefusedEverywhere("signed out", token, user, { api: 401, auth: 403, authCode: "session_not_found" });
  });

  it("should refuse a token whose session ended by itself (signed in over 30 days ago)", async () => {
    const user = await createUser(app);
    const token = await user.token();
    await app.db.query("UPDATE sessions SET created_at = $2 WHERE user_id = $1", [
      user.id,
      new Date(app.clock.now().getTime() - 31 * 86_400_000),
    ]);
    await expectRefusedEverywhere("session ended", token, user, { api: 401, auth: 403, authCode: "session_not_found" });
  });

  it("should refuse a user banned until a date (403)", async () => {
    const user = await createUser(app);
    const until = new Date(app.clock.now().getTime() + 86_400_000);
    await app.db.query("UPDATE users SET banned_until = $2 WHERE id = $1", [user.id, until]);
    await expectRefusedEverywhere("banned", await user.token(), user, { api: 403, auth: 403, authCode: "user_banned" });
  });

  it("should refuse a user banned for ever (banned_until = 'infinity') with 403, not a server error", async () => {
    const user = await createUser(app);
    await app.db.query("UPDATE users SET banned_until = 'infinity' WHERE id = $1", [user.id]);
    await expectRefusedEverywhere("banned for ever", await user.token(), user, {
      api: 403,
      auth: 403,
      authCode: "user_banned",
    });
  });

  it("should refuse a customer blocked in the product (403)", async () => {
    const user = await createUser(app);
    await api(app, "POST", "/user/web/register", { user, body: { email: user.email } });
    await app.db.query("UPDATE customers SET blocked = true WHERE id = $1", [user.id]);
    await expectRefusedEverywhere("blocked", await user.token(), user, { api: 403, auth: 0 }, "api");
  });
});

describe("another user's ids", () => {
  it("should answer 404 for someone else's transaction and leave the victim's payment alone", async () => {
    const mallory = await createUser(app);
    await api(app, "POST", "/user/web/register", { user: mallory, body: { email: mallory.email } });
    const before = await snapshot(app);
    const res = await api(app, "POST", "/exnode/invoice", {
      user: mallory,
      body: {
        token: "USDTTRC",
        amount: 5,
        fiat_currency: "USD",
        client_transaction_id: victimTransaction,
        redirect_url: profileUrl(app),
        payform: true,
      },
    });
    expect(res.status).toBe(404);
    expectApiError(res.status, res.body, "foreign transaction");
    // Mallory sees none of the victim's payments, and registering cannot claim the victim's e-mail.
    expect((await api(app, "GET", "/payment/web/all", { user: mallory })).body).toEqual([]);
    const claim = await api(app, "POST", "/user/web/register", { user: mallory, body: { email: victim.email } });
    expect(claim.status).toBe(400);
    expect(await snapshot(app)).toEqual(before);
  });

  it("should answer 404 for someone else's session, list none of the victim's and end nothing", async () => {
    const mallory = await createUser(app);
    const before = await snapshot(app);
    const end = await api(app, "DELETE", `/user/web/sessions/${VICTIM_OTHER_SESSION}`, { user: mallory });
    expect(end.status).toBe(404);
    expectApiError(end.status, end.body, "foreign session");
    const listed = await api(app, "GET", "/user/web/sessions", { user: mallory });
    expect(listed.body).toHaveLength(1);
    expect(JSON.stringify(listed.body)).not.toContain(VICTIM_OTHER_SESSION);
    expect(await snapshot(app)).toEqual(before);
  });
});

describe("a user banned for ever at the auth server", () => {
  it("should be told 'banned' at sign-in and refresh, never get a server error", async () => {
    const auth = authClient(app);
    const email = `forever-${Date.now()}@example.com`;
    const session = await auth.confirmedUser(email, "violet-harbour-lantern");
    await app.db.query("UPDATE users SET banned_until = 'infinity' WHERE email = $1", [email]);
    const signIn = await auth.signIn(email, "violet-harbour-lantern");
    expect(signIn.status).toBe(400);
    expect(signIn.body.code).toBe("user_banned");
    const refresh = await auth.post("/token?grant_type=refresh_token", { refresh_token: session.refresh_token });
    expect(refresh.status).toBe(400);
    expect(refresh.body.code).toBe("user_banned");
    const byEmail = await api(app, "POST", "/user/web/by-email", { body: { email } });
    expect(byEmail.status).toBe(403);
  });
});
