/**
 * Review of issue #25 (item 5b): wrong codes are counted per client network so a stranger cannot
 * void the owner's code from his network, but one mailed code must still take only a bounded
 * number of guesses in all. Else someone with many networks (an IPv6 /48 holds 65,536 /64s) gets 5
 * tries per network at a 6-digit recovery code, which he can have mailed again every 30 seconds,
 * and the per-address cap over all networks answers 429 yet still checks the code.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authClient } from "../helpers/auth-client.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

const PASSWORD = "violet-harbour-lantern";
const OWNER = { ip: "203.0.113.50" };

let app: TestApp;
let auth: ReturnType<typeof authClient>;
let n = 0;
const fresh = () => `guesses${++n}-${Date.now()}@example.com`;

beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMIT_OTP_PER_5MIN: "1000", RATE_LIMIT_VERIFY_PER_5MIN: "1000" } });
  auth = authClient(app);
});
afterAll(async () => {
  await app?.close();
});

async function recoveryCodeFor(email: string): Promise<string> {
  await auth.confirmedUser(email, PASSWORD, OWNER);
  app.clock.advance({ seconds: 31 });
  expect((await auth.post("/recover", { email }, OWNER)).status).toBe(200);
  return app.lastCode(email);
}

/** Five wrong codes (each network's share) from every one of `networks`. */
async function guessFrom(email: string, code: string, networks: string[]) {
  const wrong = code === "000000" ? "111111" : "000000";
  for (const ip of networks) {
    for (let i = 0; i < 5; i++) {
      const guess = await auth.post("/verify", { email, token: wrong, type: "recovery" }, { ip });
      expect(guess.status).toBeGreaterThanOrEqual(400);
    }
  }
}

describe("given wrong codes for one address from many networks", () => {
  it("should void the code for everyone once it has taken 15 wrong tries in all, so a fifth network cannot use it", async () => {
    const email = fresh();
    const code = await recoveryCodeFor(email);
    await guessFrom(email, code, ["198.51.100.61", "198.51.100.62", "198.51.100.63", "198.51.100.64"]);
    const fifth = await auth.post("/verify", { email, token: code, type: "recovery" }, { ip: "198.51.100.65" });
    expect(fifth).toMatchObject({ status: 403, body: { code: "otp_expired" } });
    const hers = await auth.post("/verify", { email, token: code, type: "recovery" }, OWNER);
    expect(hers).toMatchObject({ status: 403, body: { code: "otp_expired" } });
  });

  it("should still take the owner's code from her network after a stranger's wrong tries from two other networks", async () => {
    const email = fresh();
    const code = await recoveryCodeFor(email);
    await guessFrom(email, code, ["198.51.100.71", "198.51.100.72"]);
    const hers = await auth.post("/verify", { email, token: code, type: "recovery" }, OWNER);
    expect(hers.status).toBe(200);
  });
});
