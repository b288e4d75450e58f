/**
 * Issue #25, Medium: a stolen access token of a user without two-factor sign-in must not turn it on
 * with the thief's authenticator (a month-long aal2 session for him, the owner locked out at aal1).
 * The first enrolment follows the password change's rule: a session signed in more than
 * AUTH_SECURE_PASSWORD_CHANGE_WINDOW_SECONDS (24 h) ago first re-authenticates with the code
 * `GET /reauthenticate` mails to the owner, sent alone as `PUT /user {nonce}`; that lasts 10 minutes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authClient, type Session } from "../helpers/auth-client.js";
import { challengeAndVerify, totpCode } from "../helpers/mfa.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

const PASSWORD = "violet-harbour-lantern";
const THIEF = { ip: "198.51.100.77" };

let app: TestApp;
let auth: ReturnType<typeof authClient>;
let n = 0;
const fresh = () => `first${++n}-${Date.now()}@example.com`;

beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMIT_VERIFY_PER_5MIN: "1000", RATE_LIMIT_OTP_PER_5MIN: "1000" } });
  auth = authClient(app);
});
afterAll(async () => {
  await app?.close();
});

/** A user without two-factor sign-in whose session signed in 24 h + 1 s ago (token just refreshed). */
async function oldSession(): Promise<Session & { email: string }> {
  app.clock.advance({ minutes: 5 });
  const email = fresh();
  const s = await auth.confirmedUser(email, PASSWORD);
  app.clock.advance({ hours: 24, seconds: 1 });
  const refreshed = await auth.post<Session>("/token?grant_type=refresh_token", { refresh_token: s.refresh_token });
  expect(refreshed.status).toBe(200);
  return { ...refreshed.body, email };
}

async function reauthCode(email: string): Promise<string> {
  await app.services.mail.flush();
  const [mail] = (await app.mailbox(email)).filter((m) => m.subject.includes("change the password"));
  const code = mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
  if (!code) throw new Error(`no re-authentication code mailed to ${email}`);
  return code;
}

const factorCount = async (email: string) =>
  (await app.db.query("SELECT 1 FROM mfa_factors WHERE user_id = (SELECT id FROM users WHERE email = $1)", [email]))
    .rows.length;

describe("given a stolen access token of a session signed in more than 24 h ago, without two-factor sign-in", () => {
  it("should refuse to enrol a first authenticator with 400 reauthentication_needed, storing nothing", async () => {
    const stolen = await oldSession();
    const enrol = await auth.post(
      "/factors",
      { factor_type: "totp" },
      { token: stolen.access_token, ip: "198.51.100.9" },
    );
    expect(enrol).toMatchObject({ status: 400, body: { code: "reauthentication_needed" } });
    expect(await factorCount(stolen.email)).toBe(0);
    // A wrong code does not re-authenticate it either.
    const wrong = await auth.put("/user", { nonce: "000000" }, { token: stolen.access_token });
    expect(wrong).toMatchObject({ status: 422, body: { code: "reauthentication_not_valid" } });
    const again = await auth.post("/factors", { factor_type: "totp" }, { token: stolen.access_token });
    expect(again).toMatchObject({ status: 400, body: { code: "reauthentication_needed" } });
  });

  it("should let the owner enrol and confirm it after the mailed code, for 10 minutes", async () => {
    const s = await oldSession();
    expect((await auth.get("/reauthenticate", { token: s.access_token })).status).toBe(200);
    const code = await reauthCode(s.email);
    const used = await auth.put("/user", { nonce: code }, { token: s.access_token });
    expect(used.status).toBe(200);
    // The code is used up: it does not re-authenticate twice.
    expect(await auth.put("/user", { nonce: code }, { token: s.access_token })).toMatchObject({
      status: 422,
      body: { code: "reauthentication_not_valid" },
    });

    app.clock.advance({ minutes: 9 });
    const enrol = await auth.post<{ id: string; totp: { secret: string } }>(
      "/factors",
      { factor_type: "totp" },
      { token: s.access_token },
    );
    expect(enrol.status).toBe(200);
    const verify = await challengeAndVerify(
      auth,
      s.access_token,
      enrol.body.id,
      totpCode(enrol.body.totp.secret, app.clock.now()),
    );
    expect(verify.status).toBe(200);
  });

  it("should ask again once the re-authentication is more than 10 minutes old", async () => {
    const s = await oldSession();
    await auth.get("/reauthenticate", { token: s.access_token });
    expect((await auth.put("/user", { nonce: await reauthCode(s.email) }, { token: s.access_token })).status).toBe(200);
    app.clock.advance({ minutes: 11 });
    expect(await auth.post("/factors", { factor_type: "totp" }, { token: s.access_token })).toMatchObject({
      status: 400,
      body: { code: "reauthentication_needed" },
    });
  });
});

