/**
 * Two-factor sign-in over the wire (GoTrue's /factors): enrolment, challenge, verify, unenroll, the
 * aal/amr claims, refresh keeping the level, and the attacks a reviewer tries first: replayed codes,
 * racing verifies, other users' factor ids, stale refresh tokens. Time moves on the test clock.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authClient, jwtPayload, type Session } from "../helpers/auth-client.js";
import { challengeAndVerify, enrollTotp, reauthenticateSession, totpCode, wrongTotp } from "../helpers/mfa.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

const PASSWORD = "violet-harbour-lantern";

let app: TestApp;
let auth: ReturnType<typeof authClient>;
let n = 0;
const fresh = () => `mfa${++n}-${Date.now()}@example.com`;

beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMIT_VERIFY_PER_5MIN: "1000", RATE_LIMIT_TOKEN_PER_5MIN: "1000" } });
  auth = authClient(app);
});
afterAll(async () => {
  await app?.close();
});

/** A confirmed user's password session; each test's clock step keeps codes of earlier tests apart. */
async function signedIn(email = fresh()): Promise<Session & { email: string }> {
  app.clock.advance({ minutes: 20 });
  await auth.confirmedUser(email, PASSWORD);
  const res = await auth.signIn(email, PASSWORD);
  expect(res.status).toBe(200);
  // Turning two-factor sign-in on needs the mailed re-authentication code (README, "Security").
  await reauthenticateSession(app, auth, res.body.access_token);
  return { ...res.body, email };
}

