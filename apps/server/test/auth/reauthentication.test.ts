/**
 * Secure password change (GoTrue's `UpdatePasswordRequireReauthentication`): a session signed in
 * longer ago than AUTH_SECURE_PASSWORD_CHANGE_WINDOW_SECONDS (24 h by default) cannot set a new
 * password with its access token alone — `PUT /user {password}` answers 400
 * `reauthentication_needed` until `GET /reauthenticate` has mailed the owner a code and the request
 * carries it as `nonce`. So a stolen access token no longer lets anyone change the password and end
 * the owner's other sessions. Time moves on the test clock.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authClient, type Session } from "../helpers/auth-client.js";
import { STARTS_OWN_APP_MS, startTestApp, type TestApp } from "../helpers/test-app.js";

const PASSWORD = "violet-harbour-lantern";
const NEW_PASSWORD = "amber-meadow-compass";

let app: TestApp;
let auth: ReturnType<typeof authClient>;
let n = 0;
const fresh = () => `reauth${++n}-${Date.now()}@example.com`;

beforeAll(async () => {
  app = await startTestApp();
  auth = authClient(app);
});
afterAll(async () => {
  await app?.close();
});

/** A confirmed user whose session was signed in 24 h + 1 s ago (its access token just refreshed). */
async function oldSession(email = fresh()): Promise<Session & { email: string }> {
  const s = await auth.confirmedUser(email, PASSWORD);
  app.clock.advance({ hours: 24, seconds: 1 });
  const refreshed = await auth.post<Session>("/token?grant_type=refresh_token", { refresh_token: s.refresh_token });
  expect(refreshed.status).toBe(200);
  return { ...refreshed.body, email };
}

const reauthenticate = (s: Session, headers: Record<string, string> = {}) =>
  auth.get("/reauthenticate", { token: s.access_token, headers });

/** The code of the newest re-authentication mail to `email`. */
async function reauthCode(email: string): Promise<string> {
  const [mail] = (await app.mailbox(email)).filter((m) => m.subject.includes("change the password"));
  const code = mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
  if (!code) throw new Error(`no re-authentication code mailed to ${email}`);
  return code;
}

const wrongCode = (code: string) => (code === "000000" ? "111111" : "000000");

describe("given a session signed in less than 24 h ago", () => {
  it("should change the password without a code", async () => {
    const email = fresh();
    const s = await auth.confirmedUser(email, PASSWORD);
    app.clock.advance({ hours: 23 });
    const { body } = await auth.post<Session>("/token?grant_type=refresh_token", { refresh_token: s.refresh_token });
    expect((await auth.put("/user", { password: NEW_PASSWORD }, { token: body.access_token })).status).toBe(200);
    expect((await auth.signIn(email, NEW_PASSWORD)).status).toBe(200);
  });
});

