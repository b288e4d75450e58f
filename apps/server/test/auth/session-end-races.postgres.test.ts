/**
 * Everything that ends sessions, racing a refresh of one of them, on real Postgres where the two
 * transactions run side by side (PGlite queues them). A refresh locks its refresh token, then the
 * session; whatever deletes a session must take the session's refresh tokens first, in that order,
 * or the two wait for each other until Postgres fails one (40P01 "deadlock detected", a 500).
 *
 * Each test makes the bad interleaving certain instead of hoping for it: another connection holds
 * the session row, the ending request queues for it, then the refresh does; the hold is released.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authClient, jwtPayload, type Session } from "../helpers/auth-client.js";
import { enrollTotp, totpCode } from "../helpers/mfa.js";
import { connectPeer, type PostgresPeer } from "../helpers/postgres-peer.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

const PASSWORD = "violet-harbour-lantern";

let app: TestApp;
let auth: ReturnType<typeof authClient>;
let other: PostgresPeer;
let n = 0;
beforeAll(async () => {
  app = await startTestApp({
    env: {
      RATE_LIMIT_VERIFY_PER_5MIN: "1000",
      RATE_LIMIT_TOKEN_PER_5MIN: "1000",
      RATE_LIMIT_OTP_PER_5MIN: "1000",
    },
  });
  auth = authClient(app);
  other = await connectPeer(app);
}, 60_000);
afterAll(async () => {
  await other?.close();
  await app?.close();
});

const sessionIdOf = (s: Session) => jwtPayload(s.access_token).session_id as string;
const refresh = (s: Session | string) =>
  auth.post<Session>("/token?grant_type=refresh_token", {
    refresh_token: typeof s === "string" ? s : s.refresh_token,
  });

async function api(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${app.url}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: await res.text() };
}

/** A confirmed account signed in `count` times (its sign-up session ended). */
async function signedIn(count: number): Promise<{ email: string; sessions: Session[] }> {
  const email = `end-race-${++n}-${Date.now()}@example.com`;
  const first = await auth.confirmedUser(email, PASSWORD);
  await auth.post("/logout?scope=local", undefined, { token: first.access_token });
  const sessions: Session[] = [];
  for (let i = 0; i < count; i++) sessions.push((await auth.signIn(email, PASSWORD)).body);
  return { email, sessions };
}

/**
 * Holds `sessionId`'s row, starts `ending` (which must queue for that row), then `refreshing`
 * (which queues behind it), and lets go. Answers both replies.
 */
async function race<A, B>(sessionId: string, ending: () => Promise<A>, refreshing: () => Promise<B>) {
  await other.query("BEGIN");
  await other.query("SELECT 1 FROM sessions WHERE id = $1 FOR UPDATE", [sessionId]);
  let first: Promise<A> | undefined;
  let second: Promise<B> | undefined;
  try {
    first = ending();
    await other.lockWaiters(1);
    second = refreshing();
    await other.lockWaiters(2);
  } finally {
    await other.query("COMMIT");
  }
  return Promise.all([first, second]) as Promise<[A, B]>;
}

