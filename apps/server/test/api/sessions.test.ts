import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authClient, jwtPayload, type Session } from "../helpers/auth-client.js";
import { withoutRequestId } from "../helpers/product.js";
import { STARTS_OWN_APP_MS, startTestApp, type TestApp } from "../helpers/test-app.js";

const PASSWORD = "violet-harbour-lantern";
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

let app: TestApp;
let auth: ReturnType<typeof authClient>;
let n = 0;
beforeAll(async () => {
  app = await startTestApp();
  auth = authClient(app);
}, 60_000);
afterAll(async () => app?.close());

/** A confirmed account (its sign-up session is ended at once) and a sign-in per User-Agent given. */
async function accountWith(...userAgents: string[]): Promise<{ email: string; sessions: Session[] }> {
  const email = `sessions-${++n}-${Date.now()}@example.com`;
  const first = await auth.confirmedUser(email, PASSWORD);
  await auth.post("/logout?scope=local", undefined, { token: first.access_token });
  const sessions: Session[] = [];
  for (const ua of userAgents) {
    const res = await auth.signIn(email, PASSWORD, { headers: { "User-Agent": ua } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    sessions.push(res.body);
  }
  return { email, sessions };
}

const sessionIdOf = (s: Session) => jwtPayload(s.access_token).session_id as string;

async function call(method: string, path: string, token?: string) {
  const res = await fetch(`${app.url}/api${path}`, {
    method,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: replies are inspected field by field
  return { status: res.status, body: (text ? withoutRequestId(JSON.parse(text), res.headers) : null) as any };
}
const list = (s: Session) => call("GET", "/user/web/sessions", s.access_token);
const end = (s: Session, id: string) => call("DELETE", `/user/web/sessions/${id}`, s.access_token);

describe("GET /api/user/web/sessions", () => {
  it("should answer 401 without a token", async () => {
    expect(await call("GET", "/user/web/sessions")).toEqual({
      status: 401,
      body: { detail: "Not authenticated", code: "not_authenticated" },
    });
  });

  it("should list the caller's sessions with browser and system, this device first and flagged", async () => {
    const { sessions } = await accountWith(FIREFOX_WINDOWS, SAFARI_IPHONE);
    const [firefox, safari] = sessions as [Session, Session];
    const res = await list(safari);
    expect(res.status).toBe(200);
    const signedIn = app.clock.now().toISOString();
    expect(res.body).toEqual([
      {
        id: sessionIdOf(safari),
        current: true,
        created_at: signedIn,
        last_used_at: signedIn,
        browser: "Safari",
        browser_version: "17",
        os: "iOS",
        os_version: "17.4",
        device: "mobile",
      },
      {
        id: sessionIdOf(firefox),
        current: false,
        created_at: signedIn,
        last_used_at: signedIn,
        browser: "Firefox",
        browser_version: "133",
        os: "Windows",
        os_version: null,
        device: "desktop",
      },
    ]);
    // Asked from the other device, the flag moves with it.
    const fromFirefox = await list(firefox);
    expect(fromFirefox.body.map((s: { id: string; current: boolean }) => [s.id, s.current])).toEqual([
      [sessionIdOf(firefox), true],
      [sessionIdOf(safari), false],
    ]);
  });

  it("should show when each session was last used: a refresh moves it, with the browser it refreshed from", async () => {
    const { sessions } = await accountWith(FIREFOX_WINDOWS, FIREFOX_WINDOWS, SAFARI_IPHONE);
    const [a, b, current] = sessions as [Session, Session, Session];
    const signedIn = app.clock.now().toISOString();
    // Within the access token's hour, so `current` still has a valid one.
    app.clock.advance({ seconds: 1800 });
    const refreshed = await auth.post<Session>(
      "/token?grant_type=refresh_token",
      { refresh_token: a.refresh_token },
      { headers: { "User-Agent": CHROME_ANDROID } },
    );
    expect(refreshed.status).toBe(200);
    const res = await list(current);
    expect(res.body.map((s: { id: string }) => s.id)).toEqual([sessionIdOf(current), sessionIdOf(a), sessionIdOf(b)]);
    expect(res.body[1]).toMatchObject({
      created_at: signedIn,
      last_used_at: app.clock.now().toISOString(),
      browser: "Chrome",
      os: "Android",
    });
    expect(res.body[2]).toMatchObject({ last_used_at: signedIn, browser: "Firefox" });
  });

  it("should never list another user's sessions", async () => {
    const alice = await accountWith(FIREFOX_WINDOWS, SAFARI_IPHONE);
    const bob = await accountWith(CHROME_ANDROID);
    const mine = (await list(alice.sessions[0] as Session)).body.map((s: { id: string }) => s.id);
    expect(mine.sort()).toEqual(alice.sessions.map(sessionIdOf).sort());
    const his = (await list(bob.sessions[0] as Session)).body.map((s: { id: string }) => s.id);
    expect(his).toEqual([sessionIdOf(bob.sessions[0] as Session)]);
  });

  it("should leave out sessions that ended by inactivity, before the purge deletes them", async () => {
    const { sessions } = await accountWith(FIREFOX_WINDOWS, SAFARI_IPHONE);
    const [idle, active] = sessions as [Session, Session];
    app.clock.advance({ seconds: 6 * 86_400 });
    const kept = await auth.post<Session>("/token?grant_type=refresh_token", { refresh_token: active.refresh_token });
    app.clock.advance({ seconds: 2 * 86_400 });
    // Eight days after sign-in: `idle` never refreshed (7-day inactivity limit), `active` did at day 6.
    const now = await auth.post<Session>("/token?grant_type=refresh_token", { refresh_token: kept.body.refresh_token });
    expect(now.status).toBe(200);
    const res = await list(now.body);
    expect(res.body.map((s: { id: string }) => s.id)).toEqual([sessionIdOf(active)]);
    expect(sessionIdOf(idle)).not.toBe(sessionIdOf(active));
  });

  it("should answer oversized and garbage User-Agents with an unknown browser, never an error or the raw text", async () => {
    const garbage = [
      `Mozilla/5.0 (Windows NT 10.0) ${"A".repeat(8000)}`,
      "Mozilla/5.0 ".repeat(60),
      "Veil Support Team <script>alert(1)</script>",
      "' OR 1=1; DROP TABLE sessions; --",
      "\u00ff\u00fe\u0080\u009f",
      "(((((((((((((((((((((((((((((((((((((((((",
    ];
    const { sessions } = await accountWith(...garbage);
    const res = await list(sessions[0] as Session);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(garbage.length);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain("Veil Support");
    expect(text).not.toContain("<script>");
    expect(text).not.toContain("DROP TABLE");
    expect(text).not.toContain("AAAA");
    for (const s of res.body) {
      expect(s.browser).toBeNull();
      expect(s.browser_version).toBeNull();
    }
    // The first one still names its system, from the part a parser recognises.
    expect(res.body.find((s: { os: string | null }) => s.os === "Windows")).toBeDefined();
    // What is stored is bounded.
    const { rows } = await app.db.query<{ n: number }>(
      "SELECT max(length(user_agent))::int AS n FROM sessions WHERE id = ANY($1::uuid[])",
      [sessions.map(sessionIdOf)],
    );
    expect(rows[0]?.n).toBeLessThanOrEqual(512);
  });
});

describe("DELETE /api/user/web/sessions/:id", () => {
  it("should end one of the caller's other sessions: gone from the list, its refresh and access tokens refused", async () => {
    const { sessions } = await accountWith(FIREFOX_WINDOWS, SAFARI_IPHONE);
    const [other, me] = sessions as [Session, Session];
    const res = await end(me, sessionIdOf(other));
    expect(res).toEqual({ status: 200, body: { status: "success" } });
    expect((await list(me)).body.map((s: { id: string }) => s.id)).toEqual([sessionIdOf(me)]);

    // The ended device: its next product API call, auth call and refresh all fail.
    expect((await list(other)).status).toBe(401);
    const user = await auth.get("/user", { token: other.access_token });
    expect(user.status).toBe(403);
    expect(user.body).toMatchObject({ code: "session_not_found" });
    const refresh = await auth.post("/token?grant_type=refresh_token", { refresh_token: other.refresh_token });
    expect(refresh.status).toBe(400);
    const { rows } = await app.db.query("SELECT 1 FROM refresh_tokens WHERE session_id = $1", [sessionIdOf(other)]);
    expect(rows).toHaveLength(0);

    // This device goes on; ending the same session again is a plain 404.
    expect((await list(me)).status).toBe(200);
    expect((await end(me, sessionIdOf(other))).status).toBe(404);
  });

  it("should refuse to end this device's own session (sign out does that) and keep it", async () => {
    const { sessions } = await accountWith(FIREFOX_WINDOWS);
    const me = sessions[0] as Session;
    const res = await end(me, sessionIdOf(me).toUpperCase());
    expect(res).toEqual({
      status: 400,
      body: { detail: "This is the session you are using: sign out instead", code: "current_session" },
    });
    expect((await list(me)).status).toBe(200);
  });

  it("should answer another user's session exactly like a missing one, and leave it alive", async () => {
    const alice = await accountWith(FIREFOX_WINDOWS);
    const mallory = await accountWith(CHROME_ANDROID);
    const victim = alice.sessions[0] as Session;
    const attacker = mallory.sessions[0] as Session;
    const foreign = await end(attacker, sessionIdOf(victim));
    const missing = await end(attacker, "00000000-0000-4000-8000-000000000000");
    expect(foreign).toEqual({ status: 404, body: { detail: "Session not found", code: "session_not_found" } });
    expect(missing).toEqual(foreign);
    expect((await list(victim)).body).toEqual([expect.objectContaining({ id: sessionIdOf(victim), current: true })]);
    expect((await auth.post("/token?grant_type=refresh_token", { refresh_token: victim.refresh_token })).status).toBe(
      200,
    );
  });

  it("should answer malformed ids with 404, never a server error", async () => {
    const me = (await accountWith(FIREFOX_WINDOWS)).sessions[0] as Session;
    for (const id of [
      "not-a-uuid",
      "1",
      "%27%20OR%201%3D1",
      "x".repeat(2000),
      "00000000-0000-0000-0000-00000000000g",
    ]) {
      expect((await end(me, id)).status, id).toBe(404);
    }
    expect((await list(me)).body).toHaveLength(1);
  });

  it("should refuse a signed-out caller with 401, ending nothing", async () => {
    const { sessions } = await accountWith(FIREFOX_WINDOWS, SAFARI_IPHONE);
    const [target, gone] = sessions as [Session, Session];
    await auth.post("/logout?scope=local", undefined, { token: gone.access_token });
    expect((await end(gone, sessionIdOf(target))).status).toBe(401);
    expect((await list(target)).status).toBe(200);
  });
});

describe("ending a session while it refreshes", () => {
  it("should never fail either request with a server error, and the ended session stays ended", async () => {
    const { sessions } = await accountWith(FIREFOX_WINDOWS, SAFARI_IPHONE);
    let [target, me] = sessions as [Session, Session];
    const statuses: number[] = [];
    for (let round = 0; round < 12; round++) {
      // Each round: a fresh other session, refreshed (twice: two tabs) while this device ends it.
      if (round > 0) {
        const again = await auth.signIn((me.user as { email: string }).email, PASSWORD, {
          headers: { "User-Agent": FIREFOX_WINDOWS },
        });
        target = again.body;
      }
      const refresh = () =>
        auth.post<Session>("/token?grant_type=refresh_token", { refresh_token: target.refresh_token });
      const [r1, ended, r2] = await Promise.all([refresh(), end(me, sessionIdOf(target)), refresh()]);
      statuses.push(r1.status, ended.status, r2.status);
      expect(ended.status).toBe(200);
      // Whatever the refreshes got, nothing of the ended session works any more.
      for (const r of [r1, r2]) {
        if (r.status !== 200) continue;
        expect((await list(r.body)).status).toBe(401);
        const next = await auth.post("/token?grant_type=refresh_token", { refresh_token: r.body.refresh_token });
        expect(next.status).toBe(400);
      }
      // Every fourth round this device ends all the others instead, through GoTrue's logout.
      if (round % 4 === 3) {
        const extra = (
          await auth.signIn((me.user as { email: string }).email, PASSWORD, {
            headers: { "User-Agent": CHROME_ANDROID },
          })
        ).body;
        const [r, out] = await Promise.all([
          auth.post<Session>("/token?grant_type=refresh_token", { refresh_token: extra.refresh_token }),
          auth.post("/logout?scope=others", undefined, { token: me.access_token }),
        ]);
        statuses.push(r.status, out.status);
        expect(out.status).toBe(204);
        if (r.status === 200) expect((await list(r.body)).status).toBe(401);
      }
      me = (await auth.post<Session>("/token?grant_type=refresh_token", { refresh_token: me.refresh_token })).body;
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect((await list(me)).body.map((s: { id: string }) => s.id)).toEqual([sessionIdOf(me)]);
  }, 120_000);
});

describe("ending all the other sessions (POST /auth/v1/logout?scope=others)", () => {
  it("should leave only this device in the list, and the others signed out", async () => {
    const { sessions } = await accountWith(FIREFOX_WINDOWS, CHROME_ANDROID, SAFARI_IPHONE);
    const [a, b, me] = sessions as [Session, Session, Session];
    const bystander = (await accountWith(FIREFOX_WINDOWS)).sessions[0] as Session;
    expect((await auth.post("/logout?scope=others", undefined, { token: me.access_token })).status).toBe(204);
    expect((await list(me)).body.map((s: { id: string }) => s.id)).toEqual([sessionIdOf(me)]);
    for (const ended of [a, b]) {
      expect((await list(ended)).status).toBe(401);
      expect((await auth.post("/token?grant_type=refresh_token", { refresh_token: ended.refresh_token })).status).toBe(
        400,
      );
    }
    // Another user's sessions are untouched.
    expect((await list(bystander)).status).toBe(200);
  });
});

describe("with hosted Supabase (API_CHECK_LOCAL_SESSION=false)", () => {
  it(
    "should say sessions are managed by the identity provider (501)",
    async () => {
      const hosted = await startTestApp({ env: { API_CHECK_LOCAL_SESSION: "false" } });
      try {
        const s = await authClient(hosted).confirmedUser(`hosted-${Date.now()}@example.com`, PASSWORD);
        const res = await fetch(`${hosted.url}/api/user/web/sessions`, {
          headers: { Authorization: `Bearer ${s.access_token}` },
        });
        expect(res.status).toBe(501);
        expect(withoutRequestId(await res.json(), res.headers)).toEqual({
          detail: "Manage sessions with the identity provider",
          code: "managed_by_identity_provider",
        });
      } finally {
        await hosted.close();
      }
    },
    STARTS_OWN_APP_MS,
  );
});
