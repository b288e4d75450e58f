/**
 * `pnpm admin users remove-2fa` (docs/operations.md, "Lost authenticator"): the user who lost their
 * phone signs in with the password alone afterwards; their old sessions are over; nobody else's
 * factors or sessions change.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminOn } from "../helpers/admin.js";
import { authClient } from "../helpers/auth-client.js";
import { enrollTotp } from "../helpers/mfa.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

const PASSWORD = "violet-harbour-lantern";

let app: TestApp;
let auth: ReturnType<typeof authClient>;
beforeAll(async () => {
  app = await startTestApp({
    env: { RECONCILE_INTERVAL_SECONDS: "0", RATE_LIMIT_VERIFY_PER_5MIN: "1000", RATE_LIMIT_TOKEN_PER_5MIN: "1000" },
  });
  auth = authClient(app);
}, 120_000);
afterAll(async () => app?.close());

const admin = (...argv: string[]) => runAdminOn(app, argv);

/** A user with a confirmed authenticator and recovery codes, signed in (aal2). */
async function withTwoFactor(name: string) {
  app.clock.advance({ minutes: 1 });
  const email = `${name}-${Date.now()}@example.com`;
  await auth.confirmedUser(email, PASSWORD);
  const enrolled = await enrollTotp(app, auth, (await auth.signIn(email, PASSWORD)).body);
  const codes = await auth.post("/factors/recovery-codes", {}, { token: enrolled.session.access_token });
  expect(codes.status).toBe(200);
  return { email, ...enrolled };
}

const factorsOf = async (token: string) =>
  (await auth.get<{ factors?: { factor_type: string }[] }>("/user", { token })).body.factors ?? [];

describe("pnpm admin users remove-2fa", () => {
  it("should remove the user's authenticator and recovery codes and end their sessions, and touch nobody else", async () => {
    const alice = await withTwoFactor("lost-phone");
    const bob = await withTwoFactor("bystander");
    // Before: the password alone leaves Alice at aal1 with a factor to give.
    expect((await auth.signIn(alice.email, PASSWORD)).body.user.factors).toHaveLength(2);

    const done = await admin("users", "remove-2fa", alice.email.toUpperCase());
    expect(done.code).toBe(0);
    expect(done.text).toContain(`Removed two-factor sign-in of ${alice.email}`);
    expect(done.text).toContain("authenticator, recovery codes");
    expect(done.text).toMatch(/ended \d+ session\(s\)/);
    const left = await app.db.query("SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1", [
      alice.email,
    ]);
    expect(left.rows).toEqual([]);

    // Her old (aal2) session is over, its refresh token too.
    expect((await auth.get("/user", { token: alice.session.access_token })).status).toBe(403);
    const refreshed = await auth.post("/token?grant_type=refresh_token", {
      refresh_token: alice.session.refresh_token,
    });
    expect(refreshed.status).toBe(400);
    // The password alone signs her in now, with nothing left to give.
    const again = await auth.signIn(alice.email, PASSWORD);
    expect(again.status).toBe(200);
    expect(await factorsOf(again.body.access_token)).toEqual([]);
    const { rows } = await app.db.query(
      "SELECT 1 FROM mfa_factors f JOIN users u ON u.id = f.user_id WHERE u.email = $1",
      [alice.email],
    );
    expect(rows).toEqual([]);

    // Alice is told, once, in her language (if someone talked support into this, she learns of it).
    await app.services.mail.flush();
    const notices = (await app.mailbox(alice.email)).filter((m) => m.subject.includes("Support turned off"));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain("the authenticator and recovery codes of your Veil account were removed");

    // Bob keeps his factors and his session, and is mailed nothing about it.
    expect((await factorsOf(bob.session.access_token)).map((f) => f.factor_type).sort()).toEqual([
      "recovery_code",
      "totp",
    ]);
    expect((await app.mailbox(bob.email)).filter((m) => m.subject.includes("Support"))).toEqual([]);
  });

  it("should mail the notice in Russian to a user who chose Russian", async () => {
    const ivan = await withTwoFactor("ivan");
    await app.db.query("UPDATE users SET language = 'ru' WHERE email = $1", [ivan.email]);
    expect((await admin("users", "remove-2fa", ivan.email)).code).toBe(0);
    await app.services.mail.flush();
    const [notice] = await app.mailbox(ivan.email);
    expect(notice?.subject).toBe("Поддержка выключила для Veil вход с двухфакторной защитой");
  });

  it("should remove an abandoned set-up without mailing a notice (two-factor sign-in was never on)", async () => {
    const email = `abandoned-${Date.now()}@example.com`;
    const session = await auth.confirmedUser(email, PASSWORD);
    expect((await auth.post("/factors", { factor_type: "totp" }, { token: session.access_token })).status).toBe(200);
    const done = await admin("users", "remove-2fa", email);
    expect(done.text).toContain("authenticator (unconfirmed)");
    expect(done.text).not.toContain("mailed");
    await app.services.mail.flush();
    expect((await app.mailbox(email)).filter((m) => m.subject.includes("Support"))).toEqual([]);
  });

  it("should keep every factor and session when the notice cannot be written (removal and mail go together)", async () => {
    const carol = await withTwoFactor("carol");
    const code = await runAdminOn(app, ["users", "remove-2fa", carol.email], {
      enqueueNotice: async () => {
        throw new Error("outbox unavailable");
      },
    }).catch(() => "threw");
    expect(code).toBe("threw");
    expect((await factorsOf(carol.session.access_token)).map((f) => f.factor_type).sort()).toEqual([
      "recovery_code",
      "totp",
    ]);
  });

  it("should change nothing for a user without two-factor sign-in, and refuse an unknown user", async () => {
    const email = `plain-${Date.now()}@example.com`;
    const session = await auth.confirmedUser(email, PASSWORD);
    const none = await admin("users", "remove-2fa", email);
    expect(none).toEqual({ code: 0, text: `${email} (${session.user.id}) has no two-factor sign-in; nothing changed` });
    await app.services.mail.flush();
    expect((await app.mailbox(email)).filter((m) => m.subject.includes("Support"))).toEqual([]);
    expect((await auth.get("/user", { token: session.access_token })).status).toBe(200);

    const unknown = await admin("users", "remove-2fa", "nobody@example.com");
    expect(unknown).toEqual({ code: 2, text: "No user nobody@example.com" });
    expect((await admin("users", "remove-2fa")).code).toBe(2);
  });
});
