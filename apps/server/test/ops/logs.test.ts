/**
 * Logs an operator can follow, and that hold nothing they must not: one access line per request
 * on every surface (`/auth/v1`, `/api`, pages, assets, health) with request id, route pattern,
 * status and duration; the id in the reply's `X-Request-Id` header and in both error shapes
 * (`request_id` of `{detail, code}`, `error_id` of GoTrue's); and after a whole customer journey
 * (sign-up with a mailed code, sign-in, refresh, a wrong password, recovery, checkout paid through
 * the provider's callback, contact form, unsubscribe link, account deletion) not one address,
 * password, code, token or secret anywhere in the log.
 */
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/logger.js";
import { signUnsubscribeToken, unsubscribeKey } from "../../src/reminders/index.js";
import { authClient } from "../helpers/auth-client.js";
import { api, checkout, settleInvoice, type TestUser } from "../helpers/product.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

interface Line {
  [key: string]: unknown;
  msg?: string;
  requestId?: string;
}

let app: TestApp;
let text = "";
const sink = new Writable({
  write(chunk, _encoding, done) {
    text += chunk.toString();
    done();
  },
});
const lines = (): Line[] =>
  text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Line);
const accessLines = () => lines().filter((l) => l.msg === "request");

/** Everything the journey handled that must never be logged. */
const secrets = new Set<string>();
const remember = (...values: (string | undefined | null)[]) => {
  for (const v of values) if (v) secrets.add(v);
};

beforeAll(async () => {
  app = await startTestApp({
    env: { LOG_LEVEL: "trace", MAIL_RESEND_SECONDS: "1" },
    logger: createLogger({ LOG_LEVEL: "trace" }, sink),
  });
  remember(app.config.JWT_SECRET, app.config.EXNODE_CALLBACK_SECRET, app.config.MFA_ENCRYPTION_KEY);
}, 60_000);
afterAll(async () => app?.close());

