import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signAccessToken } from "../../src/auth/index.js";
import { authClient, jwtPayload, type Session } from "../helpers/auth-client.js";
import { STARTS_OWN_APP_MS, startTestApp, type TestApp } from "../helpers/test-app.js";

const PASSWORD = "violet-harbour-lantern";

describe("given a signed-in user: GET /user, PUT /user and /logout", () => {
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

  describe("GET /user", () => {
    it("should return the bare user for a valid access token", async () => {
      const email = fresh();
      const s = await auth.confirmedUser(email, PASSWORD);
      const res = await auth.get("/user", { token: s.access_token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: s.user.id, email, aud: "authenticated" });
      expect(res.body).not.toHaveProperty("access_token");
    });

    it("should answer each failure of the shared check with its status and code", async () => {
      const email = fresh();
      const s = await auth.confirmedUser(email, PASSWORD);
      const res = await fetch(`${app.authUrl}/user`, { headers: { "X-Supabase-Api-Version": "2024-01-01" } });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({
        code: "no_authorization",
        message: "This endpoint requires a valid Bearer token",
      });

      expect((await auth.get("/user", { token: "not.a.jwt" })).body).toMatchObject({ code: "bad_jwt" });
      const forged = await signAccessToken({ ...jwtPayload(s.access_token), exp: undefined, iat: undefined } as never, {
        secret: "someone-elses-secret-that-is-long-enough",
        clock: app.clock,
        expiresIn: 3600,
      });
      expect(await auth.get("/user", { token: forged.token })).toMatchObject({
        status: 403,
        body: { code: "bad_jwt" },
      });

      app.clock.advance({ seconds: 3601 });
      const expired = await auth.get("/user", { token: s.access_token });
      expect(expired).toMatchObject({ status: 403, body: { code: "bad_jwt" } });
      expect(String(expired.body.message)).toMatch(/expired/);
    });

    it("should refuse a banned user's still-valid token with 403 user_banned", async () => {
      const email = fresh();
      const s = await auth.confirmedUser(email, PASSWORD);
      await app.db.query("UPDATE users SET banned_until = $2 WHERE email = $1", [
        email,
        new Date(app.clock.now().getTime() + 3_600_000),
      ]);
      expect(await auth.get("/user", { token: s.access_token })).toMatchObject({
        status: 403,
        body: { code: "user_banned", message: "User is banned" },
      });
    });

    it("should refuse a token of a deleted user with 403 user_not_found", async () => {
      const email = fresh();
      const s = await auth.confirmedUser(email, PASSWORD);
      await app.db.query("DELETE FROM users WHERE email = $1", [email]);
      expect(await auth.get("/user", { token: s.access_token })).toMatchObject({
        status: 403,
        body: { code: "user_not_found" },
      });
    });
  });

  describe("PUT /user", () => {
    it("should change the password, keep this session and end every other one", async () => {
      const email = fresh();
      const a = await auth.confirmedUser(email, PASSWORD);
      const b = (await auth.signIn(email, PASSWORD)).body;
      const res = await auth.put("/user", { password: "fresh passphrase 2026" }, { token: b.access_token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: a.user.id, email });
      expect(res.body).not.toHaveProperty("access_token");
      expect((await auth.get("/user", { token: b.access_token })).status).toBe(200);
      expect(await auth.get("/user", { token: a.access_token })).toMatchObject({
        status: 403,
        body: { code: "session_not_found" },
      });
      expect((await auth.post("/token?grant_type=refresh_token", { refresh_token: a.refresh_token })).status).toBe(400);
      expect((await auth.signIn(email, PASSWORD)).status).toBe(400);
      expect((await auth.signIn(email, "fresh passphrase 2026")).status).toBe(200);
    });

    it("should tell the owner by mail that the password changed, in their language", async () => {
      const email = fresh();
      const s = await auth.confirmedUser(email, PASSWORD);
      await auth.put(
        "/user",
        { password: "fresh passphrase 2027" },
        { token: s.access_token, headers: { "Accept-Language": "ru" } },
      );
      const [newest] = await app.mailbox(email);
      expect(newest?.subject).toBe("Пароль Veil изменён");
      expect(newest?.text).toMatch(/Если нет — сразу сбросьте пароль/);
      // A metadata-only update sends nothing.
      await auth.put("/user", { data: { theme: "dark" } }, { token: s.access_token });
      expect((await app.mailbox(email))[0]?.id).toBe(newest?.id);
    });

    it("should refuse the same password, a weak one and one over 72 bytes", async () => {
      const email = fresh();
      const s = await auth.confirmedUser(email, PASSWORD);
      expect(await auth.put("/user", { password: PASSWORD }, { token: s.access_token })).toMatchObject({
        status: 422,
        body: { code: "same_password", message: "New password should be different from the old password." },
      });
      expect(await auth.put("/user", { password: "x7#kQ2" }, { token: s.access_token })).toMatchObject({
        status: 422,
        body: { code: "weak_password", weak_password: { reasons: ["length"] } },
      });
      expect(await auth.put("/user", { password: "x".repeat(73) }, { token: s.access_token })).toMatchObject({
        status: 400,
        body: { code: "validation_failed" },
      });
    });

    it("should merge user metadata and refuse an e-mail change", async () => {
      const email = fresh();
      const s = await auth.confirmedUser(email, PASSWORD);
      const res = await auth.put("/user", { data: { lang: "ru" } }, { token: s.access_token });
      expect(res.body.user_metadata).toEqual({ email_verified: true, lang: "ru" });
      const change = await auth.put("/user", { email: fresh() }, { token: s.access_token });
      expect(change).toMatchObject({ status: 400, body: { code: "validation_failed" } });
    });

    it(
      "should require the current password from a password session when configured to, but not from a recovery session",
      async () => {
        const strict = await startTestApp({ env: { AUTH_PASSWORD_CHANGE_NEEDS_CURRENT: "true" } });
        try {
          const client = authClient(strict);
          const email = fresh();
          const otpSession = await client.confirmedUser(email, PASSWORD);
          const pwSession = (await client.signIn(email, PASSWORD)).body;
          expect(
            await client.put("/user", { password: "new passphrase one" }, { token: pwSession.access_token }),
          ).toMatchObject({
            status: 400,
            body: { code: "current_password_required" },
          });
          expect(
            await client.put(
              "/user",
              { password: "new passphrase one", current_password: "wrong-one" },
              { token: pwSession.access_token },
            ),
          ).toMatchObject({ status: 400, body: { code: "current_password_invalid" } });
          expect(
            (
              await client.put(
                "/user",
                { password: "new passphrase one", current_password: PASSWORD },
                { token: pwSession.access_token },
              )
            ).status,
          ).toBe(200);
          // A recovery session (code from the mailbox) needs no old password.
          strict.clock.advance({ seconds: 30 });
          await client.post("/recover", { email });
          const recovery = await client.post<Session>("/verify", {
            email,
            token: await strict.lastCode(email),
            type: "recovery",
          });
          expect(recovery.status).toBe(200);
          expect(
            (await client.put("/user", { password: "new passphrase two" }, { token: recovery.body.access_token }))
              .status,
          ).toBe(200);
          // The sign-up session was ended by the first change, as every other session is.
          expect((await client.get("/user", { token: otpSession.access_token })).status).toBe(403);
        } finally {
          await strict.close();
        }
      },
      STARTS_OWN_APP_MS,
    );
  });

  describe("POST /logout", () => {
    async function threeSessions() {
      const email = fresh();
      const a = await auth.confirmedUser(email, PASSWORD);
      const b = (await auth.signIn(email, PASSWORD)).body;
      const c = (await auth.signIn(email, PASSWORD)).body;
      return [a, b, c] as const;
    }
    const alive = async (s: Session) => (await auth.get("/user", { token: s.access_token })).status === 200;

    it("should end every session of the user by default (scope global) with 204", async () => {
      const [a, b, c] = await threeSessions();
      const res = await fetch(`${app.authUrl}/logout`, {
        method: "POST",
        headers: { Authorization: `Bearer ${b.access_token}`, "Content-Type": "application/json;charset=UTF-8" },
      });
      expect(res.status).toBe(204);
      expect(await res.text()).toBe("");
      expect([await alive(a), await alive(b), await alive(c)]).toEqual([false, false, false]);
    });

    it("should end only this session with scope local", async () => {
      const [a, b, c] = await threeSessions();
      expect((await auth.post("/logout?scope=local", undefined, { token: b.access_token })).status).toBe(204);
      expect([await alive(a), await alive(b), await alive(c)]).toEqual([true, false, true]);
    });

    it("should end the other sessions with scope others", async () => {
      const [a, b, c] = await threeSessions();
      expect((await auth.post("/logout?scope=others", undefined, { token: b.access_token })).status).toBe(204);
      expect([await alive(a), await alive(b), await alive(c)]).toEqual([false, true, false]);
    });

    it("should refuse an unknown scope and a session that is already gone", async () => {
      const [a] = await threeSessions();
      expect((await auth.post("/logout?scope=everything", undefined, { token: a.access_token })).status).toBe(400);
      expect((await auth.post("/logout", undefined, { token: a.access_token })).status).toBe(204);
      expect(await auth.post("/logout", undefined, { token: a.access_token })).toMatchObject({
        status: 403,
        body: { code: "session_not_found" },
      });
      expect((await auth.post("/token?grant_type=refresh_token", { refresh_token: a.refresh_token })).body.code).toBe(
        "refresh_token_not_found",
      );
    });
  });
});