describe("given a signed-in user enrolling an authenticator", () => {
  it("should answer GoTrue's enroll shape with a secret, an otpauth URI and an SVG QR code, keeping the secret encrypted", async () => {
    const s = await signedIn();
    const res = await auth.post<{
      id: string;
      type: string;
      friendly_name: string;
      totp: { qr_code: string; secret: string; uri: string };
    }>("/factors", { factor_type: "totp", friendly_name: "Phone" }, { token: s.access_token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ type: "totp", friendly_name: "Phone" });
    expect(res.body.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(res.body.totp.uri).toContain(`otpauth://totp/localhost%3A8080:${encodeURIComponent(s.email)}`);
    expect(res.body.totp.uri).toContain(`secret=${res.body.totp.secret}`);
    // Bare SVG (auth-js prefixes the data: URI) and no "#", which would cut that URI short.
    expect(res.body.totp.qr_code).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(res.body.totp.qr_code).not.toContain("#");

    const user = await auth.get<{ factors: Array<Record<string, unknown>> }>("/user", { token: s.access_token });
    expect(user.body.factors).toEqual([
      expect.objectContaining({ id: res.body.id, factor_type: "totp", status: "unverified", friendly_name: "Phone" }),
    ]);
    const { rows } = await app.db.query<{ secret: string }>("SELECT secret FROM mfa_factors WHERE id = $1", [
      res.body.id,
    ]);
    expect(rows[0]?.secret).toMatch(/^v1:/);
    expect(rows[0]?.secret).not.toContain(res.body.totp.secret);
  });

  it("should refuse other factor types and a duplicate friendly name", async () => {
    const s = await signedIn();
    const opts = { token: s.access_token };
    expect(await auth.post("/factors", { factor_type: "sms" }, opts)).toMatchObject({
      status: 400,
      body: { code: "validation_failed" },
    });
    expect(await auth.post("/factors", { factor_type: "phone", phone: "+10000000000" }, opts)).toMatchObject({
      status: 422,
      body: { code: "mfa_phone_enroll_not_enabled" },
    });
    expect((await auth.post("/factors", { factor_type: "totp", friendly_name: "A" }, opts)).status).toBe(200);
    expect(await auth.post("/factors", { factor_type: "totp", friendly_name: "A" }, opts)).toMatchObject({
      status: 422,
      body: { code: "mfa_factor_name_conflict" },
    });
    // Only the anon key as bearer: no user.
    expect(await auth.post("/factors", { factor_type: "totp" })).toMatchObject({
      status: 403,
      body: { code: "bad_jwt" },
    });
  });

  it("should raise the session to aal2 with totp in amr on verify, and keep aal2 through refreshes", async () => {
    const s = await signedIn();
    expect(jwtPayload(s.access_token)).toMatchObject({ aal: "aal1" });
    const { session, factorId } = await enrollTotp(app, auth, s);
    const claims = jwtPayload(session.access_token);
    expect(claims).toMatchObject({ aal: "aal2", session_id: jwtPayload(s.access_token).session_id });
    expect((claims.amr as Array<{ method: string }>).map((e) => e.method)).toEqual(["totp", "password"]);
    expect(session.user.factors).toEqual([expect.objectContaining({ id: factorId, status: "verified" })]);

    app.clock.advance({ minutes: 30 });
    const refreshed = await auth.post<Session>("/token?grant_type=refresh_token", {
      refresh_token: session.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    expect(jwtPayload(refreshed.body.access_token)).toMatchObject({ aal: "aal2", amr: claims.amr });
  });

  it("should end the session when the refresh token from before the verify comes back, never minting aal2 from it", async () => {
    const s = await signedIn();
    const { session } = await enrollTotp(app, auth, s);
    const stale = await auth.post("/token?grant_type=refresh_token", { refresh_token: s.refresh_token });
    expect(stale).toMatchObject({ status: 400, body: { code: "refresh_token_already_used" } });
    expect((await auth.get("/user", { token: session.access_token })).body).toMatchObject({
      code: "session_not_found",
    });
  });
});

describe("given a user with a verified authenticator signing in", () => {
  it("should sign in at aal1 and reach aal2 only with a current code, signing the user's other aal1 sessions out", async () => {
    const first = await signedIn();
    const { secret, factorId } = await enrollTotp(app, auth, first);
    app.clock.advance({ seconds: 30 });
    const other = (await auth.signIn(first.email, PASSWORD)).body;
    const s = (await auth.signIn(first.email, PASSWORD)).body;
    expect(jwtPayload(s.access_token)).toMatchObject({ aal: "aal1" });
    expect(s.user.factors).toEqual([expect.objectContaining({ id: factorId, status: "verified" })]);

    const res = await challengeAndVerify(auth, s.access_token, factorId, totpCode(secret, app.clock.now()));
    expect(res.status).toBe(200);
    expect(jwtPayload(res.body.access_token)).toMatchObject({ aal: "aal2" });
    expect((await auth.get("/user", { token: other.access_token })).body).toMatchObject({
      code: "session_not_found",
    });
  });

  it("should never accept a time step twice: not the same code again, not an older step after a newer one", async () => {
    const s = await signedIn();
    const { secret, factorId } = await enrollTotp(app, auth, s);
    app.clock.advance({ seconds: 30 });
    const a = (await auth.signIn(s.email, PASSWORD)).body;
    const now = app.clock.now();
    expect((await challengeAndVerify(auth, a.access_token, factorId, totpCode(secret, now))).status).toBe(200);
    // Signed in after that verify (which signs the user's other aal1 sessions out).
    const b = (await auth.signIn(s.email, PASSWORD)).body;
    const replay = await challengeAndVerify(auth, b.access_token, factorId, totpCode(secret, now));
    expect(replay).toMatchObject({ status: 422, body: { code: "mfa_verification_failed" } });
    const older = await challengeAndVerify(auth, b.access_token, factorId, totpCode(secret, now, -1));
    expect(older).toMatchObject({ status: 422, body: { code: "mfa_verification_failed" } });
    app.clock.advance({ seconds: 30 });
    const next = await challengeAndVerify(auth, b.access_token, factorId, totpCode(secret, app.clock.now()));
    expect(next.status).toBe(200);
  });

  it("should let exactly one of many parallel verifies with the same code succeed", async () => {
    const s = await signedIn();
    const { secret, factorId } = await enrollTotp(app, auth, s);
    app.clock.advance({ seconds: 30 });
    const t = (await auth.signIn(s.email, PASSWORD)).body.access_token;
    const challenges = await Promise.all(
      [1, 2, 3, 4].map(() => auth.post<{ id: string }>(`/factors/${factorId}/challenge`, {}, { token: t })),
    );
    const code = totpCode(secret, app.clock.now());
    const results = await Promise.all(
      challenges.map((c) => auth.post(`/factors/${factorId}/verify`, { challenge_id: c.body.id, code }, { token: t })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 422 && r.body.code === "mfa_verification_failed")).toHaveLength(3);
  });

  it("should lock code checks after 5 wrong codes in 30 minutes, the right code included, even for parallel guesses", async () => {
    const s = await signedIn();
    const { secret, factorId } = await enrollTotp(app, auth, s);
    app.clock.advance({ seconds: 30 });
    const t = (await auth.signIn(s.email, PASSWORD)).body.access_token;
    const challenge = await auth.post<{ id: string }>(`/factors/${factorId}/challenge`, {}, { token: t });
    const wrong = wrongTotp(secret, app.clock.now());
    const guesses = await Promise.all(
      Array.from({ length: 12 }, () =>
        auth.post(`/factors/${factorId}/verify`, { challenge_id: challenge.body.id, code: wrong }, { token: t }),
      ),
    );
    expect(guesses.filter((g) => g.status === 422)).toHaveLength(5);
    expect(guesses.filter((g) => g.status === 429)).toHaveLength(7);
    const right = await auth.post(
      `/factors/${factorId}/verify`,
      { challenge_id: challenge.body.id, code: totpCode(secret, app.clock.now()) },
      { token: t },
    );
    expect(right).toMatchObject({ status: 429, body: { code: "over_request_rate_limit" } });
    expect(Number(right.headers.get("Retry-After"))).toBeGreaterThan(0);

    app.clock.advance({ minutes: 30, seconds: 1 });
    const later = await challengeAndVerify(auth, t, factorId, totpCode(secret, app.clock.now()));
    expect(later.status).toBe(200);
  });

  it("should refuse an expired challenge, one from another network and one of another session", async () => {
    const s = await signedIn();
    const { secret, factorId } = await enrollTotp(app, auth, s);
    app.clock.advance({ seconds: 30 });
    const t = (await auth.signIn(s.email, PASSWORD)).body.access_token;
    const other = (await auth.signIn(s.email, PASSWORD)).body.access_token;
    const challenge = async () =>
      (await auth.post<{ id: string; expires_at: number }>(`/factors/${factorId}/challenge`, {}, { token: t })).body;
    const verify = (id: string, opts: { token: string; ip?: string }) =>
      auth.post(`/factors/${factorId}/verify`, { challenge_id: id, code: totpCode(secret, app.clock.now()) }, opts);

    const old = await challenge();
    expect(old.expires_at).toBe(Math.floor(app.clock.now().getTime() / 1000) + 300);
    app.clock.advance({ seconds: 301 });
    expect(await verify(old.id, { token: t })).toMatchObject({ status: 422, body: { code: "mfa_challenge_expired" } });
    const elsewhere = await challenge();
    expect(await verify(elsewhere.id, { token: t, ip: "198.51.100.7" })).toMatchObject({
      status: 422,
      body: { code: "mfa_ip_address_mismatch" },
    });
    expect(await verify(elsewhere.id, { token: other })).toMatchObject({
      status: 422,
      body: { code: "mfa_factor_not_found" },
    });
    expect(await verify("5b7cf1f1-1111-4111-8111-111111111111", { token: t })).toMatchObject({
      status: 422,
      body: { code: "mfa_factor_not_found" },
    });
    // None of these spent a try: the right code still passes.
    expect((await verify(elsewhere.id, { token: t })).status).toBe(200);
  });

  it("should refuse the password change of an aal1 session with 401 insufficient_aal and allow it at aal2", async () => {
    const s = await signedIn();
    const { session } = await enrollTotp(app, auth, s);
    app.clock.advance({ seconds: 30 });
    const aal1 = (await auth.signIn(s.email, PASSWORD)).body;
    expect(await auth.put("/user", { password: "amber-meadow-compass" }, { token: aal1.access_token })).toMatchObject({
      status: 401,
      body: { code: "insufficient_aal" },
    });
    // Metadata needs no second factor.
    expect((await auth.put("/user", { data: { theme: "dark" } }, { token: aal1.access_token })).status).toBe(200);
    expect(
      (await auth.put("/user", { password: "amber-meadow-compass" }, { token: session.access_token })).status,
    ).toBe(200);
  });
});

describe("given another user's factor id", () => {
  it("should answer 404 mfa_factor_not_found to challenge, verify and unenroll, and leave the factor alone", async () => {
    const owner = await signedIn();
    const { factorId } = await enrollTotp(app, auth, owner);
    const stranger = (await enrollTotp(app, auth, await signedIn())).session.access_token;
    const opts = { token: stranger };
    for (const res of [
      await auth.post(`/factors/${factorId}/challenge`, {}, opts),
      await auth.post(`/factors/${factorId}/verify`, { challenge_id: factorId, code: "123456" }, opts),
      await auth.call("DELETE", `/factors/${factorId}`, undefined, opts),
      await auth.post("/factors/not-a-uuid/challenge", {}, opts),
    ]) {
      expect(res).toMatchObject({ status: 404, body: { code: "mfa_factor_not_found" } });
    }
    const { rows } = await app.db.query("SELECT 1 FROM mfa_factors WHERE id = $1", [factorId]);
    expect(rows).toHaveLength(1);
  });
});

describe("given a user turning two-factor sign-in off", () => {
  it("should need aal2 and a code verified in the last 10 minutes, then lower every session to aal1", async () => {
    const s = await signedIn();
    const { secret, factorId, session } = await enrollTotp(app, auth, s);
    app.clock.advance({ seconds: 30 });
    const aal1 = (await auth.signIn(s.email, PASSWORD)).body.access_token;
    expect(await auth.call("DELETE", `/factors/${factorId}`, undefined, { token: aal1 })).toMatchObject({
      status: 422,
      body: { code: "insufficient_aal" },
    });
    app.clock.advance({ minutes: 11 });
    const later = (
      await auth.post<Session>("/token?grant_type=refresh_token", { refresh_token: session.refresh_token })
    ).body;
    expect(jwtPayload(later.access_token)).toMatchObject({ aal: "aal2" });
    expect(await auth.call("DELETE", `/factors/${factorId}`, undefined, { token: later.access_token })).toMatchObject({
      status: 422,
      body: { code: "insufficient_aal" },
    });

    const again = await challengeAndVerify(auth, later.access_token, factorId, totpCode(secret, app.clock.now()));
    expect(again.status).toBe(200);
    expect(
      await auth.call("DELETE", `/factors/${factorId}`, undefined, { token: again.body.access_token }),
    ).toMatchObject({ status: 200, body: { id: factorId } });
    const after = await auth.post<Session>("/token?grant_type=refresh_token", {
      refresh_token: again.body.refresh_token,
    });
    expect(jwtPayload(after.body.access_token)).toMatchObject({
      aal: "aal1",
      amr: [expect.objectContaining({ method: "password" })],
    });
    expect(after.body.user.factors).toBeUndefined();
    // The aal2 access token issued before cannot enrol past the lowered session either.
    expect((await auth.signIn(s.email, PASSWORD)).status).toBe(200);
  });

  it("should let an aal1 session drop its own unverified enrolment", async () => {
    const s = await signedIn();
    const enroll = await auth.post<{ id: string }>("/factors", { factor_type: "totp" }, { token: s.access_token });
    expect(await auth.call("DELETE", `/factors/${enroll.body.id}`, undefined, { token: s.access_token })).toMatchObject(
      { status: 200, body: { id: enroll.body.id } },
    );
  });

  it("should need aal2 to enrol a second authenticator once one is verified", async () => {
    const s = await signedIn();
    const { session } = await enrollTotp(app, auth, s);
    const aal1 = (await auth.signIn(s.email, PASSWORD)).body.access_token;
    expect(await auth.post("/factors", { factor_type: "totp" }, { token: aal1 })).toMatchObject({
      status: 403,
      body: { code: "insufficient_aal" },
    });
    expect((await auth.post("/factors", { factor_type: "totp" }, { token: session.access_token })).status).toBe(200);
  });
});
