/**
 * Sessions end by themselves (GoTrue's sessions.timebox and sessions.inactivity_timeout):
 * AUTH_SESSION_TIMEBOX_SECONDS (default 30 days from sign-in) and
 * AUTH_SESSION_INACTIVITY_TIMEOUT_SECONDS (default 7 days without a refresh). An ended session
 * refreshes to 400 `session_expired`, its still-unexpired access tokens are refused (403
 * `session_not_found` on /auth/v1, 401 on /api), and the hourly purge deletes it together with
 * rotated refresh tokens older than 24 hours. Time moves on the test clock.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthHousekeeping } from "../../src/auth/housekeeping.js";
import { signAccessToken } from "../../src/auth/index.js";
import { loadConfig } from "../../src/config/index.js";
import { authClient, jwtPayload, type Session } from "../helpers/auth-client.js";
import { STARTS_OWN_APP_MS, startTestApp, type TestApp } from "../helpers/test-app.js";

const PASSWORD = "violet-harbour-lantern";
const DAY = 24;

let app: TestApp;
let auth: ReturnType<typeof authClient>;
let n = 0;
const fresh = () => `expiry${++n}-${Date.now()}@example.com`;

beforeAll(async () => {
  app = await startTestApp(); // the defaults: 30-day lifetime, 7 days of inactivity
  auth = authClient(app);
});
afterAll(async () => {
  await app?.close();
});

const refresh = (refreshToken: string) =>
  auth.post<Session & { code?: string; message?: string }>("/token?grant_type=refresh_token", {
    refresh_token: refreshToken,
  });

/** What /api answers for an access token (an authenticated read). */
const apiStatus = async (accessToken: string) =>
  (await fetch(`${app.url}/api/subscription/web/info`, { headers: { Authorization: `Bearer ${accessToken}` } })).status;

/** An access token for the session of `s`, signed now (as one issued by a refresh a moment ago would be). */
async function tokenSignedNow(s: Session): Promise<string> {
  const claims = jwtPayload(s.access_token);
  const { token } = await signAccessToken({ ...claims, exp: undefined, iat: undefined } as never, {
    secret: app.config.JWT_SECRET,
    clock: app.clock,
    expiresIn: 3600,
  });
  return token;
}

describe("given the inactivity timeout (7 days by default)", () => {
  it("should keep a session alive while it refreshes, however long it lives within its lifetime", async () => {
    const email = fresh();
    let s = await auth.confirmedUser(email, PASSWORD);
    // 3 × 6 days = 18 days since sign-in, more than the 7-day timeout, but never 7 days idle.
    for (let i = 0; i < 3; i++) {
      app.clock.advance({ hours: 6 * DAY });
      const r = await refresh(s.refresh_token);
      expect(r.status).toBe(200);
      s = r.body;
    }
    expect((await auth.get("/user", { token: s.access_token })).status).toBe(200);
  });

  it("should end a session unused for longer than the timeout: refresh 400 session_expired, tokens refused", async () => {
    const email = fresh();
    const s = await auth.confirmedUser(email, PASSWORD);
    app.clock.advance({ hours: 7 * DAY, seconds: 1 });
    expect(await refresh(s.refresh_token)).toMatchObject({
      status: 400,
      body: { code: "session_expired", message: "Invalid Refresh Token: Session Expired (Inactivity)" },
    });
    // An access token of that session that has not reached its own `exp` is refused anyway.
    const token = await tokenSignedNow(s);
    expect(await auth.get("/user", { token })).toMatchObject({ status: 403, body: { code: "session_not_found" } });
    expect(await apiStatus(token)).toBe(401);
    // Signing in again starts a new session.
    const again = await auth.signIn(email, PASSWORD);
    expect(again.status).toBe(200);
    expect((await auth.get("/user", { token: again.body.access_token })).status).toBe(200);
  });
});

describe("given the maximum lifetime (30 days by default)", () => {
  it("should end a session 30 days after sign-in even while it is in use", async () => {
    const email = fresh();
    let s = await auth.confirmedUser(email, PASSWORD);
    for (let i = 0; i < 4; i++) {
      app.clock.advance({ hours: 6 * DAY });
      s = (await refresh(s.refresh_token)).body;
    }
    // 30 days minus 10 minutes: one last refresh, whose access token outlives the session.
    app.clock.advance({ hours: 6 * DAY - 1, minutes: 50 });
    const last = await refresh(s.refresh_token);
    expect(last.status).toBe(200);
    expect((await auth.get("/user", { token: last.body.access_token })).status).toBe(200);
    expect(await apiStatus(last.body.access_token)).toBe(200);

    app.clock.advance({ minutes: 11 });
    expect(await auth.get("/user", { token: last.body.access_token })).toMatchObject({
      status: 403,
      body: { code: "session_not_found" },
    });
    expect(await apiStatus(last.body.access_token)).toBe(401);
    expect(await refresh(last.body.refresh_token)).toMatchObject({
      status: 400,
      body: { code: "session_expired", message: "Invalid Refresh Token: Session Expired" },
    });
  });
});

