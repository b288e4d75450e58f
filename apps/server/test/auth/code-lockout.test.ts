/**
 * Issue #13 item 5: nobody can lock an address out of confirmation and recovery by guessing its
 * codes. The cap on wrong codes is kept per address and client network; a higher cap over all
 * networks answers wrong codes with 429 but never refuses the correct code of the newest mail.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authClient } from "../helpers/auth-client.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

const PASSWORD = "violet-harbour-lantern";
const OWNER = { ip: "203.0.113.20" };

describe("given someone guessing the codes of an address that is not theirs", () => {
  let app: TestApp;
  let auth: ReturnType<typeof authClient>;
  let n = 0;
  const fresh = () => `lockout${++n}-${Date.now()}@example.com`;
  /** A six-digit code other than `code`. */
  const wrongFor = (code: string, i: number) => {
    const guess = String(100000 + i);
    return guess === code ? String(100000 + i + 1) : guess;
  };
  beforeAll(async () => {
    app = await startTestApp();
    auth = authClient(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("should accept the owner's correct code from her network after 30 wrong codes from another", async () => {
    const email = fresh();
    await auth.post("/signup", { email, password: PASSWORD }, OWNER);
    const first = await app.lastCode(email);
    for (let i = 0; i < 30; i++) {
      const res = await auth.post(
        "/verify",
        { email, token: wrongFor(first, i), type: "email" },
        { ip: "198.51.100.66" },
      );
      expect(res.status).toBe(403);
    }
    // Her first code was voided by the guesses (5 wrong tries); she asks for a new one and uses it.
    app.clock.advance({ seconds: 30 });
    expect((await auth.post("/resend", { email, type: "signup" }, OWNER)).status).toBe(200);
    const newest = await app.lastCode(email);
    const verify = await auth.post("/verify", { email, token: newest, type: "signup" }, OWNER);
    expect(verify.status).toBe(200);
  });

  it("should refuse the guessing network itself after 30 wrong codes in an hour, even with its per-IP window over", async () => {
    const email = fresh();
    await auth.post("/signup", { email, password: PASSWORD }, OWNER);
    const code = await app.lastCode(email);
    const attacker = { ip: "198.51.100.77" };
    for (let i = 0; i < 30; i++) {
      // Spread out, so the per-IP limit of /verify (30 per 5 minutes) never trips.
      if (i % 10 === 0) app.clock.advance({ minutes: 6 });
      await auth.post("/verify", { email, token: wrongFor(code, i), type: "email" }, attacker);
    }
    app.clock.advance({ minutes: 6 });
    const refused = await auth.post("/verify", { email, token: "123456", type: "email" }, attacker);
    expect(refused).toMatchObject({ status: 429, body: { code: "over_request_rate_limit" } });
    expect(Number(refused.body.retry_after)).toBeGreaterThan(0);
    // The attacker's IPv6 neighbours in the same /64 count as the same network.
    const v6 = fresh();
    await auth.post("/signup", { email: v6, password: PASSWORD }, OWNER);
    for (let i = 0; i < 30; i++) {
      if (i % 10 === 0) app.clock.advance({ minutes: 6 });
      await auth.post(
        "/verify",
        { email: v6, token: String(200000 + i), type: "email" },
        { ip: `2001:db8:1:2::${i + 1}` },
      );
    }
    const neighbour = await auth.post(
      "/verify",
      { email: v6, token: "123456", type: "email" },
      { ip: "2001:db8:1:2::ff" },
    );
    expect(neighbour.status).toBe(429);
  });

  it("should answer wrong codes with 429 past 150 from all networks, yet still accept the newest code", async () => {
    const email = fresh();
    await auth.post("/signup", { email, password: PASSWORD }, OWNER);
    // 150 wrong codes, 5 from each of 30 networks (each well within its own caps).
    for (let i = 0; i < 150; i++) {
      const res = await auth.post(
        "/verify",
        { email, token: String(300000 + i), type: "email" },
        { ip: `10.20.${Math.floor(i / 5)}.1` },
      );
      expect(res.status).toBe(403);
    }
    const over = await auth.post("/verify", { email, token: "299999", type: "email" }, { ip: "10.30.0.1" });
    expect(over).toMatchObject({ status: 429, body: { code: "over_request_rate_limit" } });

    app.clock.advance({ seconds: 30 });
    expect((await auth.post("/resend", { email, type: "signup" }, OWNER)).status).toBe(200);
    const verify = await auth.post("/verify", { email, token: await app.lastCode(email), type: "email" }, OWNER);
    expect(verify.status).toBe(200);
  });

  it("should count wrong codes for an unknown address the same way (no enumeration)", async () => {
    const email = fresh();
    const attacker = { ip: "198.51.100.88" };
    for (let i = 0; i < 30; i++) {
      if (i % 10 === 0) app.clock.advance({ minutes: 6 });
      expect((await auth.post("/verify", { email, token: String(400000 + i), type: "email" }, attacker)).status).toBe(
        403,
      );
    }
    app.clock.advance({ minutes: 6 });
    expect((await auth.post("/verify", { email, token: "123456", type: "email" }, attacker)).status).toBe(429);
  });
});
