/**
 * Issue #25, High: an aal2 access token that leaks hours after the owner typed her code (a routine
 * refresh minted it) must not swap her second factor. Adding an authenticator, confirming it,
 * removing one and making or deleting recovery codes each need a code of a factor she ALREADY has,
 * typed in the last 10 minutes; a new factor's own code never vouches for itself; and every change
 * of her factors mails her, in her language, what to do if it was not her.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authClient, jwtPayload, type Session } from "../helpers/auth-client.js";
import { challengeAndVerify, enrollTotp, totpCode } from "../helpers/mfa.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

const PASSWORD = "violet-harbour-lantern";
const THIEF = { ip: "198.51.100.77" };

let app: TestApp;
let auth: ReturnType<typeof authClient>;
let n = 0;
const fresh = () => `stolen${++n}-${Date.now()}@example.com`;

beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMIT_VERIFY_PER_5MIN: "1000", RATE_LIMIT_TOKEN_PER_5MIN: "1000" } });
  auth = authClient(app);
});
afterAll(async () => {
  await app?.close();
});

/** An owner with a confirmed authenticator and recovery codes, at aal2 (the verify's session). */
async function ownerWithTwoFactor(language: "en" | "ru" = "en") {
  app.clock.advance({ minutes: 20 });
  const email = fresh();
  await auth.confirmedUser(email, PASSWORD);
  if (language === "ru") await app.db.query("UPDATE users SET language = 'ru' WHERE email = $1", [email]);
  const signIn = await auth.signIn(email, PASSWORD);
  const totp = await enrollTotp(app, auth, signIn.body);
  const codes = await auth.post<{ codes: string[] }>(
    "/factors/recovery-codes",
    {},
    { token: totp.session.access_token },
  );
  expect(codes.status).toBe(200);
  return { email, ...totp, recoveryCodes: codes.body.codes };
}

const subjects = async (email: string) => {
  await app.services.mail.flush();
  return (await app.mailbox(email)).map((m) => m.subject);
};

describe("given an aal2 access token minted by a refresh 5 hours after the owner's last code", () => {
  it("should refuse to add, confirm, remove or regenerate anything with it, leaving her factors and codes working", async () => {
    const owner = await ownerWithTwoFactor();
    app.clock.advance({ hours: 5 });
    const refreshed = await auth.post<Session>("/token?grant_type=refresh_token", {
      refresh_token: owner.session.refresh_token,
    });
    const stolen = refreshed.body.access_token;
    expect(jwtPayload(stolen)).toMatchObject({ aal: "aal2" });
    const mailsBefore = (await subjects(owner.email)).length;

    // The thief enrols his own authenticator: refused before anything is stored.
    const enrol = await auth.post("/factors", { factor_type: "totp" }, { ...THIEF, token: stolen });
    expect(enrol).toMatchObject({ status: 422, body: { code: "insufficient_aal" } });
    // The owner's authenticator cannot be removed, nor her printed codes voided or deleted.
    const remove = await auth.call("DELETE", `/factors/${owner.factorId}`, undefined, { ...THIEF, token: stolen });
    expect(remove).toMatchObject({ status: 422, body: { code: "insufficient_aal" } });
    const regenerate = await auth.post("/factors/recovery-codes/regenerate", {}, { ...THIEF, token: stolen });
    expect(regenerate).toMatchObject({ status: 422, body: { code: "insufficient_aal" } });
    const deleteCodes = await auth.call("DELETE", "/factors/recovery-codes", undefined, { ...THIEF, token: stolen });
    expect(deleteCodes).toMatchObject({ status: 422, body: { code: "insufficient_aal" } });

    const { rows } = await app.db.query<{ factor_type: string }>(
      "SELECT factor_type FROM mfa_factors WHERE user_id = (SELECT id FROM users WHERE email = $1) ORDER BY factor_type",
      [owner.email],
    );
    expect(rows.map((r) => r.factor_type)).toEqual(["recovery_code", "totp"]);
    expect(await subjects(owner.email)).toHaveLength(mailsBefore);
    // Her authenticator and her printed codes still sign her in.
    const aal1 = (await auth.signIn(owner.email, PASSWORD)).body.access_token;
    const withCode = await challengeAndVerify(auth, aal1, owner.factorId, totpCode(owner.secret, app.clock.now()));
    expect(withCode.status).toBe(200);
    const aal1Again = (await auth.signIn(owner.email, PASSWORD)).body.access_token;
    const withRecovery = await auth.post(
      "/factors/recovery-codes/verify",
      { code: owner.recoveryCodes[0] },
      { token: aal1Again },
    );
    expect(withRecovery.status).toBe(200);
  });

  it("should let the owner do each change once she types a current code of her authenticator", async () => {
    const owner = await ownerWithTwoFactor();
    app.clock.advance({ hours: 5 });
    const later = (
      await auth.post<Session>("/token?grant_type=refresh_token", { refresh_token: owner.session.refresh_token })
    ).body;
    const again = await challengeAndVerify(
      auth,
      later.access_token,
      owner.factorId,
      totpCode(owner.secret, app.clock.now()),
    );
    expect(again.status).toBe(200);
    const token = again.body.access_token;
    expect((await auth.post("/factors/recovery-codes/regenerate", {}, { token })).status).toBe(200);
    expect((await auth.post("/factors", { factor_type: "totp", friendly_name: "Tablet" }, { token })).status).toBe(200);
  });
});

