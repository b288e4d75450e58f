import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, type TestUser } from "../helpers/product.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";
import { expectNoLeak, hostileTokens, readJson, snapshot } from "./helpers.js";

/**
 * Property-based fuzzing of every /api and /auth/v1 endpoint: hostile JSON (wrong types, missing
 * and extra fields, huge and unicode strings, SQL and HTML metacharacters), bodies that are not
 * JSON, wrong content types, oversized bodies, and missing, valid or hostile bearer tokens. Every
 * answer is below 500, JSON of the documented error shape when it is an error, carries no stack
 * trace, and a refused request leaves the database as it was. (test/api/no-server-errors.test.ts
 * fuzzes /api bodies for 5xx only; this adds auth, GETs, headers, shapes and the db check.)
 */
let app: TestApp;
let user: TestUser;
let tokens: string[];
beforeAll(async () => {
  // Every request moves the clock 2 h on: session limits off, so the "valid" token stays valid.
  app = await startTestApp({
    env: { LOG_LEVEL: "error", AUTH_SESSION_TIMEBOX_SECONDS: "0", AUTH_SESSION_INACTIVITY_TIMEOUT_SECONDS: "0" },
  });
  user = await createUser(app);
  tokens = Object.values(await hostileTokens(app, user));
}, 60_000);
afterAll(async () => app?.close());

const SQL = ["'; DROP TABLE users; --", "' OR '1'='1", '" OR 1=1 --', "\\", "%", "_%", "$1", "1; SELECT pg_sleep(5)"];
// biome-ignore lint/suspicious/noTemplateCurlyInString: template-injection probes, meant literally
const MARKUP = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "{{7*7}}", "${7*7}"];
const odd = fc.constantFrom(
  ...SQL,
  ...MARKUP,
  "",
  " ",
  "\u0000",
  "\uFEFF",
  "\u202Eevil",
  "e\u0301",
  "💥🧨",
  "x".repeat(5000),
  "a@b.co",
  "USDTTRC",
  "email",
  "recovery",
  "123456",
  "-1",
  "1e309",
);
const hostileString = fc.oneof(
  odd,
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.emailAddress(),
);
const hostileValue = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1e20, Number.MAX_SAFE_INTEGER, 2_147_483_648),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
);
/** Field names any endpoint reads, plus some none reads (extra fields). */
const FIELDS = [
  "email",
  "password",
  "current_password",
  "token",
  "token_hash",
  "type",
  "refresh_token",
  "data",
  "nonce",
  "phone",
  "name",
  "message",
  "plan_id",
  "amount",
  "currency",
  "payment_method",
  "fiat_currency",
  "client_transaction_id",
  "redirect_url",
  "payform",
  "tracker_id",
  "__proto__",
  "constructor",
  "role",
  "is_admin",
];
const shapedBody = fc
  .dictionary(fc.constantFrom(...FIELDS), hostileValue, { maxKeys: 8 })
  .map((v) => JSON.stringify(v));
const rawBody = fc.oneof(
  { weight: 5, arbitrary: shapedBody },
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 60 }),
  fc.constantFrom(
    "",
    "{",
    "{}",
    "[]",
    "null",
    "true",
    '{"email":',
    "\u0000",
    '{"a":1}{"b":2}',
    `{"email":"${"a".repeat(1000)}`,
  ),
  // Over the limits: 64 KB for /api, 1 MB for /auth/v1.
  fc.constantFrom(70_000, 1_100_000).map((n) => JSON.stringify({ email: "a@b.co", message: "x".repeat(n) })),
);
const contentType = fc.constantFrom(
  "application/json",
  "application/json;charset=UTF-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=xyz",
  "application/xml",
  undefined,
);
const tokenChoice = fc.constantFrom("none", "valid", "hostile");