describe("ending sessions while one of them refreshes (Postgres)", () => {
  it("should change the password without a server error while another device refreshes, and that device stays signed out", async () => {
    const { sessions } = await signedIn(2);
    const [me, theirs] = sessions as [Session, Session];
    const [changed, refreshed] = await race(
      sessionIdOf(theirs),
      () => auth.put("/user", { password: "new-violet-harbour-lantern" }, { token: me.access_token }),
      () => refresh(theirs),
    );
    expect([changed.status, refreshed.status], JSON.stringify([changed.body, refreshed.body])).toEqual([200, 400]);
    expect((await refresh(theirs)).status).toBe(400);
    expect((await api("GET", "/user/web/sessions", theirs.access_token)).status).toBe(401);
    expect((await refresh(me)).status).toBe(200);
  }, 60_000);

  it("should delete the account without a server error while one of its devices refreshes", async () => {
    const { sessions } = await signedIn(2);
    const [me, theirs] = sessions as [Session, Session];
    const [deleted, refreshed] = await race(
      sessionIdOf(theirs),
      () => api("POST", "/user/web/delete", me.access_token, { password: PASSWORD }),
      () => refresh(theirs),
    );
    expect([deleted.status, refreshed.status], JSON.stringify([deleted.body, refreshed.body])).toEqual([200, 400]);
    expect((await refresh(theirs)).status).toBe(400);
    const { rows } = await app.db.query("SELECT 1 FROM users WHERE id = $1", [me.user.id]);
    expect(rows).toEqual([]);
  }, 60_000);

  it("should end the session whose old refresh token came back, without a server error while its owner refreshes", async () => {
    const { sessions } = await signedIn(1);
    const stolen = sessions[0] as Session;
    const owner = (await refresh(stolen)).body;
    // Past the reuse window: the old token coming back means it was copied.
    app.clock.advance({ seconds: 60 });
    const [replayed, refreshed] = await race(
      sessionIdOf(owner),
      () => refresh(stolen),
      () => refresh(owner),
    );
    expect(replayed.status, JSON.stringify(replayed.body)).toBe(400);
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBeLessThan(500);
    // However the two fell, the session is over: nothing the owner got still works.
    if (refreshed.status === 200) {
      expect((await refresh(refreshed.body)).status).toBe(400);
      expect((await api("GET", "/user/web/sessions", refreshed.body.access_token)).status).toBe(401);
    }
    expect((await refresh(owner)).status).toBe(400);
  }, 60_000);

  it("should raise a session to aal2 without a server error while another tab refreshes it", async () => {
    const { email, sessions } = await signedIn(1);
    const enrolled = await enrollTotp(app, auth, sessions[0] as Session);
    const tab = (await auth.signIn(email, PASSWORD)).body;
    app.clock.advance({ seconds: 30 });
    const challenge = await auth.post<{ id: string }>(
      `/factors/${enrolled.factorId}/challenge`,
      {},
      { token: tab.access_token },
    );
    expect(challenge.status).toBe(200);
    const [verified, refreshed] = await race(
      sessionIdOf(tab),
      () =>
        auth.post<Session>(
          `/factors/${enrolled.factorId}/verify`,
          { challenge_id: challenge.body.id, code: totpCode(enrolled.secret, app.clock.now()) },
          { token: tab.access_token },
        ),
      () => refresh(tab),
    );
    // The verify replaced the session's refresh token; the old one coming back after that is taken
    // for a copy (it never turns into an aal2 session) and is refused.
    expect([verified.status, refreshed.status], JSON.stringify([verified.body, refreshed.body])).toEqual([200, 400]);
  }, 60_000);

  it("should sign the user's aal1 sessions out on a verified code without a server error while one refreshes", async () => {
    const { email, sessions } = await signedIn(1);
    const enrolled = await enrollTotp(app, auth, sessions[0] as Session);
    const [tab, passwordOnly] = [(await auth.signIn(email, PASSWORD)).body, (await auth.signIn(email, PASSWORD)).body];
    app.clock.advance({ seconds: 30 });
    const challenge = await auth.post<{ id: string }>(
      `/factors/${enrolled.factorId}/challenge`,
      {},
      { token: tab.access_token },
    );
    const [verified, refreshed] = await race(
      sessionIdOf(passwordOnly),
      () =>
        auth.post<Session>(
          `/factors/${enrolled.factorId}/verify`,
          { challenge_id: challenge.body.id, code: totpCode(enrolled.secret, app.clock.now()) },
          { token: tab.access_token },
        ),
      () => refresh(passwordOnly),
    );
    expect([verified.status, refreshed.status], JSON.stringify([verified.body, refreshed.body])).toEqual([200, 400]);
    expect((await refresh(passwordOnly)).status).toBe(400);
    expect((await refresh(verified.body)).status).toBe(200);
  }, 60_000);
});

