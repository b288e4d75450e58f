/**
 * The unmodified @supabase/supabase-js client against our /auth/v1: the flows the web app uses,
 * the events it listens to, and the errors it must recognise (status + code). Two-factor sign-in
 * (`supabase.auth.mfa.*`): supabase-js.mfa.conformance.test.ts.
 */
import { AuthWeakPasswordError, isAuthApiError, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestClock } from "../../src/clock.js";
import { makeClient } from "../helpers/supabase-js-client.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

describe("given supabase-js v2 pointed at the embedded auth server", () => {
  let app: TestApp;
  let n = 0;
  const fresh = () => `js${++n}-${Date.now()}@example.com`;
  const clients: SupabaseClient[] = [];
  const client = () => {
    const made = makeClient(app);
    clients.push(made.client);
    return made;
  };
  beforeAll(async () => {
    // Near real time: auth-js compares expires_at with its own Date.now().
    app = await startTestApp({ clock: createTestClock(Date.now()) });
  });
  afterAll(async () => {
    for (const c of clients) await c.auth.stopAutoRefresh();
    await app?.close();
  });

  it("should run sign-up → code → verifyOtp → getUser → refresh → updateUser → signOut with the right events", async () => {
    const { client: sb, events } = client();
    const email = fresh();

    const signUp = await sb.auth.signUp({ email, password: "first passphrase ok", options: { data: { lang: "ru" } } });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user?.email).toBe(email);
    expect(signUp.data.user?.identities).toHaveLength(1);
    expect(events).not.toContain("SIGNED_IN");
    const [mail] = await app.mailbox(email);
    expect(mail?.subject).toBe("Код подтверждения Veil");

    const verified = await sb.auth.verifyOtp({ email, token: await app.lastCode(email), type: "email" });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.access_token).toBeTruthy();
    expect(events).toContain("SIGNED_IN");

    const got = await sb.auth.getUser();
    expect(got.error).toBeNull();
    expect(got.data.user?.email).toBe(email);
    expect(got.data.user?.email_confirmed_at).toBeTruthy();

    const before = verified.data.session?.refresh_token;
    const refreshed = await sb.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(before);
    expect(events).toContain("TOKEN_REFRESHED");

    const updated = await sb.auth.updateUser({ password: "second passphrase ok" });
    expect(updated.error).toBeNull();
    expect(events).toContain("USER_UPDATED");

    const out = await sb.auth.signOut();
    expect(out.error).toBeNull();
    expect(events).toContain("SIGNED_OUT");
    expect((await sb.auth.getSession()).data.session).toBeNull();

    const again = await sb.auth.signInWithPassword({ email, password: "second passphrase ok" });
    expect(again.error).toBeNull();
    expect(again.data.session).toBeTruthy();
  });

  it("should recover a password: resetPasswordForEmail → verifyOtp recovery (PASSWORD_RECOVERY) → updateUser", async () => {
    const signer = client();
    const email = fresh();
    await signer.client.auth.signUp({ email, password: "old passphrase here" });
    await signer.client.auth.verifyOtp({ email, token: await app.lastCode(email), type: "email" });
    app.clock.advance({ seconds: 30 });

    const { client: sb, events } = client();
    const reset = await sb.auth.resetPasswordForEmail(email);
    expect(reset.error).toBeNull();
    const recovery = await sb.auth.verifyOtp({ email, token: await app.lastCode(email), type: "recovery" });
    expect(recovery.error).toBeNull();
    expect(recovery.data.session).toBeTruthy();
    expect(events).toContain("PASSWORD_RECOVERY");
    const updated = await sb.auth.updateUser({ password: "new passphrase here" });
    expect(updated.error).toBeNull();
    expect((await sb.auth.signInWithPassword({ email, password: "new passphrase here" })).error).toBeNull();
    expect((await sb.auth.signInWithPassword({ email, password: "old passphrase here" })).error?.code).toBe(
      "invalid_credentials",
    );
  });

  it("should report a reset for an unknown address as success (no enumeration)", async () => {
    const { client: sb } = client();
    const res = await sb.auth.resetPasswordForEmail(fresh());
    expect(res.error).toBeNull();
  });

  it("should deliver each error to the client with its status and code", async () => {
    const { client: sb } = client();
    const email = fresh();

    const weak = await sb.auth.signUp({ email, password: "password" });
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);
    expect(weak.error).toMatchObject({ status: 422, code: "weak_password" });
    expect((weak.error as AuthWeakPasswordError).reasons).toEqual(["pwned"]);

    await sb.auth.signUp({ email, password: "a fine passphrase" });
    const unconfirmed = await sb.auth.signInWithPassword({ email, password: "a fine passphrase" });
    expect(isAuthApiError(unconfirmed.error)).toBe(true);
    expect(unconfirmed.error).toMatchObject({
      status: 400,
      code: "email_not_confirmed",
      message: "Email not confirmed",
    });

    const tooSoon = await sb.auth.resend({ email, type: "signup" });
    expect(tooSoon.error).toMatchObject({ status: 429, code: "over_email_send_rate_limit" });

    const code = await app.lastCode(email);
    const wrongCode = await sb.auth.verifyOtp({ email, token: code === "000000" ? "111111" : "000000", type: "email" });
    expect(wrongCode.error).toMatchObject({
      status: 403,
      code: "otp_expired",
      message: "Token has expired or is invalid",
    });

    const wrongPassword = await sb.auth.signInWithPassword({ email, password: "not the passphrase" });
    expect(wrongPassword.error).toMatchObject({
      status: 400,
      code: "invalid_credentials",
      message: "Invalid login credentials",
    });

    await sb.auth.verifyOtp({ email, token: code, type: "email" });
    const same = await sb.auth.updateUser({ password: "a fine passphrase" });
    expect(same.error).toMatchObject({ status: 422, code: "same_password" });

    await app.db.query("UPDATE users SET banned_until = $2 WHERE email = $1", [
      email,
      new Date(app.clock.now().getTime() + 3_600_000),
    ]);
    const banned = await client().client.auth.signInWithPassword({ email, password: "a fine passphrase" });
    expect(banned.error).toMatchObject({ status: 400, code: "user_banned" });
  });

  it("should sign the client out when the server ended its session (getUser → session_not_found)", async () => {
    const { client: sb, events } = client();
    const email = fresh();
    await sb.auth.signUp({ email, password: "a fine passphrase" });
    await sb.auth.verifyOtp({ email, token: await app.lastCode(email), type: "email" });
    await app.db.query("DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE email = $1)", [email]);
    const res = await sb.auth.getUser();
    expect(res.error?.name).toBe("AuthSessionMissingError");
    expect(events).toContain("SIGNED_OUT");
    expect((await sb.auth.getSession()).data.session).toBeNull();
  });

  it("should report a reused refresh token as refresh_token_already_used", async () => {
    const { client: sb } = client();
    const email = fresh();
    await sb.auth.signUp({ email, password: "a fine passphrase" });
    const first = await sb.auth.verifyOtp({ email, token: await app.lastCode(email), type: "email" });
    const stale = first.data.session?.refresh_token as string;
    await sb.auth.refreshSession();
    app.clock.advance({ seconds: 11 });
    const other = client().client;
    const reuse = await other.auth.refreshSession({ refresh_token: stale });
    expect(reuse.error).toMatchObject({ status: 400, code: "refresh_token_already_used" });
  });

  // Last: it moves the shared clock a day on.
  it("should change the password of a day-old session: updateUser → reauthentication_needed → reauthenticate() → updateUser({ password, nonce })", async () => {
    const { client: sb, events } = client();
    const email = fresh();
    await sb.auth.signUp({ email, password: "a fine passphrase" });
    await sb.auth.verifyOtp({ email, token: await app.lastCode(email), type: "email" });
    app.clock.advance({ hours: 24, seconds: 1 });
    expect((await sb.auth.refreshSession()).error).toBeNull();

    const refused = await sb.auth.updateUser({ password: "a newer passphrase" });
    expect(refused.error).toMatchObject({ status: 400, code: "reauthentication_needed" });
    expect(isAuthApiError(refused.error)).toBe(true);

    expect((await sb.auth.reauthenticate()).error).toBeNull();
    const nonce = await app.lastCode(email);
    const wrong = await sb.auth.updateUser({
      password: "a newer passphrase",
      nonce: nonce === "000000" ? "1" : "000000",
    });
    expect(wrong.error).toMatchObject({ status: 422, code: "reauthentication_not_valid" });
    const changed = await sb.auth.updateUser({ password: "a newer passphrase", nonce });
    expect(changed.error).toBeNull();
    expect(events).toContain("USER_UPDATED");
    expect((await client().client.auth.signInWithPassword({ email, password: "a newer passphrase" })).error).toBeNull();
  });
});