describe("given a session signed in more than 24 h ago", () => {
  it("should refuse a new password without a nonce with 400 reauthentication_needed, changing nothing", async () => {
    const s = await oldSession();
    const other = await auth.signIn(s.email, PASSWORD);
    expect(await auth.put("/user", { password: NEW_PASSWORD }, { token: s.access_token })).toMatchObject({
      status: 400,
      body: { code: "reauthentication_needed", message: "Password update requires reauthentication" },
    });
    expect((await auth.signIn(s.email, PASSWORD)).status).toBe(200);
    // The owner's other session was not ended.
    expect((await auth.get("/user", { token: other.body.access_token })).status).toBe(200);
    // Metadata alone still needs no code.
    expect((await auth.put("/user", { data: { theme: "dark" } }, { token: s.access_token })).status).toBe(200);
  });

  it("should mail a code on /reauthenticate and accept it once as the nonce", async () => {
    const s = await oldSession();
    const res = await reauthenticate(s);
    expect(res).toMatchObject({ status: 200, body: {} });
    const [mail] = await app.mailbox(s.email);
    expect(mail?.subject).toBe("Your Veil code to change the password");
    const nonce = await reauthCode(s.email);

    expect(await auth.put("/user", { password: NEW_PASSWORD, nonce }, { token: s.access_token })).toMatchObject({
      status: 200,
      body: { email: s.email },
    });
    expect((await auth.signIn(s.email, NEW_PASSWORD)).status).toBe(200);
    expect((await auth.signIn(s.email, PASSWORD)).status).toBe(400);
    // Used up: the same nonce does not set another password.
    expect(
      await auth.put("/user", { password: "third-password-here", nonce }, { token: s.access_token }),
    ).toMatchObject({ status: 422, body: { code: "reauthentication_not_valid" } });
  });

  it("should answer a wrong nonce with 422 reauthentication_not_valid and void the code after 5 wrong tries", async () => {
    const s = await oldSession();
    await reauthenticate(s);
    const nonce = await reauthCode(s.email);
    for (let i = 0; i < 5; i++) {
      expect(
        await auth.put("/user", { password: NEW_PASSWORD, nonce: wrongCode(nonce) }, { token: s.access_token }),
      ).toMatchObject({
        status: 422,
        body: { code: "reauthentication_not_valid", message: "Nonce has expired or is invalid" },
      });
    }
    expect((await auth.put("/user", { password: NEW_PASSWORD, nonce }, { token: s.access_token })).status).toBe(422);
    expect((await auth.signIn(s.email, PASSWORD)).status).toBe(200);
  });

  it("should refuse a nonce when none was requested, and a code older than 10 minutes", async () => {
    const s = await oldSession();
    expect(
      (await auth.put("/user", { password: NEW_PASSWORD, nonce: "123456" }, { token: s.access_token })).body,
    ).toMatchObject({ code: "reauthentication_not_valid" });
    await reauthenticate(s);
    const nonce = await reauthCode(s.email);
    app.clock.advance({ minutes: 10, seconds: 1 });
    expect((await auth.put("/user", { password: NEW_PASSWORD, nonce }, { token: s.access_token })).body).toMatchObject({
      code: "reauthentication_not_valid",
    });
  });

  it("should not let the code sign anyone in through /verify", async () => {
    const s = await oldSession();
    await reauthenticate(s);
    const token = await reauthCode(s.email);
    for (const type of ["email", "recovery", "signup", "magiclink"]) {
      expect(await auth.post("/verify", { email: s.email, token, type })).toMatchObject({
        status: 403,
        body: { code: "otp_expired" },
      });
    }
  });

  it("should mail in the request's language (Russian)", async () => {
    const s = await oldSession();
    await reauthenticate(s, { "Accept-Language": "ru-RU,ru;q=0.9" });
    const [mail] = await app.mailbox(s.email);
    expect(mail?.subject).toBe("Код Veil для смены пароля");
    expect(mail?.text).toMatch(/\b\d{6}\b/);
  });
});

describe("given /reauthenticate's own resend window", () => {
  it("should mail right after a recovery mail, then make a second request wait 30 s", async () => {
    const s = await oldSession();
    expect((await auth.post("/recover", { email: s.email })).status).toBe(200);
    expect((await reauthenticate(s)).status).toBe(200);
    const again = await reauthenticate(s);
    expect(again).toMatchObject({ status: 429, body: { code: "over_email_send_rate_limit" } });
    app.clock.advance({ seconds: 31 });
    expect((await reauthenticate(s)).status).toBe(200);
  });

  it("should require a signed-in user", async () => {
    expect((await auth.get("/reauthenticate")).status).toBe(403);
    expect((await auth.post("/reauthenticate", {})).status).toBe(403);
  });
});

describe("given AUTH_SECURE_PASSWORD_CHANGE_WINDOW_SECONDS=0", () => {
  it(
    "should ask every session for a code",
    async () => {
      const strict = await startTestApp({ env: { AUTH_SECURE_PASSWORD_CHANGE_WINDOW_SECONDS: "0" } });
      try {
        const client = authClient(strict);
        const s = await client.confirmedUser("strict@example.com", PASSWORD);
        expect((await client.put("/user", { password: NEW_PASSWORD }, { token: s.access_token })).body).toMatchObject({
          code: "reauthentication_needed",
        });
      } finally {
        await strict.close();
      }
    },
    STARTS_OWN_APP_MS,
  );
});