describe("removing the last authenticator while another aal2 device refreshes (Postgres)", () => {
  it("should lower the sessions without a server error for either request", async () => {
    const { email, sessions } = await signedIn(1);
    const enrolled = await enrollTotp(app, auth, sessions[0] as Session);
    const me = enrolled.session;
    // A second device, signed in with the password and the authenticator.
    const device = (await auth.signIn(email, PASSWORD)).body;
    app.clock.advance({ seconds: 30 });
    const challenge = await auth.post<{ id: string }>(
      `/factors/${enrolled.factorId}/challenge`,
      {},
      { token: device.access_token },
    );
    const raised = await auth.post<Session>(
      `/factors/${enrolled.factorId}/verify`,
      { challenge_id: challenge.body.id, code: totpCode(enrolled.secret, app.clock.now()) },
      { token: device.access_token },
    );
    expect(raised.status).toBe(200);
    // The removal queues behind a hold on the factor (having taken the account row); the device's
    // refresh then needs the account row for its new token.
    await other.query("BEGIN");
    await other.query("SELECT 1 FROM mfa_factors WHERE id = $1 FOR UPDATE", [enrolled.factorId]);
    let removing: Promise<{ status: number; body: unknown }> | undefined;
    let refreshing: Promise<{ status: number; body: Session }> | undefined;
    try {
      removing = auth.call("DELETE", `/factors/${enrolled.factorId}`, undefined, { token: me.access_token });
      await other.lockWaiters(1);
      refreshing = refresh(raised.body);
      // It either waits too (the deadlock to come) or finishes.
      await Promise.race([refreshing, other.lockWaiters(2).catch(() => undefined)]);
    } finally {
      await other.query("COMMIT");
    }
    const [removed, refreshed] = await Promise.all([removing, refreshing]);
    expect([removed?.status, refreshed?.status], JSON.stringify([removed?.body, refreshed?.body])).toEqual([200, 200]);
    // Both devices now count as aal1 (no factor left): the next refresh says so.
    const next = await refresh(refreshed?.body as Session);
    expect(next.status).toBe(200);
    expect(jwtPayload(next.body.access_token).aal).toBe("aal1");
  }, 60_000);
});

describe("the hourly purge of ended sessions while one of them tries to refresh (Postgres)", () => {
  it("should purge without an error, and the refresh is refused as a client's", async () => {
    const { sessions } = await signedIn(1);
    const idle = sessions[0] as Session;
    // Past the inactivity limit: the purge's to delete, and a refresh is refused.
    app.clock.advance({ seconds: 8 * 86_400 });
    const [purged, refreshed] = await race(
      sessionIdOf(idle),
      () => app.services.auth.service.purgeEndedSessions(),
      () => refresh(idle),
    );
    expect(purged.sessions).toBeGreaterThanOrEqual(1);
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(400);
  }, 60_000);
});

describe("deleting the account while another tab verifies a code (Postgres)", () => {
  it("should finish both without a server error, the account gone", async () => {
    const { email, sessions } = await signedIn(1);
    const enrolled = await enrollTotp(app, auth, sessions[0] as Session);
    const tab = (await auth.signIn(email, PASSWORD)).body;
    app.clock.advance({ seconds: 30 });
    const challenge = await auth.post<{ id: string }>(
      `/factors/${enrolled.factorId}/challenge`,
      {},
      { token: tab.access_token },
    );
    // The verify queues on its challenge (a peer holds it), then the deletion queues behind it.
    await other.query("BEGIN");
    await other.query("SELECT 1 FROM mfa_challenges WHERE id = $1 FOR UPDATE", [challenge.body.id]);
    let verifying: Promise<{ status: number; body: unknown }> | undefined;
    let deleting: Promise<{ status: number; body: string }> | undefined;
    try {
      verifying = auth.post(
        `/factors/${enrolled.factorId}/verify`,
        { challenge_id: challenge.body.id, code: totpCode(enrolled.secret, app.clock.now()) },
        { token: tab.access_token },
      );
      await other.lockWaiters(1);
      deleting = api("POST", "/user/web/delete", enrolled.session.access_token, { password: PASSWORD });
      await other.lockWaiters(2);
    } finally {
      await other.query("COMMIT");
    }
    const [verified, deleted] = await Promise.all([verifying, deleting]);
    expect([verified?.status, deleted?.status], JSON.stringify([verified?.body, deleted?.body])).toEqual([200, 200]);
    const { rows } = await app.db.query("SELECT 1 FROM users WHERE email = $1", [email]);
    expect(rows).toEqual([]);
  }, 60_000);
});
