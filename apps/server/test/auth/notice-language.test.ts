/**
 * Review of issue #25: security notices go out in the owner's language, and nobody else chooses it.
 * /recover needs nothing but the address; if its Accept-Language became the account's language, a
 * stranger could switch every later notice (an authenticator added, recovery codes replaced) to a
 * language the owner may not read, just before acting.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authClient } from "../helpers/auth-client.js";
import { enrollTotp } from "../helpers/mfa.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

const PASSWORD = "violet-harbour-lantern";
const STRANGER = { ip: "198.51.100.90", headers: { "Accept-Language": "ru" } };

let app: TestApp;
let auth: ReturnType<typeof authClient>;

beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMIT_OTP_PER_5MIN: "1000", RATE_LIMIT_VERIFY_PER_5MIN: "1000" } });
  auth = authClient(app);
});
afterAll(async () => {
  await app?.close();
});

describe("given an English-speaking owner and a stranger asking for her recovery code in Russian", () => {
  it("should still mail her later security notices in English", async () => {
    const email = `notice-lang-${Date.now()}@example.com`;
    await auth.confirmedUser(email, PASSWORD, { headers: { "Accept-Language": "en" } });
    app.clock.advance({ seconds: 31 });
    expect((await auth.post("/recover", { email }, STRANGER)).status).toBe(200);

    await enrollTotp(app, auth, (await auth.signIn(email, PASSWORD)).body);
    await app.services.mail.flush();
    const subjects = (await app.mailbox(email)).map((m) => m.subject);
    expect(subjects).toContain("Two-factor sign-in was turned on for Veil");
  });
});
