/**
 * The data export's two-factor and reminder parts (docs/product.md §11.2): each factor's type,
 * name, status and dates, never its secret or the recovery codes; whether renewal reminders were
 * turned off; and nothing of another user's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUnsubscribeToken, unsubscribeKey } from "../../src/reminders/index.js";
import { authClient, type Session } from "../helpers/auth-client.js";
import { challengeAndVerify, totpCode } from "../helpers/mfa.js";
import { api, type TestUser } from "../helpers/product.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

const PASSWORD = "violet-harbour-lantern";

let app: TestApp;
let auth: ReturnType<typeof authClient>;
beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMIT_VERIFY_PER_5MIN: "1000", RATE_LIMIT_TOKEN_PER_5MIN: "1000" } });
  auth = authClient(app);
}, 120_000);
afterAll(async () => app?.close());

const bearer = (user: { id: string; email: string }, session: Session): TestUser => ({
  ...user,
  token: async () => session.access_token,
});

/**
 * A customer with a named authenticator (enrolled, confirmed a minute later, then used again to
 * sign in), recovery codes and a half-finished second enrolment.
 */
async function withTwoFactor(name: string) {
  const email = `${name}-${Date.now()}@example.com`;
  const first = await auth.confirmedUser(email, PASSWORD);
  const user = { id: first.user.id as string, email };
  expect((await api(app, "POST", "/user/web/register", { user: bearer(user, first), body: { email } })).status).toBe(
    200,
  );
  const enrolledAt = app.clock.now().toISOString();
  const enroll = await auth.post<{ id: string; totp: { secret: string } }>(
    "/factors",
    { factor_type: "totp", friendly_name: `Phone of ${name}` },
    { token: first.access_token },
  );
  expect(enroll.status).toBe(200);
  const secret = enroll.body.totp.secret;
  app.clock.advance({ minutes: 1 });
  const verifiedAt = app.clock.now().toISOString();
  const verified = await challengeAndVerify(
    auth,
    first.access_token,
    enroll.body.id,
    totpCode(secret, app.clock.now()),
  );
  expect(verified.status).toBe(200);
  const codes = await auth.post<{ codes: string[] }>(
    "/factors/recovery-codes",
    {},
    { token: verified.body.access_token },
  );
  expect(codes.status).toBe(200);
  // Signing in again with a later code does not move the factor's verification date.
  app.clock.advance({ minutes: 1 });
  const again = (await auth.signIn(email, PASSWORD)).body;
  const raised = await challengeAndVerify(auth, again.access_token, enroll.body.id, totpCode(secret, app.clock.now()));
  expect(raised.status).toBe(200);
  const pending = await auth.post(
    "/factors",
    { factor_type: "totp", friendly_name: `Tablet of ${name}` },
    {
      token: raised.body.access_token,
    },
  );
  expect(pending.status).toBe(200);
  return { user: bearer(user, raised.body), secret, codes: codes.body.codes, enrolledAt, verifiedAt };
}

const exportOf = async (user: TestUser) => {
  const res = await api(app, "GET", "/user/web/export", { user });
  expect(res.status).toBe(200);
  return res.body;
};

describe("GET /user/web/export, two-factor sign-in and reminders", () => {
  it("should list the caller's factors with their dates, never a secret or a recovery code, and nothing of another user", async () => {
    const alice = await withTwoFactor("alice");
    const bob = await withTwoFactor("bob");

    const data = await exportOf(alice.user);
    expect(data.two_factor).toEqual([
      {
        type: "totp",
        friendly_name: "Phone of alice",
        status: "verified",
        created_at: alice.enrolledAt,
        verified_at: alice.verifiedAt,
      },
      {
        type: "recovery_code",
        friendly_name: "Recovery codes",
        status: "verified",
        created_at: alice.verifiedAt,
        verified_at: alice.verifiedAt,
      },
      {
        type: "totp",
        friendly_name: "Tablet of alice",
        status: "unverified",
        created_at: expect.any(String),
        verified_at: null,
      },
    ]);

    const text = JSON.stringify(data);
    const { rows } = await app.db.query<{ secret: string | null; user_id: string }>(
      "SELECT secret, user_id FROM mfa_factors WHERE secret IS NOT NULL",
    );
    const { rows: hashes } = await app.db.query<{ code_hash: string }>("SELECT code_hash FROM mfa_recovery_codes");
    for (const secret of [alice.secret, ...rows.map((r) => r.secret ?? "-"), ...hashes.map((h) => h.code_hash)]) {
      expect(text).not.toContain(secret);
    }
    for (const code of alice.codes) expect(text).not.toContain(code);
    expect(text).not.toMatch(/"(secret|code_hash|codes|last_used_step)"/);
    for (const foreign of [bob.user.id, bob.user.email, "Phone of bob", "Tablet of bob"]) {
      expect(text).not.toContain(foreign);
    }
    expect((await exportOf(bob.user)).two_factor.map((f: { friendly_name: string }) => f.friendly_name)).toEqual([
      "Phone of bob",
      "Recovery codes",
      "Tablet of bob",
    ]);
  });

  it("should tell whether the caller turned renewal reminders off, and which reminders were mailed", async () => {
    const alice = await withTwoFactor("carol");
    const bob = await withTwoFactor("dave");
    expect((await exportOf(alice.user)).renewal_reminders).toEqual({
      unsubscribed: false,
      unsubscribed_at: null,
      mailed: [],
    });

    const endsAt = new Date(app.clock.now().getTime() + 3 * 86_400_000).toISOString();
    await app.db.query(
      "INSERT INTO renewal_reminders (customer_id, kind, period_ends_at, sent_at) VALUES ($1, 'soon', $2, $3)",
      [alice.user.id, endsAt, app.clock.now()],
    );
    const offAt = app.clock.now().toISOString();
    const token = signUnsubscribeToken(unsubscribeKey(app.config), alice.user.id);
    const off = await fetch(`${app.url}/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: "POST",
    });
    expect(off.status).toBe(200);

    const data = await exportOf(alice.user);
    expect(data.renewal_reminders).toEqual({
      unsubscribed: true,
      unsubscribed_at: offAt,
      mailed: [{ kind: "soon", period_ends_at: endsAt, sent_at: offAt }],
    });
    expect(JSON.stringify(data)).not.toContain(token);
    // Bob's reminders are his own: still on, nothing mailed.
    expect((await exportOf(bob.user)).renewal_reminders).toEqual({
      unsubscribed: false,
      unsubscribed_at: null,
      mailed: [],
    });
  });
});
