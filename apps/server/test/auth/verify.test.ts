import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyAccessToken } from "../../src/auth/index.js";
import { authClient, jwtPayload, type Session } from "../helpers/auth-client.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

const PASSWORD = "violet-harbour-lantern";

describe("given code verification and password recovery (POST /verify, POST /recover)", () => {
  let app: TestApp;
  let auth: ReturnType<typeof authClient>;
  let n = 0;
  /** A fresh address per test, so mail limits of one test never touch another. */
  const fresh = () => `user${++n}-${Date.now()}@example.com`;
  beforeAll(async () => {
    app = await startTestApp();
    auth = authClient(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  describe("POST /verify", () => {
    it("should confirm the address and reply with a session whose JWT carries GoTrue's claims", async () => {
      const email = fresh();
      await auth.post("/signup", { email, password: PASSWORD });
      const res = await auth.post<Session>("/verify", {
        email: email.toUpperCase(),
        token: await app.lastCode(email),
        type: "email",
      });
      expect(res.status).toBe(200);
      const s = res.body;
      expect(s).toMatchObject({ token_type: "bearer", expires_in: 3600 });
      expect(s.expires_at).toBe(Math.floor(app.clock.now().getTime() / 1000) + 3600);
      expect(s.refresh_token.length).toBeGreaterThanOrEqual(12);
      expect(s.user).toMatchObject({ email, user_metadata: { email_verified: true } });
      expect(s.user.email_confirmed_at).toBe(app.clock.now().toISOString());
      const claims = jwtPayload(s.access_token);
      expect(claims).toMatchObject({
        sub: s.user.id,
        aud: "authenticated",
        role: "authenticated",
        email,
        phone: "",
        aal: "aal1",
        is_anonymous: false,
        app_metadata: { provider: "email", providers: ["email"] },
      });
      expect(claims.exp).toBe((claims.iat as number) + 3600);
      expect(claims.amr).toEqual([{ method: "otp", timestamp: claims.iat }]);
      expect(typeof claims.session_id).toBe("string");
      // The same verifier other modules use accepts it.
      const verified = await verifyAccessToken(s.access_token, { secret: app.config.JWT_SECRET, clock: app.clock });
      expect(verified.sub).toBe(s.user.id);
    });

    it("should accept type signup as well as type email", async () => {
      const email = fresh();
      await auth.post("/signup", { email, password: PASSWORD });
      const res = await auth.post("/verify", { email, token: await app.lastCode(email), type: "signup" });
      expect(res.status).toBe(200);
    });

    it("should accept a code only once", async () => {
      const email = fresh();
      await auth.post("/signup", { email, password: PASSWORD });
      const token = await app.lastCode(email);
      expect((await auth.post("/verify", { email, token, type: "email" })).status).toBe(200);
      const again = await auth.post("/verify", { email, token, type: "email" });
      expect(again.status).toBe(403);
      expect(again.body).toMatchObject({ code: "otp_expired", message: "Token has expired or is invalid" });
    });

    it("should refuse a code older than 10 minutes", async () => {
      const email = fresh();
      await auth.post("/signup", { email, password: PASSWORD });
      const token = await app.lastCode(email);
      app.clock.advance({ minutes: 10 });
      const res = await auth.post("/verify", { email, token, type: "email" });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("otp_expired");
    });

    it("should void a code after 5 wrong tries, so even the right code then fails", async () => {
      const email = fresh();
      await auth.post("/signup", { email, password: PASSWORD });
      const token = await app.lastCode(email);
      const wrong = token === "000000" ? "111111" : "000000";
      for (let i = 0; i < 5; i++) {
        const res = await auth.post("/verify", { email, token: wrong, type: "email" });
        expect(res.status).toBe(403);
      }
      const right = await auth.post("/verify", { email, token, type: "email" });
      expect(right.status).toBe(403);
      expect(right.body.code).toBe("otp_expired");
    });

    it("should still accept the right code after 4 wrong tries", async () => {
      const email = fresh();
      await auth.post("/signup", { email, password: PASSWORD });
      const token = await app.lastCode(email);
      const wrong = token === "000000" ? "111111" : "000000";
      for (let i = 0; i < 4; i++) await auth.post("/verify", { email, token: wrong, type: "email" });
      expect((await auth.post("/verify", { email, token, type: "email" })).status).toBe(200);
    });

    it("should answer an unknown address exactly like a wrong code", async () => {
      const res = await auth.post("/verify", { email: fresh(), token: "123456", type: "email" });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        code: "otp_expired",
        error_code: "otp_expired",
        message: "Token has expired or is invalid",
        msg: "Token has expired or is invalid",
        error_id: res.headers.get("x-request-id"),
      });
    });

    it("should validate the request with GoTrue's messages", async () => {
      const noType = await auth.post("/verify", { email: fresh(), token: "123456" });
      expect(noType).toMatchObject({
        status: 400,
        body: { code: "validation_failed", message: "Verify requires a verification type" },
      });
      const neither = await auth.post("/verify", { email: fresh(), type: "email" });
      expect(neither).toMatchObject({ status: 400, body: { code: "validation_failed" } });
      const noEmail = await auth.post("/verify", { token: "123456", type: "email" });
      expect(noEmail).toMatchObject({
        status: 400,
        body: {
          code: "validation_failed",
          message: "Only an email address or phone number should be provided on verify",
        },
      });
      const badEmail = await auth.post("/verify", { email: "nope", token: "123456", type: "email" });
      expect(badEmail).toMatchObject({
        status: 422,
        body: { code: "validation_failed", message: "Invalid email format" },
      });
      const badType = await auth.post("/verify", { email: fresh(), token: "123456", type: "sms" });
      expect(badType).toMatchObject({ status: 400, body: { code: "validation_failed" } });
    });

    it("should refuse a banned user's correct code with 403 user_banned", async () => {
      const email = fresh();
      await auth.post("/signup", { email, password: PASSWORD });
      await app.db.query("UPDATE users SET banned_until = $2 WHERE email = $1", [
        email,
        new Date(app.clock.now().getTime() + 86_400_000),
      ]);
      const res = await auth.post("/verify", { email, token: await app.lastCode(email), type: "email" });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: "user_banned", message: "User is banned" });
    });
  });

  describe("POST /recover", () => {
    it("should mail a recovery code whose session can set a password without the old one", async () => {
      const email = fresh();
      await auth.confirmedUser(email, PASSWORD);
      app.clock.advance({ seconds: 30 });
      const res = await auth.post("/recover", { email });
      expect(res).toMatchObject({ status: 200, body: {} });
      const [mail] = await app.mailbox(email);
      expect(mail?.subject).toBe("Your Veil password reset code");
      const verify = await auth.post<Session>("/verify", { email, token: await app.lastCode(email), type: "recovery" });
      expect(verify.status).toBe(200);
      expect(verify.body.user.recovery_sent_at).toBe(app.clock.now().toISOString());
      const update = await auth.put(
        "/user",
        { password: "a brand new passphrase" },
        { token: verify.body.access_token },
      );
      expect(update.status).toBe(200);
      expect((await auth.signIn(email, "a brand new passphrase")).status).toBe(200);
    });

    it("should answer {} for an unknown address and mail nothing (no enumeration)", async () => {
      const email = fresh();
      const res = await auth.post("/recover", { email });
      expect(res).toMatchObject({ status: 200, body: {} });
      expect(await app.mailbox(email)).toHaveLength(0);
    });

    it("should require an email with GoTrue's message", async () => {
      const res = await auth.post("/recover", {});
      expect(res).toMatchObject({
        status: 400,
        body: { code: "validation_failed", message: "Password recovery requires an email" },
      });
    });

    it("should confirm an unconfirmed address when its recovery code is used", async () => {
      const email = fresh();
      await auth.post("/signup", { email, password: PASSWORD });
      app.clock.advance({ seconds: 30 });
      await auth.post("/recover", { email });
      const res = await auth.post<Session>("/verify", { email, token: await app.lastCode(email), type: "recovery" });
      expect(res.status).toBe(200);
      expect(res.body.user.email_confirmed_at).toBeDefined();
    });
  });
});
