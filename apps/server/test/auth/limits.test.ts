import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authClient } from "../helpers/auth-client.js";
import { challengeAndVerify, enrollTotp, totpCode, wrongTotp } from "../helpers/mfa.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

const PASSWORD = "violet-harbour-lantern";
let n = 0;
const fresh = () => `l${++n}-${Date.now()}@example.com`;

describe("given the per-address mail limits (30 s apart, 10 an hour)", () => {
  let app: TestApp;
  let auth: ReturnType<typeof authClient>;
  beforeAll(async () => {
    app = await startTestApp();
    auth = authClient(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("should refuse a second mail within 30 s with a JSON 429 counting down, then allow it", async () => {
    const email = fresh();
    await auth.post("/signup", { email, password: PASSWORD });
    app.clock.advance({ seconds: 12 });
    const early = await auth.post("/resend", { email, type: "signup" });
    expect(early.status).toBe(429);
    expect(early.body).toMatchObject({
      code: "over_email_send_rate_limit",
      message: "For security purposes, you can only request this after 18 seconds.",
      retry_after: 18,
    });
    expect(early.headers.get("retry-after")).toBe("18");
    app.clock.advance({ seconds: 17 });
    expect((await auth.post("/resend", { email, type: "signup" })).body.retry_after).toBe(1);
    app.clock.advance({ seconds: 1 });
    expect((await auth.post("/resend", { email, type: "signup" })).status).toBe(200);
    expect(await app.mailbox(email)).toHaveLength(2);
  });

  it("should apply the same limit to unknown addresses, so a 429 reveals nothing", async () => {
    const known = fresh();
    await auth.confirmedUser(known, PASSWORD);
    app.clock.advance({ seconds: 30 });
    const unknown = fresh();
    const replies = [];
    for (const email of [known, unknown]) {
      replies.push((await auth.post("/recover", { email })).status, (await auth.post("/recover", { email })).status);
    }
    expect(replies).toEqual([200, 429, 200, 429]);
  });

  it("should stop at 10 mails an hour for one address, and allow more once the hour has passed", async () => {
    const email = fresh();
    await auth.post("/signup", { email, password: PASSWORD });
    for (let i = 0; i < 9; i++) {
      app.clock.advance({ seconds: 30 });
      expect((await auth.post("/resend", { email, type: "signup" })).status).toBe(200);
    }
    expect(await app.mailbox(email)).toHaveLength(10);
    app.clock.advance({ seconds: 30 });
    const over = await auth.post("/resend", { email, type: "signup" });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: "over_email_send_rate_limit", message: "email rate limit exceeded" });
    expect(over.body.retry_after).toBe(3600 - 10 * 30);
    expect(await app.mailbox(email)).toHaveLength(10);
    app.clock.advance({ seconds: 3600 - 10 * 30 });
    expect((await auth.post("/resend", { email, type: "signup" })).status).toBe(200);
  });

  it("should keep one 30 s window per kind of mail: recovery right after sign-up is mailed, a second one waits", async () => {
    const email = fresh();
    expect((await auth.post("/signup", { email, password: PASSWORD })).status).toBe(200);
    app.clock.advance({ seconds: 1 });
    expect((await auth.post("/recover", { email })).status).toBe(200);
    expect((await app.mailbox(email)).map((m) => m.subject)).toEqual([
      "Your Veil password reset code",
      expect.stringMatching(/code/i),
    ]);
    // Each kind still has its own window.
    const resend = await auth.post("/resend", { email, type: "signup" });
    expect(resend).toMatchObject({ status: 429, body: { code: "over_email_send_rate_limit", retry_after: 29 } });
    const recover = await auth.post("/recover", { email });
    expect(recover).toMatchObject({ status: 429, body: { code: "over_email_send_rate_limit", retry_after: 30 } });
  });

  it("should count every kind of mail together in the hourly cap", async () => {
    const email = fresh();
    await auth.post("/signup", { email, password: PASSWORD });
    for (let i = 0; i < 9; i++) {
      app.clock.advance({ seconds: 30 });
      const ask = i % 2 === 0 ? auth.post("/recover", { email }) : auth.post("/resend", { email, type: "signup" });
      expect((await ask).status).toBe(200);
    }
    app.clock.advance({ seconds: 30 });
    const over = await auth.post("/recover", { email });
    expect(over).toMatchObject({ status: 429, body: { message: "email rate limit exceeded" } });
  });
});

describe("given the per-IP limits (set low here)", () => {
  let app: TestApp;
  let auth: ReturnType<typeof authClient>;
  beforeAll(async () => {
    app = await startTestApp({
      env: { RATE_LIMIT_TOKEN_PER_5MIN: "4", RATE_LIMIT_VERIFY_PER_5MIN: "3", RATE_LIMIT_OTP_PER_5MIN: "3" },
    });
    auth = authClient(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("should limit /recover per IP, not per address, and reset after 5 minutes", async () => {
    const ip = "198.51.100.7";
    for (let i = 0; i < 3; i++) expect((await auth.post("/recover", { email: fresh() }, { ip })).status).toBe(200);
    const over = await auth.post("/recover", { email: fresh() }, { ip });
    expect(over).toMatchObject({
      status: 429,
      body: { code: "over_request_rate_limit", message: "Request rate limit reached" },
    });
    expect(over.body.retry_after).toBe(300);
    expect((await auth.post("/recover", { email: fresh() }, { ip: "198.51.100.8" })).status).toBe(200);
    app.clock.advance({ minutes: 5 });
    expect((await auth.post("/recover", { email: fresh() }, { ip })).status).toBe(200);
  });

  it("should limit /signup and /resend per IP", async () => {
    const ip = "198.51.100.20";
    for (let i = 0; i < 3; i++) await auth.post("/signup", { email: fresh(), password: PASSWORD }, { ip });
    expect((await auth.post("/signup", { email: fresh(), password: PASSWORD }, { ip })).status).toBe(429);
    const ip2 = "198.51.100.21";
    for (let i = 0; i < 3; i++) await auth.post("/resend", { email: fresh(), type: "signup" }, { ip: ip2 });
    expect((await auth.post("/resend", { email: fresh(), type: "signup" }, { ip: ip2 })).status).toBe(429);
  });

  it("should share one /token budget between password and refresh grants", async () => {
    const ip = "198.51.100.30";
    for (let i = 0; i < 2; i++) await auth.signIn(fresh(), PASSWORD, { ip });
    for (let i = 0; i < 2; i++)
      await auth.post("/token?grant_type=refresh_token", { refresh_token: "unknown-token-123" }, { ip });
    expect(
      (await auth.post("/token?grant_type=refresh_token", { refresh_token: "unknown-token-123" }, { ip })).status,
    ).toBe(429);
    expect((await auth.signIn(fresh(), PASSWORD, { ip })).body.code).toBe("over_request_rate_limit");
  });

  it("should limit /verify per IP", async () => {
    const ip = "198.51.100.40";
    for (let i = 0; i < 3; i++)
      expect((await auth.post("/verify", { email: fresh(), token: "123456", type: "email" }, { ip })).status).toBe(403);
    expect((await auth.post("/verify", { email: fresh(), token: "123456", type: "email" }, { ip })).status).toBe(429);
  });

  it("should share limits between server processes through the database", async () => {
    const second = await startTestApp({ db: app.db, clock: app.clock, env: { RATE_LIMIT_OTP_PER_5MIN: "3" } });
    try {
      const ip = "198.51.100.50";
      for (let i = 0; i < 3; i++) await auth.post("/recover", { email: fresh() }, { ip });
      expect((await authClient(second).post("/recover", { email: fresh() }, { ip })).status).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe("given guessing against one address", () => {
  let app: TestApp;
  let auth: ReturnType<typeof authClient>;
  beforeAll(async () => {
    app = await startTestApp();
    auth = authClient(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("should slow down an IP after 5 wrong passwords for an address, without locking the owner out elsewhere", async () => {
    const email = fresh();
    await auth.confirmedUser(email, PASSWORD);
    const attacker = "192.0.2.66";
    for (let i = 0; i < 5; i++)
      expect((await auth.signIn(email, `guess-${i}-abcdef`, { ip: attacker })).status).toBe(400);
    const blocked = await auth.signIn(email, PASSWORD, { ip: attacker });
    expect(blocked).toMatchObject({ status: 429, body: { code: "over_request_rate_limit" } });
    expect(blocked.body.retry_after).toBe(900);
    expect((await auth.signIn(email, PASSWORD, { ip: "192.0.2.10" })).status).toBe(200);
    app.clock.advance({ minutes: 15 });
    expect((await auth.signIn(email, PASSWORD, { ip: attacker })).status).toBe(200);
  });

  it("should slow new IPs after 20 wrong passwords from many IPs, but let the owner in from an IP they used", async () => {
    const email = fresh();
    const owner = "192.0.2.200";
    await auth.confirmedUser(email, PASSWORD, { ip: owner });
    for (let i = 0; i < 20; i++) await auth.signIn(email, `guess-${i}-abcdef`, { ip: `203.0.113.${100 + i}` });
    expect((await auth.signIn(email, PASSWORD, { ip: "203.0.113.250" })).status).toBe(429);
    expect((await auth.signIn(email, PASSWORD, { ip: owner })).status).toBe(200);
  });

  it("should slow guessing against an unknown address the same way (no enumeration)", async () => {
    const email = fresh();
    const ip = "192.0.2.77";
    for (let i = 0; i < 5; i++) expect((await auth.signIn(email, `guess-${i}-abcdef`, { ip })).status).toBe(400);
    expect((await auth.signIn(email, "guess-5-abcdef", { ip })).status).toBe(429);
  });
});

describe("given RATE_LIMIT_TOTP_FAILURES_PER_30MIN set to 2 (5 by default)", () => {
  let app: TestApp;
  let auth: ReturnType<typeof authClient>;
  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_TOTP_FAILURES_PER_30MIN: "2" } });
    auth = authClient(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("should hold the account's authenticator code checks after 2 wrong codes, the right code included, for 30 minutes", async () => {
    const email = fresh();
    await auth.confirmedUser(email, PASSWORD);
    const { secret, factorId } = await enrollTotp(app, auth, (await auth.signIn(email, PASSWORD)).body);
    app.clock.advance({ seconds: 30 });
    const token = (await auth.signIn(email, PASSWORD)).body.access_token;
    const wrong = wrongTotp(secret, app.clock.now());
    for (let i = 0; i < 2; i++) expect((await challengeAndVerify(auth, token, factorId, wrong)).status).toBe(422);

    const right = await challengeAndVerify(auth, token, factorId, totpCode(secret, app.clock.now()));
    expect(right).toMatchObject({ status: 429, body: { code: "over_request_rate_limit" } });
    app.clock.advance({ minutes: 30, seconds: 1 });
    expect((await challengeAndVerify(auth, token, factorId, totpCode(secret, app.clock.now()))).status).toBe(200);
  });
});

describe("given RATE_LIMIT_RECOVERY_CODE_FAILURES_PER_15MIN set to 3 (10 by default)", () => {
  let app: TestApp;
  let auth: ReturnType<typeof authClient>;
  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_RECOVERY_CODE_FAILURES_PER_15MIN: "3" } });
    auth = authClient(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("should hold recovery codes from that network after 3 wrong ones, the right one included, for 15 minutes", async () => {
    const email = fresh();
    await auth.confirmedUser(email, PASSWORD);
    const enrolled = await enrollTotp(app, auth, (await auth.signIn(email, PASSWORD)).body);
    const issued = await auth.post<{ codes: string[] }>(
      "/factors/recovery-codes",
      {},
      { token: enrolled.session.access_token },
    );
    const token = (await auth.signIn(email, PASSWORD)).body.access_token;
    const verify = (code: string) => auth.post("/factors/recovery-codes/verify", { code }, { token });
    for (let i = 0; i < 3; i++) expect((await verify("0000-0000-0000-0000")).status).toBe(422);

    expect(await verify(issued.body.codes[0] ?? "")).toMatchObject({
      status: 429,
      body: { code: "mfa_recovery_codes_locked" },
    });
    app.clock.advance({ minutes: 15, seconds: 1 });
    expect((await verify(issued.body.codes[0] ?? "")).status).toBe(200);
  });
});