describe("given the purge of ended sessions and old refresh tokens", () => {
  const count = async (sql: string, params: unknown[]) =>
    Number((await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0]?.n);

  it("should delete ended sessions with their tokens and rotated tokens older than 24 h, and keep the rest", async () => {
    const idle = await auth.confirmedUser(fresh(), PASSWORD);
    const active = await auth.confirmedUser(fresh(), PASSWORD);
    const idleSession = String(jwtPayload(idle.access_token).session_id);
    const activeSession = String(jwtPayload(active.access_token).session_id);

    // `active` rotates 2 days after sign-in and again 5 days later, when `idle` has been idle 7 days + 1 s.
    app.clock.advance({ hours: 2 * DAY });
    const a1 = (await refresh(active.refresh_token)).body;
    app.clock.advance({ hours: 5 * DAY, seconds: 1 });
    const a2 = (await refresh(a1.refresh_token)).body;
    expect(await count("refresh_tokens WHERE session_id = $1", [activeSession])).toBe(3);

    const report = await app.services.auth.service.purgeEndedSessions();
    expect(report.sessions).toBeGreaterThanOrEqual(1);
    expect(await count("sessions WHERE id = $1", [idleSession])).toBe(0);
    expect(await count("refresh_tokens WHERE session_id = $1", [idleSession])).toBe(0);
    expect(await count("sessions WHERE id = $1", [activeSession])).toBe(1);
    // The token rotated 5 days ago is gone; the one rotated just now and the live one stay.
    expect(await count("refresh_tokens WHERE session_id = $1 AND revoked_at IS NOT NULL", [activeSession])).toBe(1);
    expect(await count("refresh_tokens WHERE session_id = $1 AND revoked_at IS NULL", [activeSession])).toBe(1);
    expect((await refresh(a2.refresh_token)).status).toBe(200);
  });

  it("should keep a rotated token for 24 hours, so reuse detection still works within that time", async () => {
    const s = await auth.confirmedUser(fresh(), PASSWORD);
    const sessionId = String(jwtPayload(s.access_token).session_id);
    await refresh(s.refresh_token);
    app.clock.advance({ hours: 23 });
    await app.services.auth.service.purgeEndedSessions();
    expect(await count("refresh_tokens WHERE session_id = $1", [sessionId])).toBe(2);
    // The old token coming back is recognised as reuse and ends the session.
    expect((await refresh(s.refresh_token)).body).toMatchObject({ code: "refresh_token_already_used" });
  });
});

describe("given the hourly housekeeping", () => {
  it("should purge at start and then on its timer, and stop cleanly", async () => {
    const s = await auth.confirmedUser(fresh(), PASSWORD);
    const sessionId = String(jwtPayload(s.access_token).session_id);
    app.clock.advance({ hours: 7 * DAY, seconds: 1 });
    const housekeeping = startAuthHousekeeping({
      intervalMs: 3_600_000,
      purge: () => app.services.auth.service.purgeEndedSessions(),
      logger: app.services.logger,
    });
    await housekeeping.runNow(); // joins the pass started at once
    await housekeeping.stop();
    const { rows } = await app.db.query("SELECT 1 FROM sessions WHERE id = $1", [sessionId]);
    expect(rows).toHaveLength(0);
  });
});

describe("given the limits turned off (0)", () => {
  it(
    "should let a session live past 30 days and 7 idle days",
    async () => {
      const off = await startTestApp({
        env: { AUTH_SESSION_TIMEBOX_SECONDS: "0", AUTH_SESSION_INACTIVITY_TIMEOUT_SECONDS: "0" },
      });
      try {
        const client = authClient(off);
        const s = await client.confirmedUser("forever@example.com", PASSWORD);
        off.clock.advance({ hours: 40 * DAY });
        await off.services.auth.service.purgeEndedSessions();
        const r = await client.post<Session>("/token?grant_type=refresh_token", { refresh_token: s.refresh_token });
        expect(r.status).toBe(200);
        expect((await client.get("/user", { token: r.body.access_token })).status).toBe(200);
      } finally {
        await off.close();
      }
    },
    STARTS_OWN_APP_MS,
  );

  it("should refuse an inactivity timeout that is not longer than the access-token lifetime", () => {
    expect(() =>
      loadConfig({ NODE_ENV: "test", JWT_EXP: "3600", AUTH_SESSION_INACTIVITY_TIMEOUT_SECONDS: "3600" }),
    ).toThrow(/AUTH_SESSION_INACTIVITY_TIMEOUT_SECONDS: must be longer than JWT_EXP/);
    expect(
      loadConfig({ NODE_ENV: "test", JWT_EXP: "3600", AUTH_SESSION_INACTIVITY_TIMEOUT_SECONDS: "0" })
        .AUTH_SESSION_INACTIVITY_TIMEOUT_SECONDS,
    ).toBe(0);
  });
});