interface Endpoint {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  api: "api" | "auth";
  body: boolean;
}
const API: Endpoint[] = [
  ...[
    "/user/web/by-email",
    "/user/web/register",
    "/user/web/init-session",
    "/user/web/delete",
    "/contact/web/send",
    "/payment/web/init",
    "/exnode/invoice",
    "/exnode/callback/not-the-secret",
  ].map((path) => ({ method: "POST" as const, path, api: "api" as const, body: true })),
  ...["/subscription/web/info", "/payment/web/all", "/user/web/sessions", "/plans/", "/exnode/tokens"].map((path) => ({
    method: "GET" as const,
    path,
    api: "api" as const,
    body: false,
  })),
];
const AUTH: Endpoint[] = [
  ...[
    "/signup",
    "/verify",
    "/resend",
    "/recover",
    "/token?grant_type=password",
    "/token?grant_type=refresh_token",
    "/token?grant_type=%27%3B--",
    "/logout",
    "/logout?scope=%3Cscript%3E",
  ].map((path) => ({ method: "POST" as const, path, api: "auth" as const, body: true })),
  { method: "PUT", path: "/user", api: "auth", body: true },
  // Two-factor sign-in: a factor id of nobody's, and one that is no uuid at all.
  ...[
    "/factors",
    "/factors/5b7cf1f1-1111-4111-8111-111111111111/challenge",
    "/factors/5b7cf1f1-1111-4111-8111-111111111111/verify",
    "/factors/%27%3B--/verify",
    "/factors/recovery-codes",
    "/factors/recovery-codes/verify",
    "/factors/recovery-codes/regenerate",
  ].map((path) => ({ method: "POST" as const, path, api: "auth" as const, body: true })),
  { method: "DELETE", path: "/factors/5b7cf1f1-1111-4111-8111-111111111111", api: "auth", body: false },
  { method: "DELETE", path: "/factors/recovery-codes", api: "auth", body: false },
  ...["/user", "/reauthenticate", "/settings", "/health", "/factors/recovery-codes"].map((path) => ({
    method: "GET" as const,
    path,
    api: "auth" as const,
    body: false,
  })),
];

let ip = 0;
async function send(endpoint: Endpoint, body: string, type: string | undefined, who: string, versioned: boolean) {
  // Step past every rate-limit window and vary the client address, so limits do not hide handlers.
  app.clock.advance({ hours: 2 });
  const headers: Record<string, string> = { "X-Forwarded-For": `198.18.${(ip >> 8) & 255}.${ip++ & 255}` };
  if (endpoint.api === "auth") {
    headers.apikey = "anon-key";
    if (versioned) headers["X-Supabase-Api-Version"] = "2024-01-01";
  }
  if (type) headers["Content-Type"] = type;
  if (who === "valid") headers.Authorization = `Bearer ${await user.token()}`;
  if (who === "hostile") headers.Authorization = `Bearer ${tokens[ip % tokens.length]}`;
  const base = endpoint.api === "api" ? `${app.url}/api` : app.authUrl;
  const res = await fetch(`${base}${endpoint.path}`, {
    method: endpoint.method,
    headers,
    ...(endpoint.body ? { body } : {}),
  });
  return { status: res.status, contentType: res.headers.get("content-type") ?? "", body: await readJson(res) };
}

function expectDocumentedError(
  endpoint: Endpoint,
  versioned: boolean,
  reply: Awaited<ReturnType<typeof send>>,
  what: string,
) {
  expect(reply.contentType, what).toMatch(/^application\/json/);
  if (endpoint.api === "api") {
    const detail = (reply.body as { detail?: unknown }).detail;
    if (Array.isArray(detail)) {
      expect(reply.status, what).toBe(422);
      for (const issue of detail)
        expect(issue, what).toMatchObject({ loc: expect.any(Array), msg: expect.any(String) });
    } else expect(detail, what).toBeTypeOf("string");
  } else if (versioned) {
    expect(reply.body, what).toMatchObject({
      code: expect.any(String),
      message: expect.any(String),
      msg: expect.any(String),
    });
  } else {
    expect(reply.body, what).toMatchObject({
      code: reply.status,
      error_code: expect.any(String),
      msg: expect.any(String),
    });
  }
}

describe("fuzzing every endpoint", () => {
  for (const endpoint of [...API, ...AUTH]) {
    it(`${endpoint.method} ${endpoint.api === "api" ? "/api" : "/auth/v1"}${endpoint.path}: no 5xx, documented errors, nothing changed`, async () => {
      await fc.assert(
        fc.asyncProperty(rawBody, contentType, tokenChoice, fc.boolean(), async (body, type, who, versioned) => {
          // The fuzzed user's session comes back if a fuzzed /logout ended it.
          await app.db.query(
            `INSERT INTO sessions (id, user_id, amr, created_at, updated_at)
             SELECT ($1::jsonb->>'session_id')::uuid, $2, '[]'::jsonb, $3, $3 ON CONFLICT DO NOTHING`,
            [
              JSON.stringify(JSON.parse(Buffer.from((await user.token()).split(".")[1] ?? "", "base64url").toString())),
              user.id,
              app.clock.now(),
            ],
          );
          const before = await snapshot(app);
          const reply = await send(endpoint, body, type, who, versioned);
          const what = `${endpoint.method} ${endpoint.path} [${type} ${who}] ${body.slice(0, 120)} → ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`;
          expect(reply.status, what).toBeLessThan(500);
          expectNoLeak(reply.body, what);
          if (reply.status >= 400) {
            expectDocumentedError(endpoint, versioned, reply, what);
            expect(await snapshot(app), `${what}: database changed`).toEqual(before);
          }
        }),
        { numRuns: 25 },
      );
    }, 120_000);
  }
});
