/**
 * Recovery codes on auth-js's `mfa.recoveryCodes` wire (`/factors/recovery-codes`): ten codes shown
 * once and stored hashed, each usable once in place of an authenticator code, never the only factor.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authClient, jwtPayload, type Session } from "../helpers/auth-client.js";
import { challengeAndVerify, enrollTotp, totpCode } from "../helpers/mfa.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

const PASSWORD = "violet-harbour-lantern";

let app: TestApp;
let auth: ReturnType<typeof authClient>;
let n = 0;
const fresh = () => `codes${++n}-${Date.now()}@example.com`;

beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMIT_VERIFY_PER_5MIN: "1000", RATE_LIMIT_TOKEN_PER_5MIN: "1000" } });
  auth = authClient(app);
});
afterAll(async () => {
  await app?.close();
});

interface Issued {
  id: string;
  type: string;
  total: number;
  codes: string[];
}

/** A user with a verified authenticator and a fresh set of recovery codes. */
async function withCodes() {
  app.clock.advance({ minutes: 20 });
  const email = fresh();
  await auth.confirmedUser(email, PASSWORD);
  const enrolled = await enrollTotp(app, auth, (await auth.signIn(email, PASSWORD)).body);
  const issued = await auth.post<Issued>("/factors/recovery-codes", {}, { token: enrolled.session.access_token });
  expect(issued.status).toBe(200);
  return { email, ...enrolled, issued: issued.body };
}

const aal1Session = async (email: string) => (await auth.signIn(email, PASSWORD)).body as Session;

describe("given a user generating recovery codes", () => {
  it("should show ten codes once, list the set as a verified factor and store only hashes", async () => {
    const { issued, session } = await withCodes();
    expect(issued).toMatchObject({ type: "recovery_code", total: 10, friendly_name: "Recovery codes" });
    expect(new Set(issued.codes).size).toBe(10);
    for (const code of issued.codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{16}$/);
    const user = await auth.get<{ factors: Array<{ factor_type: string; status: string }> }>("/user", {
      token: session.access_token,
    });
    expect(user.body.factors).toContainEqual(
      expect.objectContaining({ factor_type: "recovery_code", status: "verified" }),
    );
    const status = await auth.get("/factors/recovery-codes", { token: session.access_token });
    expect(status.body).toEqual({ id: issued.id, type: "recovery_code", total: 10, remaining: 10 });
    const { rows } = await app.db.query<{ code_hash: string }>(
      "SELECT code_hash FROM mfa_recovery_codes WHERE factor_id = $1",
      [issued.id],
    );
    expect(rows).toHaveLength(10);
    for (const { code_hash } of rows) expect(issued.codes).not.toContain(code_hash);
    // Once is once: a second set needs regenerate.
    expect(await auth.post("/factors/recovery-codes", {}, { token: session.access_token })).toMatchObject({
      status: 422,
      body: { code: "mfa_verified_factor_exists" },
    });
  });

  it("should refuse an aal1 session (403 insufficient_aal) and a user without an authenticator", async () => {
    const { email } = await withCodes();
    const aal1 = await aal1Session(email);
    expect(await auth.post("/factors/recovery-codes/regenerate", {}, { token: aal1.access_token })).toMatchObject({
      status: 403,
      body: { code: "insufficient_aal" },
    });
    const plain = fresh();
    const s = await auth.confirmedUser(plain, PASSWORD);
    expect(await auth.post("/factors/recovery-codes", {}, { token: s.access_token })).toMatchObject({
      status: 403,
      body: { code: "insufficient_aal" },
    });
  });
});

describe("given a user signing in with a recovery code", () => {
  it("should accept a code as typed (case, spaces, dashes) once, raising the session to aal2", async () => {
    const { email, issued } = await withCodes();
    const s = await aal1Session(email);
    const code = issued.codes[3] ?? "";
    const typed = ` ${code.slice(0, 4).toUpperCase()}-${code.slice(4, 8)} ${code.slice(8)} `;
    const res = await auth.post<Session>("/factors/recovery-codes/verify", { code: typed }, { token: s.access_token });
    expect(res.status).toBe(200);
    const claims = jwtPayload(res.body.access_token);
    expect(claims).toMatchObject({ aal: "aal2", session_id: jwtPayload(s.access_token).session_id });
    expect((claims.amr as Array<{ method: string }>)[0]?.method).toBe("mfa/recovery_code");

    const again = await aal1Session(email);
    expect(await auth.post("/factors/recovery-codes/verify", { code }, { token: again.access_token })).toMatchObject({
      status: 422,
      body: { code: "mfa_verification_failed" },
    });
    expect((await auth.get("/factors/recovery-codes", { token: again.access_token })).body).toMatchObject({
      total: 10,
      remaining: 9,
    });
  });

  it("should lock a network out after 10 wrong codes in 15 minutes", async () => {
    const { email, issued } = await withCodes();
    const s = await aal1Session(email);
    const tries = await Promise.all(
      Array.from({ length: 12 }, () =>
        auth.post("/factors/recovery-codes/verify", { code: "0000-0000-0000-0000" }, { token: s.access_token }),
      ),
    );
    expect(tries.filter((t) => t.status === 422)).toHaveLength(10);
    expect(tries.filter((t) => t.status === 429 && t.body.code === "mfa_recovery_codes_locked")).toHaveLength(2);
    const right = await auth.post(
      "/factors/recovery-codes/verify",
      { code: issued.codes[0] },
      { token: s.access_token },
    );
    expect(right.status).toBe(429);
    // Another network is not held up.
    const elsewhere = await auth.post(
      "/factors/recovery-codes/verify",
      { code: issued.codes[0] },
      { token: s.access_token, ip: "198.51.100.9" },
    );
    expect(elsewhere.status).toBe(200);
  });

  it("should stop the old codes working once the set is regenerated", async () => {
    const { email, issued, session } = await withCodes();
    const again = await auth.post<Issued>("/factors/recovery-codes/regenerate", {}, { token: session.access_token });
    expect(again).toMatchObject({ status: 200, body: { id: issued.id, total: 10 } });
    const s = await aal1Session(email);
    expect(
      await auth.post("/factors/recovery-codes/verify", { code: issued.codes[0] }, { token: s.access_token }),
    ).toMatchObject({ status: 422 });
    expect(
      (await auth.post("/factors/recovery-codes/verify", { code: again.body.codes[0] }, { token: s.access_token }))
        .status,
    ).toBe(200);
  });
});

describe("given a user turning two-factor sign-in off while recovery codes exist", () => {
  it("should refuse to leave the codes as the only factor, and allow it once they are deleted", async () => {
    const { factorId, secret, session } = await withCodes();
    app.clock.advance({ seconds: 30 });
    const fresh = await challengeAndVerify(auth, session.access_token, factorId, totpCode(secret, app.clock.now()));
    const token = fresh.body.access_token;
    expect(await auth.call("DELETE", `/factors/${factorId}`, undefined, { token })).toMatchObject({
      status: 422,
      body: { code: "mfa_recovery_codes_sole_factor" },
    });
    expect((await auth.call("DELETE", "/factors/recovery-codes", undefined, { token })).status).toBe(200);
    expect(await auth.call("DELETE", `/factors/${factorId}`, undefined, { token })).toMatchObject({
      status: 200,
      body: { id: factorId },
    });
  });
});
