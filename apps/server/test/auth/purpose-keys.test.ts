/**
 * Issue #25, Low: the refresh-token chain, one-time-code hashes and unsubscribe links have keys of
 * their own, derived with HKDF under a purpose label from the server's key secret, never from
 * JWT_SECRET. Before, whoever held the JWT key could compute the live successor of an old, rotated
 * refresh token (no reuse detection), test codes against their stored hashes and forge links.
 * Each check below does what such a holder would, with the derivation the JWT key used to feed.
 */
import { createHmac, hkdfSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readUnsubscribeToken, signUnsubscribeToken, unsubscribeKey } from "../../src/reminders/index.js";
import { authClient, type Session } from "../helpers/auth-client.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

const PASSWORD = "violet-harbour-lantern";

let app: TestApp;
let auth: ReturnType<typeof authClient>;
let n = 0;
const fresh = () => `keys${++n}-${Date.now()}@example.com`;

beforeAll(async () => {
  app = await startTestApp();
  auth = authClient(app);
});
afterAll(async () => {
  await app?.close();
});

/** What a JWT_SECRET holder computes: the keys the JWT key used to derive. */
const fromJwtKey = (label: string) => Buffer.from(hkdfSync("sha256", app.config.JWT_SECRET, "veil-auth", label, 32));

describe("given someone who holds JWT_SECRET and an old, rotated refresh token", () => {
  it("should not let them compute its live successor", async () => {
    const email = fresh();
    const first = await auth.confirmedUser(email, PASSWORD);
    const rotated = await auth.post<Session>("/token?grant_type=refresh_token", { refresh_token: first.refresh_token });
    expect(rotated.status).toBe(200);
    const computed = createHmac("sha256", fromJwtKey("refresh-token-chain"))
      .update(first.refresh_token)
      .digest("base64url");
    const res = await auth.post("/token?grant_type=refresh_token", { refresh_token: computed });
    expect(res.status).toBe(400);
    // The owner's chain goes on.
    const next = await auth.post("/token?grant_type=refresh_token", { refresh_token: rotated.body.refresh_token });
    expect(next.status).toBe(200);
  });

  it("should not let them test a code against its stored hash", async () => {
    const email = fresh();
    expect((await auth.post("/signup", { email, password: PASSWORD })).status).toBe(200);
    const code = await app.lastCode(email);
    const { rows } = await app.db.query<{ code_hash: string }>(
      "SELECT code_hash FROM one_time_codes WHERE user_id = (SELECT id FROM users WHERE email = $1)",
      [email],
    );
    const guessed = createHmac("sha256", fromJwtKey("one-time-codes"))
      .update(`signup\n${email}\n${code}`)
      .digest("hex");
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.code_hash).not.toBe(guessed);
  });

  it("should not let them forge an unsubscribe link", () => {
    const jwtDerived = createHmac("sha256", app.config.JWT_SECRET)
      .update("veil/reminders/unsubscribe-key")
      .digest("base64url");
    const customerId = "5d0c6a57-3e0a-4c36-9d4e-1f8f5b1a2c3d";
    const forged = signUnsubscribeToken(jwtDerived, customerId);
    expect(readUnsubscribeToken(unsubscribeKey(app.config), forged)).toBeNull();
    expect(
      readUnsubscribeToken(unsubscribeKey(app.config), signUnsubscribeToken(unsubscribeKey(app.config), customerId)),
    ).toBe(customerId);
  });
});
