/**
 * Shared by the hardening suites: a fingerprint of every table (to prove a refused request changed
 * nothing), hostile tokens, and the error shapes each API documents.
 */
import { randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import { expect } from "vitest";
import { signAccessToken } from "../../src/auth/index.js";
import type { TestUser } from "../helpers/product.js";
import type { TestApp } from "../helpers/test-app.js";

/** Tables that hold user data or money, hashed to prove a refused request changed nothing. */
const TABLES = [
  "users",
  "identities",
  "sessions",
  "refresh_tokens",
  "one_time_codes",
  "user_known_ips",
  "customers",
  "plans",
  "subscriptions",
  "subscription_grants",
  "payments",
  "payment_events",
  "contact_messages",
  "mail_outbox",
];

/**
 * Row count and content hash of every such table, in one statement. Rate-limit counters are left
 * out on purpose: counting a refused attempt is what they are for.
 */
export async function snapshot(app: TestApp): Promise<Record<string, string>> {
  // Mail queued by an earlier, accepted request is delivered in the background (pending → sent):
  // deliver everything due and wait for a delivery already in flight, or a later refused request
  // would seem to have changed the outbox. (Polling for due pending rows was not enough: a claimed
  // row is leased into the future while its send is still running.)
  await app.services.mail.flush();
  const columns = TABLES.map(
    (t) =>
      `(SELECT count(*) || ':' || md5(coalesce(string_agg(x.r, E'\\n' ORDER BY x.r), ''))
          FROM (SELECT t::text AS r FROM "${t}" t) x) AS "${t}"`,
  );
  const { rows } = await app.db.query<Record<string, string>>(`SELECT ${columns.join(", ")}`);
  return rows[0] ?? {};
}

/** The claims of a TestUser's token, for forging variants of it. */
function claimsOf(user: TestUser, sessionId: string) {
  return {
    sub: user.id,
    email: user.email,
    phone: "",
    role: "authenticated",
    aal: "aal1",
    amr: [],
    session_id: sessionId,
    is_anonymous: false,
    app_metadata: { provider: "email", providers: ["email"] },
    user_metadata: {},
  };
}

/** Tokens that must all be refused: expired, signed with another secret, unsigned, or not JWTs at all. */
export async function hostileTokens(app: TestApp, user: TestUser): Promise<Record<string, string>> {
  const good = await user.token();
  const [, payload = ""] = good.split(".");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
  const sessionId = claims.session_id as string;
  const past = new Date(app.clock.now().getTime() - 2 * 3600_000);
  const expired = await signAccessToken(claimsOf(user, sessionId), {
    secret: app.config.JWT_SECRET,
    clock: { now: () => past },
    expiresIn: 3600,
  });
  const foreign = await signAccessToken(claimsOf(user, sessionId), {
    secret: "another-projects-secret-that-is-long-enough!",
    clock: app.clock,
    expiresIn: 3600,
  });
  const header = (h: object) => Buffer.from(JSON.stringify(h)).toString("base64url");
  const none = `${header({ alg: "none", typ: "JWT" })}.${payload}.`;
  // HS512 with the right secret: only HS256 is accepted.
  const otherAlg = await new SignJWT(claims)
    .setProtectedHeader({ alg: "HS512", typ: "JWT" })
    .sign(new TextEncoder().encode(app.config.JWT_SECRET));
  // The right signature over a body whose role was raised to service_role.
  const tampered = `${good.split(".")[0]}.${Buffer.from(JSON.stringify({ ...claims, role: "service_role" })).toString("base64url")}.${good.split(".")[2]}`;
  const unknownSub = await signAccessToken(
    { ...claimsOf(user, sessionId), sub: randomUUID() },
    { secret: app.config.JWT_SECRET, clock: app.clock, expiresIn: 3600 },
  );
  return {
    expired: expired.token,
    "foreign-signed": foreign.token,
    "alg none": none,
    "alg HS512": otherAlg,
    "tampered payload": tampered,
    "unknown user": unknownSub.token,
    garbage: "not.a.jwt",
    huge: "a".repeat(8000),
    "three dots": "..",
  };
}

/** `{detail: string}` or the 422 list: the product API's documented error shape. */
export function expectApiError(status: number, body: unknown, what: string) {
  expect(status, what).toBeGreaterThanOrEqual(400);
  expect(status, what).toBeLessThan(500);
  expect(body, what).toBeTypeOf("object");
  const detail = (body as { detail?: unknown }).detail;
  if (Array.isArray(detail)) {
    expect(status, what).toBe(422);
    for (const issue of detail) {
      expect(issue, what).toMatchObject({ loc: expect.any(Array), msg: expect.any(String), type: expect.any(String) });
    }
  } else {
    expect(detail, what).toBeTypeOf("string");
  }
  expectNoLeak(body, what);
}

/** GoTrue's error shape: versioned `{code, error_code, message, msg}` (docs/architecture.md §7). */
export function expectAuthError(status: number, body: unknown, what: string) {
  expect(status, what).toBeGreaterThanOrEqual(400);
  expect(status, what).toBeLessThan(500);
  expect(body, what).toMatchObject({
    code: expect.any(String),
    error_code: expect.any(String),
    message: expect.any(String),
    msg: expect.any(String),
  });
  expectNoLeak(body, what);
}

/** No stack trace, file path or database error text in what a client sees (echoed input is fine). */
export function expectNoLeak(body: unknown, what: string) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  expect(text, what).not.toMatch(
    /\bat .+:\d+:\d+|node_modules|\/src\/|\.ts:\d+|syntax error at or near|violates .* constraint|duplicate key value|invalid input syntax|relation ".+" does not exist/i,
  );
}

export async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
