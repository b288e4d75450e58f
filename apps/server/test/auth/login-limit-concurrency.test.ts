/**
 * Wrong-password limits hold under concurrency: each attempt reserves its place before bcrypt runs,
 * so a burst of parallel guesses gets no more password checks than the policy allows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authClient } from "../helpers/auth-client.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

const PASSWORD = "violet-harbour-lantern";
let n = 0;
const fresh = () => `burst${++n}-${Date.now()}@example.com`;

describe("given 40 wrong passwords sent at once", () => {
  let app: TestApp;
  let auth: ReturnType<typeof authClient>;
  beforeAll(async () => {
    // A hashing queue long enough for the whole burst: this file is about the limits, not the queue.
    app = await startTestApp({ env: { PASSWORD_HASH_QUEUE: "64" } });
    auth = authClient(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  const statuses = async (replies: Promise<{ status: number }>[]) => (await Promise.all(replies)).map((r) => r.status);
  const count = (list: number[], status: number) => list.filter((s) => s === status).length;

  it("should check only 5 of them from one IP for one account (the rest 429), and still let the owner in elsewhere", async () => {
    const email = fresh();
    await auth.confirmedUser(email, PASSWORD, { ip: "192.0.2.10" });
    const attacker = "198.51.100.66";
    const replies = await statuses(
      Array.from({ length: 40 }, (_, i) => auth.signIn(email, `wrong-guess-${i}-xyz`, { ip: attacker })),
    );
    expect(count(replies, 400)).toBe(5);
    expect(count(replies, 429)).toBe(35);
    expect((await auth.signIn(email, PASSWORD, { ip: attacker })).status).toBe(429);
    expect((await auth.signIn(email, PASSWORD, { ip: "192.0.2.10" })).status).toBe(200);
  });

  it("should check only 20 of them for one account across 40 IPs", async () => {
    const email = fresh();
    await auth.confirmedUser(email, PASSWORD, { ip: "192.0.2.20" });
    const replies = await statuses(
      Array.from({ length: 40 }, (_, i) => auth.signIn(email, `wrong-guess-${i}-xyz`, { ip: `203.0.113.${i + 10}` })),
    );
    expect(count(replies, 400)).toBe(20);
    expect(count(replies, 429)).toBe(20);
  });

  it("should give a right password's reservation back, so the owner's own sign-ins never use up the budget", async () => {
    const email = fresh();
    const ip = "198.51.100.77";
    await auth.confirmedUser(email, PASSWORD, { ip });
    for (let i = 0; i < 8; i++) expect((await auth.signIn(email, PASSWORD, { ip })).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await auth.signIn(email, `wrong-guess-${i}-xyz`, { ip })).status).toBe(400);
    expect((await auth.signIn(email, "wrong-guess-6-xyz", { ip })).status).toBe(429);
  });
});