describe("given a session a mailed code (sign-up) opened less than 10 minutes ago", () => {
  it("should enrol a first authenticator without another mailed code", async () => {
    app.clock.advance({ minutes: 5 });
    const email = fresh();
    const s = await auth.confirmedUser(email, PASSWORD);
    app.clock.advance({ minutes: 9 });
    const later = await auth.post<Session>("/token?grant_type=refresh_token", { refresh_token: s.refresh_token });
    expect((await auth.post("/factors", { factor_type: "totp" }, { token: later.body.access_token })).status).toBe(200);
  });
});

describe("given an access token that leaks from a session signed in 3 hours ago (within the password change's 24 h)", () => {
  it("should not let it turn two-factor sign-in on, so the owner's reset by mail still takes the account back", async () => {
    // Re-audit of #25: the thief enrolled his authenticator with it, set a password from the aal2
    // session that gave him, and the owner's recovery by mail then gave her only aal1: setting a
    // password (401) and removing his factor (422) both needed his app. The account was his for good.
    app.clock.advance({ minutes: 5 });
    const email = fresh();
    const s = await auth.confirmedUser(email, PASSWORD);
    app.clock.advance({ hours: 3 });
    const leaked = await auth.post<Session>("/token?grant_type=refresh_token", { refresh_token: s.refresh_token });
    const enrol = await auth.post("/factors", { factor_type: "totp" }, { ...THIEF, token: leaked.body.access_token });
    expect(enrol).toMatchObject({ status: 400, body: { code: "reauthentication_needed" } });
    expect(await factorCount(email)).toBe(0);
    // What the thief can still do with it (set a password, as GoTrue allows within 24 h), the owner
    // undoes by mail: her recovery code, then her own password.
    expect(
      (await auth.put("/user", { password: "thief-owns-it-now" }, { ...THIEF, token: leaked.body.access_token }))
        .status,
    ).toBe(200);
    app.clock.advance({ seconds: 31 });
    expect((await auth.post("/recover", { email })).status).toBe(200);
    const recovery = await auth.post<Session>("/verify", { email, token: await app.lastCode(email), type: "recovery" });
    expect(recovery.status).toBe(200);
    expect(
      (await auth.put("/user", { password: "owner-takes-it-back" }, { token: recovery.body.access_token })).status,
    ).toBe(200);
    expect((await auth.signIn(email, "thief-owns-it-now", THIEF)).status).toBe(400);
  });
});

describe("given only the owner's password (no mailbox, no token)", () => {
  it("should not let a fresh password sign-in turn two-factor sign-in on, so her reset by mail still takes the account back", async () => {
    // Re-audit of #25: signed in with her password, the thief enrolled and confirmed his
    // authenticator and set a password; her recovery by mail gave aal1 only, and setting a
    // password (401) and removing his factor (422) both needed his app.
    app.clock.advance({ minutes: 5 });
    const email = fresh();
    await auth.confirmedUser(email, PASSWORD);
    app.clock.advance({ hours: 1 });
    const thief = await auth.signIn(email, PASSWORD, THIEF);
    expect(thief.status).toBe(200);
    const enrol = await auth.post("/factors", { factor_type: "totp" }, { ...THIEF, token: thief.body.access_token });
    expect(enrol).toMatchObject({ status: 400, body: { code: "reauthentication_needed" } });
    expect(await factorCount(email)).toBe(0);
    // The password he can still change; her recovery by mail undoes it.
    const changed = await auth.put(
      "/user",
      { password: "thief-owns-it-now" },
      { ...THIEF, token: thief.body.access_token },
    );
    expect(changed.status).toBe(200);
    app.clock.advance({ seconds: 31 });
    expect((await auth.post("/recover", { email })).status).toBe(200);
    const recovery = await auth.post<Session>("/verify", { email, token: await app.lastCode(email), type: "recovery" });
    expect(recovery.status).toBe(200);
    expect(
      (await auth.put("/user", { password: "owner-takes-it-back" }, { token: recovery.body.access_token })).status,
    ).toBe(200);
    expect((await auth.signIn(email, "thief-owns-it-now", THIEF)).status).toBe(400);
  });
});
