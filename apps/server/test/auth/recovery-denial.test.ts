/**
 * Issue #25, Low: nobody can deny another person her password recovery. (a) A request that mails
 * nothing (`/resend type=signup` for a confirmed address) spends none of the address's mail budget,
 * so the owner's `/recover` is still mailed; (b) wrong codes from one network void the code for that
 * network only: the owner's newest recovery code still works from hers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authClient } from "../helpers/auth-client.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

const PASSWORD = "violet-harbour-lantern";
const OWNER = { ip: "203.0.113.40" };
const STRANGER = { ip: "198.51.100.41" };

let app: TestApp;
let auth: ReturnType<typeof authClient>;
let n = 0;
const fresh = () => `denial${++n}-${Date.now()}@example.com`;

beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMIT_OTP_PER_5MIN: "1000", RATE_LIMIT_VERIFY_PER_5MIN: "1000" } });
  auth = authClient(app);
});
afterAll(async () => {
  await app?.close();
});

const recoveryMails = async (email: string) => {
  await app.services.mail.flush();
  return (await app.mailbox(email)).filter((m) => m.subject === "Your Veil password reset code");
};

describe("given a stranger sending /resend type=signup for a confirmed address all hour", () => {
  it("should still mail the owner's recovery code: requests that mail nothing spend no mail budget", async () => {
    const email = fresh();
    await auth.confirmedUser(email, PASSWORD, OWNER);
    app.clock.advance({ hours: 1, seconds: 1 });
    // Ten, the hourly cap of one address's mails.
    for (let i = 0; i < 10; i++) {
      const res = await auth.post("/resend", { email, type: "signup" }, STRANGER);
      expect(res.status).toBe(200);
      app.clock.advance({ seconds: 31 });
    }
    const recover = await auth.post("/recover", { email }, OWNER);
    expect(recover.status).toBe(200);
    expect(await recoveryMails(email)).toHaveLength(1);
  });

  it("should still answer those requests as a mailing one would: a second within 30 s gets 429", async () => {
    const email = fresh();
    await auth.confirmedUser(email, PASSWORD, OWNER);
    app.clock.advance({ seconds: 31 });
    expect((await auth.post("/resend", { email, type: "signup" }, STRANGER)).status).toBe(200);
    expect((await auth.post("/resend", { email, type: "signup" }, STRANGER)).status).toBe(429);
  });
});

describe("given a thief with the owner's password asking for re-authentication codes all hour", () => {
  it("should still mail the owner's recovery code: codes for a signed-in session have a budget of their own", async () => {
    // Re-audit of #25 (Low): ten /reauthenticate calls kept her /recover at 429 for the hour.
    const email = fresh();
    await auth.confirmedUser(email, PASSWORD, OWNER);
    app.clock.advance({ hours: 1, seconds: 1 });
    const thief = await auth.signIn(email, PASSWORD, STRANGER);
    for (let i = 0; i < 10; i++) {
      const res = await auth.post("/reauthenticate", {}, { ...STRANGER, token: thief.body.access_token });
      expect(res.status).toBe(200);
      app.clock.advance({ seconds: 31 });
    }
    // His own asking stops at the hourly cap…
    const more = await auth.post("/reauthenticate", {}, { ...STRANGER, token: thief.body.access_token });
    expect(more.status).toBe(429);
    // …and hers still goes out.
    const recover = await auth.post("/recover", { email }, OWNER);
    expect(recover.status).toBe(200);
    expect(await recoveryMails(email)).toHaveLength(1);
  });
});

describe("given a stranger typing wrong codes for the owner's address from another network", () => {
  it("should accept the owner's newest recovery code from her network after his 5 wrong tries, not from his", async () => {
    const email = fresh();
    await auth.confirmedUser(email, PASSWORD, OWNER);
    app.clock.advance({ seconds: 31 });
    expect((await auth.post("/recover", { email }, OWNER)).status).toBe(200);
    const code = await app.lastCode(email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const guess = await auth.post("/verify", { email, token: wrong, type: "recovery" }, STRANGER);
      expect(guess).toMatchObject({ status: 403, body: { code: "otp_expired" } });
    }
    // His network is done with this code, even if he learnt it now.
    const his = await auth.post("/verify", { email, token: code, type: "recovery" }, STRANGER);
    expect(his).toMatchObject({ status: 403, body: { code: "otp_expired" } });
    const hers = await auth.post("/verify", { email, token: code, type: "recovery" }, OWNER);
    expect(hers.status).toBe(200);
  });
});
