/**
 * The product API's account routes need the second factor of a user who has one (README, "Product
 * API"): an aal1 token of such a user gets 403 `{detail, code: "insufficient_aal"}`; the same user
 * at aal2, and users without a factor at aal1, are served as before.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authClient } from "../helpers/auth-client.js";
import { enrollTotp, totpCode } from "../helpers/mfa.js";
import { withoutRequestId } from "../helpers/product.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

const PASSWORD = "violet-harbour-lantern";
let app: TestApp;
let auth: ReturnType<typeof authClient>;
let n = 0;
const fresh = () => `api-mfa${++n}-${Date.now()}@example.com`;

beforeAll(async () => {
  app = await startTestApp();
  auth = authClient(app);
}, 60_000);
afterAll(async () => app?.close());

const call = (method: string, path: string, token: string, body?: unknown) =>
  fetch(`${app.url}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    ...(body ? { body: JSON.stringify(body) } : {}),
  }).then(async (res) => ({ status: res.status, body: withoutRequestId(await res.json(), res.headers) }));

const accountRoutes = (email: string) =>
  [
    ["GET", "/subscription/web/info"],
    ["GET", "/payment/web/all"],
    ["GET", "/user/web/export"],
    ["POST", "/user/web/init-session", { email }],
  ] as const;

describe("given a user with a verified authenticator", () => {
  it("should refuse the account routes to an aal1 token with 403 insufficient_aal and serve the aal2 one", async () => {
    const email = fresh();
    const s = await auth.confirmedUser(email, PASSWORD);
    const { secret, factorId, session } = await enrollTotp(app, auth, s);
    app.clock.advance({ seconds: 30 });
    const aal1 = (await auth.signIn(email, PASSWORD)).body.access_token;
    for (const [method, path, body] of accountRoutes(email)) {
      expect(await call(method, path, aal1, body), `${method} ${path}`).toEqual({
        status: 403,
        body: { detail: "Two-factor verification required", code: "insufficient_aal" },
      });
    }
    // The aal2 session from the enrolment is served; so is the aal1 one once it verified a code.
    expect((await call("GET", "/subscription/web/info", session.access_token)).status).toBe(200);
    const challenge = await auth.post<{ id: string }>(`/factors/${factorId}/challenge`, {}, { token: aal1 });
    const verified = await auth.post<{ access_token: string }>(
      `/factors/${factorId}/verify`,
      { challenge_id: challenge.body.id, code: totpCode(secret, app.clock.now()) },
      { token: aal1 },
    );
    for (const [method, path, body] of accountRoutes(email)) {
      expect((await call(method, path, verified.body.access_token, body)).status, `${method} ${path}`).toBe(200);
    }
  });
});

describe("given a user without a second factor", () => {
  it("should serve the account routes to an aal1 token as before", async () => {
    const email = fresh();
    const s = await auth.confirmedUser(email, PASSWORD);
    for (const [method, path, body] of accountRoutes(email)) {
      expect((await call(method, path, s.access_token, body)).status, `${method} ${path}`).toBe(200);
    }
  });

  it("should serve a user whose only enrolment was never verified", async () => {
    const email = fresh();
    const s = await auth.confirmedUser(email, PASSWORD);
    expect((await auth.post("/factors", { factor_type: "totp" }, { token: s.access_token })).status).toBe(200);
    expect((await call("GET", "/subscription/web/info", s.access_token)).status).toBe(200);
  });
});
