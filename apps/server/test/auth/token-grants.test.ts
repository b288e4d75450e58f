import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authClient, jwtPayload, type Session } from "../helpers/auth-client.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

const PASSWORD = "violet-harbour-lantern";

describe("given sign-in: the password grant and refresh-token rotation", () => {
  let app: TestApp;
  let auth: ReturnType<typeof authClient>;
  let n = 0;
  const fresh = () => `s${++n}-${Date.now()}@example.com`;
  beforeAll(async () => {
    app = await startTestApp();
    auth = authClient(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  describe("POST /token?grant_type=password", () => {
    it("should sign a confirmed user in with a password session", async () => {
      const email = fresh();
      await auth.confirmedUser(email, PASSWORD);
      const res = await auth.signIn(email.toUpperCase(), PASSWORD);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ token_type: "bearer", expires_in: 3600, user: { email } });
      expect(res.body.user.last_sign_in_at).toBe(app.clock.now().toISOString());
      expect(jwtPayload(res.body.access_token).amr).toEqual([{ method: "password", timestamp: expect.any(Number) }]);
      expect(res.body).not.toHaveProperty("weak_password");
    });

    it("should answer a wrong password and an unknown user identically", async () => {
      const email = fresh();
      await auth.confirmedUser(email, PASSWORD);
      const wrong = await auth.signIn(email, "not-the-password");
      const unknown = await auth.signIn(fresh(), "not-the-password");
      expect(wrong.status).toBe(400);
      expect(unknown.status).toBe(400);
      // Identical but for error_id, each reply's own request id (its X-Request-Id header).
      const { error_id: wrongId, ...wrongRest } = wrong.body as { error_id?: string };
      const { error_id: unknownId, ...unknownRest } = unknown.body as { error_id?: string };
      expect(wrongRest).toEqual(unknownRest);
      expect([wrongId, unknownId]).toEqual([wrong.headers.get("x-request-id"), unknown.headers.get("x-request-id")]);
      expect(wrong.body).toMatchObject({ code: "invalid_credentials", message: "Invalid login credentials" });
    });

    it("should tell an unconfirmed user to confirm, but only with the right password", async () => {
      const email = fresh();
      await auth.post("/signup", { email, password: PASSWORD });
      expect((await auth.signIn(email, PASSWORD)).body).toMatchObject({
        code: "email_not_confirmed",
        message: "Email not confirmed",
      });
      expect((await auth.signIn(email, "not-the-password")).body.code).toBe("invalid_credentials");
    });

    it("should refuse a banned user with 400 user_banned, and only tell someone who knows the password", async () => {
      const email = fresh();
      await auth.confirmedUser(email, PASSWORD);
      await app.db.query("UPDATE users SET banned_until = $2 WHERE email = $1", [
        email,
        new Date(app.clock.now().getTime() + 3_600_000),
      ]);
      expect(await auth.signIn(email, PASSWORD)).toMatchObject({
        status: 400,
        body: { code: "user_banned", message: "User is banned" },
      });
      expect((await auth.signIn(email, "not-the-password")).body.code).toBe("invalid_credentials");
      // A ban in the past no longer applies.
      app.clock.advance({ hours: 2 });
      expect((await auth.signIn(email, PASSWORD)).status).toBe(200);
    });

    it("should require an email", async () => {
      const res = await auth.post("/token?grant_type=password", { password: PASSWORD });
      expect(res).toMatchObject({
        status: 400,
        body: { code: "validation_failed", message: "missing email or phone" },
      });
    });

    it("should warn (not refuse) when a stored password no longer meets the policy", async () => {
      const email = fresh();
      await auth.confirmedUser(email, PASSWORD);
      // Imported from elsewhere with a common password (our sign-up would have refused it).
      const { hashPassword } = await import("../../src/auth/passwords.js");
      await app.db.query("UPDATE users SET encrypted_password = $2 WHERE email = $1", [
        email,
        await hashPassword("password1"),
      ]);
      const res = await auth.signIn(email, "password1");
      expect(res.status).toBe(200);
      expect(res.body.weak_password).toEqual({ message: expect.any(String), reasons: ["pwned"] });
    });
  });

  describe("POST /token?grant_type=refresh_token", () => {
    let email: string;
    let session: Session;
    beforeAll(async () => {
      email = fresh();
      session = await auth.confirmedUser(email, PASSWORD);
    });

    it("should rotate: a new refresh token, a new access token for the same session", async () => {
      app.clock.advance({ seconds: 60 });
      const res = await auth.post<Session>("/token?grant_type=refresh_token", { refresh_token: session.refresh_token });
      expect(res.status).toBe(200);
      expect(res.body.refresh_token).not.toBe(session.refresh_token);
      expect(res.body.access_token).not.toBe(session.access_token);
      expect(jwtPayload(res.body.access_token).session_id).toBe(jwtPayload(session.access_token).session_id);
      expect(res.body.expires_at).toBe(Math.floor(app.clock.now().getTime() / 1000) + 3600);
      session = res.body;
    });

    it("should hand back the same live token when a just-rotated token is presented again within 10 s", async () => {
      const parent = session.refresh_token;
      const first = await auth.post<Session>("/token?grant_type=refresh_token", { refresh_token: parent });
      app.clock.advance({ seconds: 9 });
      const second = await auth.post<Session>("/token?grant_type=refresh_token", { refresh_token: parent });
      expect(second.status).toBe(200);
      expect(second.body.refresh_token).toBe(first.body.refresh_token);
      // And the child still rotates normally.
      const next = await auth.post<Session>("/token?grant_type=refresh_token", {
        refresh_token: first.body.refresh_token,
      });
      expect(next.status).toBe(200);
      session = next.body;
    });

    it("should give two tabs refreshing the same token at once the same new token", async () => {
      const [a, b] = await Promise.all([
        auth.post<Session>("/token?grant_type=refresh_token", { refresh_token: session.refresh_token }),
        auth.post<Session>("/token?grant_type=refresh_token", { refresh_token: session.refresh_token }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.body.refresh_token).toBe(b.body.refresh_token);
      const { rows } = await app.db.query<{ n: number }>(
        "SELECT count(*) AS n FROM refresh_tokens WHERE session_id = $1 AND revoked_at IS NULL",
        [jwtPayload(a.body.access_token).session_id],
      );
      expect(rows[0]?.n).toBe(1);
      session = a.body;
    });

    it("should revoke the whole session when a rotated token comes back after 10 s", async () => {
      const stolen = session.refresh_token;
      const rotated = await auth.post<Session>("/token?grant_type=refresh_token", { refresh_token: stolen });
      app.clock.advance({ seconds: 11 });
      const reuse = await auth.post("/token?grant_type=refresh_token", { refresh_token: stolen });
      expect(reuse).toMatchObject({
        status: 400,
        body: { code: "refresh_token_already_used", message: "Invalid Refresh Token: Already Used" },
      });
      // The legitimate holder's newer token is gone too, and its access token no longer passes /user.
      const child = await auth.post("/token?grant_type=refresh_token", { refresh_token: rotated.body.refresh_token });
      expect(child.body.code).toBe("refresh_token_not_found");
      const user = await auth.get("/user", { token: rotated.body.access_token });
      expect(user).toMatchObject({ status: 403, body: { code: "session_not_found" } });
    });

    it("should refuse unknown and malformed refresh tokens", async () => {
      expect(await auth.post("/token?grant_type=refresh_token", { refresh_token: "abcdefghijklmnop" })).toMatchObject({
        status: 400,
        body: { code: "refresh_token_not_found", message: "Invalid Refresh Token: Refresh Token Not Found" },
      });
      expect(await auth.post("/token?grant_type=refresh_token", { refresh_token: "short" })).toMatchObject({
        status: 400,
        body: { code: "validation_failed", message: "Refresh token is not valid" },
      });
    });

    it("should refuse to refresh for a banned user", async () => {
      const banned = fresh();
      const s = await auth.confirmedUser(banned, PASSWORD);
      await app.db.query("UPDATE users SET banned_until = $2 WHERE email = $1", [
        banned,
        new Date(app.clock.now().getTime() + 3_600_000),
      ]);
      expect(await auth.post("/token?grant_type=refresh_token", { refresh_token: s.refresh_token })).toMatchObject({
        status: 400,
        body: { code: "user_banned", message: "Invalid Refresh Token: User Banned" },
      });
    });
  });
});
