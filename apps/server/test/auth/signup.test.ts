import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authClient, type Session } from "../helpers/auth-client.js";
import { STARTS_OWN_APP_MS, startTestApp, type TestApp } from "../helpers/test-app.js";

const PASSWORD = "violet-harbour-lantern";

describe("given the sign-up endpoints (POST /signup, POST /resend)", () => {
  let app: TestApp;
  let auth: ReturnType<typeof authClient>;
  let n = 0;
  /** A fresh address per test, so mail limits of one test never touch another. */
  const fresh = () => `user${++n}-${Date.now()}@example.com`;
  beforeAll(async () => {
    // The production cost (10), not the suites' lower one: this file checks the stored hash.
    app = await startTestApp({ env: { TEST_PASSWORD_HASH_COST: "" } });
    auth = authClient(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  describe("POST /signup", () => {
    it("should create an unconfirmed user and reply with the bare user, no tokens", async () => {
      const email = fresh();
      const res = await auth.post("/signup", {
        email: email.toUpperCase(),
        password: PASSWORD,
        data: { plan: "month" },
      });
      expect(res.status).toBe(200);
      expect(res.body).not.toHaveProperty("access_token");
      expect(res.body).toMatchObject({
        aud: "authenticated",
        role: "authenticated",
        email,
        phone: "",
        app_metadata: { provider: "email", providers: ["email"] },
        user_metadata: { plan: "month" },
        is_anonymous: false,
      });
      expect(res.body).not.toHaveProperty("email_confirmed_at");
      expect(res.body.confirmation_sent_at).toBe(app.clock.now().toISOString());
      const identities = res.body.identities as Array<Record<string, unknown>>;
      expect(identities).toHaveLength(1);
      expect(identities[0]).toMatchObject({ provider: "email", user_id: res.body.id, id: res.body.id, email });
    });

    it("should mail a 6-digit code and store only a hash of it", async () => {
      const email = fresh();
      await auth.post("/signup", { email, password: PASSWORD });
      const code = await app.lastCode(email);
      expect(code).toMatch(/^\d{6}$/);
      const { rows } = await app.db.query<{ code_hash: string }>(
        "SELECT code_hash FROM one_time_codes c JOIN users u ON u.id = c.user_id WHERE u.email = $1",
        [email],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]?.code_hash).not.toContain(code);
      expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it("should store the password as a bcrypt $2b$ hash of cost 10", async () => {
      const email = fresh();
      await auth.post("/signup", { email, password: PASSWORD });
      const { rows } = await app.db.query<{ encrypted_password: string }>(
        "SELECT encrypted_password FROM users WHERE email = $1",
        [email],
      );
      expect(rows[0]?.encrypted_password).toMatch(/^\$2b\$10\$/);
    });

    it("should refuse a short password with 422 weak_password and reason length", async () => {
      const res = await auth.post("/signup", { email: fresh(), password: "x7#kQ2" });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: "weak_password", weak_password: { reasons: ["length"] } });
      expect(res.body.message).toBe("Password should be at least 8 characters.");
    });

    it("should refuse one of the most common passwords with reason pwned, whatever its case", async () => {
      const res = await auth.post("/signup", { email: fresh(), password: "Password123" });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: "weak_password", weak_password: { reasons: ["pwned"] } });
    });

    it("should give every reason at once for a password both short and common", async () => {
      const res = await auth.post("/signup", { email: fresh(), password: "qwerty" });
      expect(res.status).toBe(422);
      expect((res.body.weak_password as { reasons: string[] }).reasons).toEqual(["length", "pwned"]);
    });

    it("should refuse a password over 72 bytes instead of silently truncating it", async () => {
      const res = await auth.post("/signup", { email: fresh(), password: "ж".repeat(37) });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: "validation_failed",
        message: "Password cannot be longer than 72 characters",
      });
    });

    it("should accept a long passphrase of up to 72 bytes", async () => {
      const res = await auth.post("/signup", {
        email: fresh(),
        password: "a quiet lake under seven pale moons, far from any road!",
      });
      expect(res.status).toBe(200);
    });

    it("should require an email and a password with GoTrue's messages", async () => {
      const noPassword = await auth.post("/signup", { email: fresh() });
      expect(noPassword.status).toBe(400);
      expect(noPassword.body).toMatchObject({ code: "validation_failed", message: "Signup requires a valid password" });
      const noEmail = await auth.post("/signup", { password: PASSWORD });
      expect(noEmail.status).toBe(400);
      expect(noEmail.body).toMatchObject({ code: "validation_failed", message: "An email address is required" });
      const badEmail = await auth.post("/signup", { email: "not-an-address", password: PASSWORD });
      expect(badEmail.status).toBe(400);
      expect(String(badEmail.body.message)).toMatch(/^Unable to validate email address: /);
    });

    it("should give a second sign-up a code of its own and leave the first's working; with two passwords, neither is kept", async () => {
      const email = fresh();
      const first = await auth.post("/signup", { email, password: PASSWORD });
      const firstCode = await app.lastCode(email);
      app.clock.advance({ seconds: 31 });
      const second = await auth.post("/signup", { email, password: "another-password-entirely" });
      expect(second.status).toBe(200);
      expect(second.body.id).not.toBe(first.body.id);
      expect(await app.mailbox(email)).toHaveLength(2);
      const ok = await auth.post<Session>("/verify", { email, token: firstCode, type: "signup" });
      expect(ok.status).toBe(200);
      // Which of two sign-ups with different passwords is the owner's nobody can tell (either may
      // be a stranger's, pending-signup.test.ts): the code signs in, and neither password does.
      expect(ok.body.user.user_metadata).toEqual({ email_verified: true });
      expect((await auth.signIn(email, PASSWORD)).status).toBe(400);
      expect((await auth.signIn(email, "another-password-entirely")).status).toBe(400);
    });

    it("should answer sign-up for a confirmed address with a look-alike user (different id, no identities) and no mail", async () => {
      const email = fresh();
      const session = await auth.confirmedUser(email, PASSWORD);
      const mailsBefore = (await app.mailbox(email)).length;
      app.clock.advance({ seconds: 31 });
      const res = await auth.post("/signup", { email, password: PASSWORD, data: { a: 1 } });
      expect(res.status).toBe(200);
      expect(res.body.id).not.toBe(session.user.id);
      expect(res.body.identities).toEqual([]);
      expect(res.body).toMatchObject({ email, user_metadata: { a: 1 } });
      expect(await app.mailbox(email)).toHaveLength(mailsBefore);
    });

    it("should answer a confirmed address's sign-up within 30 s of the last mail with 200 and the look-alike user, mailing nothing", async () => {
      const email = fresh();
      const session = await auth.confirmedUser(email, PASSWORD);
      const mailsBefore = (await app.mailbox(email)).length;
      // No clock move: the sign-up's mail went out moments ago, and twice in a row.
      for (const password of [PASSWORD, "someone-elses-password"]) {
        const res = await auth.post("/signup", { email, password, data: { b: 2 } });
        expect(res.status).toBe(200);
        expect(res.body.id).not.toBe(session.user.id);
        expect(res.body).toMatchObject({ email, identities: [], user_metadata: { b: 2 } });
      }
      expect(await app.mailbox(email)).toHaveLength(mailsBefore);
      expect((await auth.signIn(email, PASSWORD)).status).toBe(200);
    });

    it("should create one account when the same address signs up twice at once", async () => {
      const email = fresh();
      const replies = await Promise.all([
        auth.post("/signup", { email, password: PASSWORD }, { ip: "203.0.113.71" }),
        auth.post("/signup", { email, password: PASSWORD }, { ip: "203.0.113.72" }),
      ]);
      // One goes through; the other either joins it or meets the 30 s mail limit.
      expect(replies.map((r) => r.status).sort()).toContainEqual(200);
      const { rows } = await app.db.query<{ n: number }>("SELECT count(*) AS n FROM users WHERE email = $1", [email]);
      expect(rows[0]?.n).toBe(1);
    });

    it(
      "should refuse sign-up when signups are disabled",
      async () => {
        const closed = await startTestApp({ env: { AUTH_DISABLE_SIGNUP: "true" } });
        try {
          const res = await authClient(closed).post("/signup", { email: fresh(), password: PASSWORD });
          expect(res.status).toBe(422);
          expect(res.body).toMatchObject({ code: "signup_disabled", message: "Signups not allowed for this instance" });
        } finally {
          await closed.close();
        }
      },
      STARTS_OWN_APP_MS,
    );
  });

  describe("POST /resend", () => {
    it("should mail a new code to an unconfirmed address, and the old one stops working", async () => {
      const email = fresh();
      await auth.post("/signup", { email, password: PASSWORD });
      const old = await app.lastCode(email);
      app.clock.advance({ seconds: 30 });
      const res = await auth.post("/resend", { email, type: "signup" });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({});
      const mails = await app.mailbox(email);
      expect(mails).toHaveLength(2);
      const current = await app.lastCode(email);
      if (current !== old) expect((await auth.post("/verify", { email, token: old, type: "email" })).status).toBe(403);
      expect((await auth.post("/verify", { email, token: current, type: "email" })).status).toBe(200);
    });

    it("should answer {} for unknown and for confirmed addresses without mailing them", async () => {
      const unknown = fresh();
      expect(await auth.post("/resend", { email: unknown, type: "signup" })).toMatchObject({ status: 200, body: {} });
      expect(await app.mailbox(unknown)).toHaveLength(0);
      const confirmed = fresh();
      await auth.confirmedUser(confirmed, PASSWORD);
      app.clock.advance({ seconds: 30 });
      expect(await auth.post("/resend", { email: confirmed, type: "signup" })).toMatchObject({ status: 200, body: {} });
      expect(await app.mailbox(confirmed)).toHaveLength(1);
    });

    it("should refuse an unknown type with GoTrue's message", async () => {
      const res = await auth.post("/resend", { email: fresh(), type: "bogus" });
      expect(res).toMatchObject({
        status: 400,
        body: {
          code: "validation_failed",
          message: "Missing one of these types: signup, email_change, sms, phone_change",
        },
      });
    });
  });
});