describe("given a second authenticator enrolled while a code was recent", () => {
  it("should refuse to confirm it with its own code once the owner's code is older than 10 minutes", async () => {
    const owner = await ownerWithTwoFactor();
    const second = await auth.post<{ id: string; totp: { secret: string } }>(
      "/factors",
      { factor_type: "totp", friendly_name: "Tablet" },
      { token: owner.session.access_token },
    );
    expect(second.status).toBe(200);
    app.clock.advance({ minutes: 11 });
    const own = await challengeAndVerify(
      auth,
      owner.session.access_token,
      second.body.id,
      totpCode(second.body.totp.secret, app.clock.now()),
    );
    expect(own).toMatchObject({ status: 422, body: { code: "insufficient_aal" } });
    const { rows } = await app.db.query<{ status: string }>("SELECT status FROM mfa_factors WHERE id = $1", [
      second.body.id,
    ]);
    expect(rows[0]?.status).toBe("unverified");
  });
});

describe("given the owner changing her factors", () => {
  it("should mail her a notice for every factor and recovery-code change, with the way out if it was not her", async () => {
    const owner = await ownerWithTwoFactor();
    expect(await subjects(owner.email)).toEqual(
      expect.arrayContaining([
        "Two-factor sign-in was turned on for Veil",
        "Recovery codes were made for your Veil account",
      ]),
    );
    const tablet = await enrollTotp(app, auth, owner.session);
    expect(await subjects(owner.email)).toContain("An authenticator was added to your Veil account");
    const t2 = tablet.session.access_token;
    expect((await auth.post("/factors/recovery-codes/regenerate", {}, { token: t2 })).status).toBe(200);
    expect(await subjects(owner.email)).toContain("Your Veil recovery codes were replaced");
    expect((await auth.call("DELETE", `/factors/${owner.factorId}`, undefined, { token: t2 })).status).toBe(200);
    expect(await subjects(owner.email)).toContain("An authenticator was removed from your Veil account");
    expect((await auth.call("DELETE", "/factors/recovery-codes", undefined, { token: t2 })).status).toBe(200);
    expect(await subjects(owner.email)).toContain("Your Veil recovery codes were deleted");

    const notice = (await app.mailbox(owner.email)).find((m) => m.subject.startsWith("An authenticator was added"));
    expect(notice?.text).toContain("reset your password now with “Forgot password”");
    expect(notice?.text).toContain("signs every other device out");
  });

  it("should write the notices in her language", async () => {
    const owner = await ownerWithTwoFactor("ru");
    await enrollTotp(app, auth, owner.session);
    const mails = await subjects(owner.email);
    expect(mails).toEqual(
      expect.arrayContaining([
        "Для учётной записи Veil созданы коды восстановления",
        "К учётной записи Veil добавлен аутентификатор",
      ]),
    );
    const added = (await app.mailbox(owner.email)).find((m) => m.subject.startsWith("К учётной записи Veil добавлен"));
    expect(added?.text).toContain("сбросьте пароль через «Забыли пароль?»");
  });
});