describe("access lines", () => {
  it("one per request on every surface, with id, route pattern, status and duration", async () => {
    const calls: { path: string; surface: string; status?: number; method?: string }[] = [
      { path: "/healthz", surface: "health", status: 200 },
      { path: "/auth/v1/settings", surface: "auth", status: 200 },
      { path: "/auth/v1/user", surface: "auth", status: 401 },
      { path: "/api/plans/", surface: "api", status: 200 },
      { path: "/api/user/web/sessions/abc", surface: "api", status: 401, method: "DELETE" },
      { path: "/api/no/such/route", surface: "api", status: 404 },
      { path: "/assets/missing-1234.js", surface: "assets" },
      { path: "/faq", surface: "pages" },
    ];
    for (const call of calls) {
      const method = call.method ?? "GET";
      const res = await fetch(`${app.url}${call.path}`, { method });
      await res.arrayBuffer();
      const id = res.headers.get("x-request-id");
      expect(id, call.path).toMatch(/^[\w.-]{1,64}$/);
      const mine = accessLines().filter((l) => l.requestId === id);
      expect(mine, call.path).toHaveLength(1);
      const line = mine[0] as Line;
      expect(line, call.path).toMatchObject({ method, surface: call.surface, status: res.status });
      if (call.status) expect(res.status, call.path).toBe(call.status);
      expect(typeof line.ms).toBe("number");
      expect(typeof line.route).toBe("string");
    }
    // The route is the pattern, not the path with its values.
    const sessionLine = accessLines().find((l) => l.path === "/api/user/web/sessions/abc");
    expect(sessionLine?.route).toBe("/api/user/web/sessions/:id");
  });

  it("keeps a sane X-Request-Id the client sent, and replaces one that is not", async () => {
    const kept = await fetch(`${app.url}/api/plans/`, { headers: { "X-Request-Id": "lb-7f3a.42" } });
    expect(kept.headers.get("x-request-id")).toBe("lb-7f3a.42");
    const replaced = await fetch(`${app.url}/api/plans/`, { headers: { "X-Request-Id": "a b\u00e9<script>" } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("puts the id of the request in both error shapes", async () => {
    const apiError = await fetch(`${app.url}/api/user/web/sessions`);
    expect(await apiError.json()).toEqual({
      detail: "Not authenticated",
      code: "not_authenticated",
      request_id: apiError.headers.get("x-request-id"),
    });
    const authError = await authClient(app).post("/token?grant_type=password", {
      email: "nobody@example.com",
      password: "wrong-password-1",
    });
    expect(authError.status).toBe(400);
    expect(authError.body).toMatchObject({
      error_code: "invalid_credentials",
      msg: "Invalid login credentials",
      error_id: authError.headers.get("x-request-id"),
    });
  });
});

describe("a whole journey", () => {
  it("leaves no address, password, code, token or secret in the log", async () => {
    const auth = authClient(app);
    const email = "Journey.Person+vpn@Example.org";
    const password = "correct horse battery staple 7";
    remember(email, email.toLowerCase(), password);

    // Sign-up with the mailed code, then sign-in, a wrong password, refresh.
    const signup = await auth.post("/signup", { email, password });
    expect(signup.status).toBe(200);
    const code = await app.lastCode(email.toLowerCase());
    remember(code);
    const verified = await auth.post<{ access_token: string; refresh_token: string }>("/verify", {
      email,
      token: code,
      type: "email",
    });
    expect(verified.status).toBe(200);
    remember(verified.body.access_token, verified.body.refresh_token);
    expect((await auth.signIn(email, "not the password")).status).toBe(400);
    const signedIn = await auth.signIn(email, password);
    remember(signedIn.body.access_token, signedIn.body.refresh_token);
    const refreshed = await auth.post<{ access_token: string; refresh_token: string }>(
      "/token?grant_type=refresh_token",
      { refresh_token: signedIn.body.refresh_token },
    );
    remember(refreshed.body.access_token, refreshed.body.refresh_token);
    const token = refreshed.body.access_token;
    const user: TestUser = {
      id: "",
      email: email.toLowerCase(),
      token: async () => token,
    };

    // The product API: account, checkout paid through the provider's callback (its secret path).
    expect((await api(app, "POST", "/user/web/init-session", { user, body: { email } })).status).toBe(200);
    const paid = await checkout(app, user);
    await settleInvoice(app, paid.trackerId, "SUCCESS");
    expect((await api(app, "GET", "/payment/web/all", { user })).body).toHaveLength(1);
    expect((await api(app, "GET", "/subscription/web/info", { user })).body.is_active).toBe(true);

    // Recovery with a mailed code, the contact form, an unsubscribe link.
    await new Promise((r) => setTimeout(r, 1100));
    expect((await auth.post("/recover", { email })).status).toBe(200);
    remember(await app.lastCode(email.toLowerCase()));
    const contact = await api(app, "POST", "/contact/web/send", {
      body: { name: "Journey Person", email: "writer@example.net", message: "Hello, my account is Journey" },
    });
    expect(contact.status).toBe(200);
    remember("writer@example.net");
    const customer = await app.db.query<{ id: string }>("SELECT id FROM customers WHERE email = $1", [
      email.toLowerCase(),
    ]);
    const unsubscribe = signUnsubscribeToken(unsubscribeKey(app.config), customer.rows[0]?.id ?? "");
    remember(unsubscribe);
    expect((await api(app, "GET", `/reminders/status?token=${unsubscribe}`)).status).toBe(200);

    // Account deletion with the password.
    expect((await api(app, "POST", "/user/web/delete", { user, body: { password } })).status).toBe(200);
    await app.services.mail.flush();

    // The log saw all of it (an access line per call) and none of the values.
    expect(accessLines().length).toBeGreaterThan(20);
    expect(accessLines().some((l) => l.route === "/api/exnode/callback/:secret")).toBe(true);
    const leaks = [...secrets].filter((s) => text.includes(s) || text.includes(JSON.stringify(s).slice(1, -1)));
    expect(leaks).toEqual([]);
    for (const s of [...secrets].filter((v) => /^\d{6}$/.test(v))) {
      expect(text, "a mailed code").not.toMatch(new RegExp(`(?<!\\d)${s}(?!\\d)`));
    }
    expect(text.match(/[\w.+-]+@[\w-]+\.[\w.-]+/g) ?? []).toEqual([]);
    expect(text.match(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g) ?? []).toEqual([]);
  }, 120_000);
});
