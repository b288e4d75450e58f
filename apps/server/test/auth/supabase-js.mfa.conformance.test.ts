/**
 * The unmodified supabase-js client's `auth.mfa.*` against our /auth/v1: enroll, challenge, verify,
 * challengeAndVerify, listFactors, getAuthenticatorAssuranceLevel, unenroll, the experimental
 * recoveryCodes API, the MFA_CHALLENGE_VERIFIED event, and the errors it must recognise.
 */
import { isAuthApiError, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestClock } from "../../src/clock.js";
import { totpCode } from "../helpers/mfa.js";
import { makeClient } from "../helpers/supabase-js-client.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

const PASSWORD = "a fine passphrase";

describe("given supabase-js v2's mfa API pointed at the embedded auth server", () => {
  let app: TestApp;
  let n = 0;
  const fresh = () => `jsmfa${++n}-${Date.now()}@example.com`;
  const clients: SupabaseClient[] = [];
  const client = () => {
    const made = makeClient(app);
    clients.push(made.client);
    return made;
  };
  /** A confirmed user, signed in with the password on a new client. */
  async function signedIn(email = fresh()) {
    const made = client();
    await made.client.auth.signUp({ email, password: PASSWORD });
    await made.client.auth.verifyOtp({ email, token: await app.lastCode(email), type: "email" });
    await made.client.auth.signOut({ scope: "local" });
    const res = await made.client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(res.error).toBeNull();
    // Turning two-factor sign-in on needs the mailed code first (README, "Security"): auth-js's
    // reauthenticate() and updateUser({ nonce }) do it.
    expect((await made.client.auth.reauthenticate()).error).toBeNull();
    expect((await made.client.auth.updateUser({ nonce: await app.lastCode(email) })).error).toBeNull();
    return { ...made, email };
  }
  const code = (secret: string) => totpCode(secret, app.clock.now());

  beforeAll(async () => {
    // Near real time: auth-js compares expires_at with its own Date.now().
    app = await startTestApp({ clock: createTestClock(Date.now()) });
  });
  afterAll(async () => {
    for (const c of clients) await c.auth.stopAutoRefresh();
    await app?.close();
  });

  it("should enroll, challenge and verify a TOTP factor, reaching aal2 with MFA_CHALLENGE_VERIFIED", async () => {
    const { client: sb, events } = await signedIn();
    const enrolled = await sb.auth.mfa.enroll({ factorType: "totp", friendlyName: "Phone" });
    expect(enrolled.error).toBeNull();
    const data = enrolled.data as NonNullable<typeof enrolled.data>;
    expect(data).toMatchObject({ type: "totp", friendly_name: "Phone" });
    expect(data.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg /);
    expect(data.totp.uri).toMatch(/^otpauth:\/\/totp\//);

    const listed = await sb.auth.mfa.listFactors();
    expect(listed.data?.all).toEqual([expect.objectContaining({ id: data.id, status: "unverified" })]);
    expect(listed.data?.totp).toEqual([]);
    expect((await sb.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: "aal1",
      nextLevel: "aal1",
    });

    const challenge = await sb.auth.mfa.challenge({ factorId: data.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data).toMatchObject({ type: "totp", expires_at: expect.any(Number) });
    const verified = await sb.auth.mfa.verify({
      factorId: data.id,
      challengeId: challenge.data?.id as string,
      code: code(data.totp.secret),
    });
    expect(verified.error).toBeNull();
    expect(events).toContain("MFA_CHALLENGE_VERIFIED");
    const level = await sb.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: "aal2", nextLevel: "aal2" });
    expect(level.data?.currentAuthenticationMethods.map((m) => (typeof m === "string" ? m : m.method))).toEqual([
      "totp",
      "password",
    ]);
    // The stored session is the verify's: a refresh keeps aal2.
    const refreshed = await sb.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect((await sb.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe("aal2");
    expect((await sb.auth.mfa.listFactors()).data?.totp).toEqual([
      expect.objectContaining({ id: data.id, status: "verified" }),
    ]);
  });

  it("should ask a signed-in user with a factor for aal2, and take challengeAndVerify's code", async () => {
    const { client: first, email } = await signedIn();
    const enrolled = (await first.auth.mfa.enroll({ factorType: "totp" })).data as {
      id: string;
      totp: { secret: string };
    };
    expect(
      (await first.auth.mfa.challengeAndVerify({ factorId: enrolled.id, code: code(enrolled.totp.secret) })).error,
    ).toBeNull();
    app.clock.advance({ seconds: 30 });

    const { client: sb, events } = client();
    expect((await sb.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    expect((await sb.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: "aal1",
      nextLevel: "aal2",
    });
    const wrong = await sb.auth.mfa.challengeAndVerify({
      factorId: enrolled.id,
      code: "000000" === code(enrolled.totp.secret) ? "111111" : "000000",
    });
    expect(isAuthApiError(wrong.error)).toBe(true);
    expect(wrong.error).toMatchObject({ status: 422, code: "mfa_verification_failed" });
    const right = await sb.auth.mfa.challengeAndVerify({ factorId: enrolled.id, code: code(enrolled.totp.secret) });
    expect(right.error).toBeNull();
    expect(events).toContain("MFA_CHALLENGE_VERIFIED");
    expect((await sb.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe("aal2");
  });

  it("should generate recovery codes at aal2 and let one stand in for the authenticator code", async () => {
    const { client: first, email } = await signedIn();
    const enrolled = (await first.auth.mfa.enroll({ factorType: "totp" })).data as {
      id: string;
      totp: { secret: string };
    };
    await first.auth.mfa.challengeAndVerify({ factorId: enrolled.id, code: code(enrolled.totp.secret) });
    const issued = await first.auth.mfa.recoveryCodes.generate();
    expect(issued.error).toBeNull();
    expect(issued.data?.codes).toHaveLength(10);
    expect((await first.auth.mfa.listFactors()).data?.recovery_code).toHaveLength(1);

    const { client: sb, events } = client();
    await sb.auth.signInWithPassword({ email, password: PASSWORD });
    const used = await sb.auth.mfa.recoveryCodes.verify({ code: (issued.data?.codes[0] ?? "").toUpperCase() });
    expect(used.error).toBeNull();
    expect(events).toContain("MFA_CHALLENGE_VERIFIED");
    const level = await sb.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data?.currentLevel).toBe("aal2");
    expect(level.data?.currentAuthenticationMethods[0]).toMatchObject({ method: "mfa/recovery_code" });
    expect((await sb.auth.mfa.recoveryCodes.getStatus()).data).toMatchObject({ total: 10, remaining: 9 });
  });

  it("should unenroll after a fresh code: recovery codes first, then the factor, and drop to aal1 on refresh", async () => {
    const { client: sb } = await signedIn();
    const enrolled = (await sb.auth.mfa.enroll({ factorType: "totp" })).data as {
      id: string;
      totp: { secret: string };
    };
    await sb.auth.mfa.challengeAndVerify({ factorId: enrolled.id, code: code(enrolled.totp.secret) });
    await sb.auth.mfa.recoveryCodes.generate();

    const soleFactor = await sb.auth.mfa.unenroll({ factorId: enrolled.id });
    expect(soleFactor.error).toMatchObject({ status: 422, code: "mfa_recovery_codes_sole_factor" });
    expect((await sb.auth.mfa.recoveryCodes.unenroll()).error).toBeNull();
    const removed = await sb.auth.mfa.unenroll({ factorId: enrolled.id });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: enrolled.id });

    expect((await sb.auth.refreshSession()).error).toBeNull();
    expect((await sb.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: "aal1",
      nextLevel: "aal1",
    });
    expect((await sb.auth.mfa.listFactors()).data?.all).toEqual([]);
  });

  it("should refuse to unenroll a verified factor from an aal1 session with insufficient_aal", async () => {
    const { client: first, email } = await signedIn();
    const enrolled = (await first.auth.mfa.enroll({ factorType: "totp" })).data as {
      id: string;
      totp: { secret: string };
    };
    await first.auth.mfa.challengeAndVerify({ factorId: enrolled.id, code: code(enrolled.totp.secret) });
    const { client: sb } = client();
    await sb.auth.signInWithPassword({ email, password: PASSWORD });
    const refused = await sb.auth.mfa.unenroll({ factorId: enrolled.id });
    expect(refused.error).toMatchObject({ status: 422, code: "insufficient_aal" });
    const password = await sb.auth.updateUser({ password: "another fine passphrase" });
    expect(password.error).toMatchObject({ status: 401, code: "insufficient_aal" });
  });
});
