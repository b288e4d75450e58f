/**
 * Issue #25, Medium: the secure password change must not be a password oracle. With a stolen token
 * of an old session, a wrong nonce answers the same whatever password came with it (the nonce is
 * checked first, as GoTrue does); and every answer that does tell about the password (the new one
 * equals the current, a wrong current password) counts per account, from any address, as sign-ins
 * do: 5 in 15 minutes, then 429 with Retry-After.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authClient, type Session } from "../helpers/auth-client.js";
import { STARTS_OWN_APP_MS, startTestApp, type TestApp } from "../helpers/test-app.js";

const PASSWORD = "violet-harbour-lantern";
const NEW_PASSWORD = "amber-meadow-compass";

let app: TestApp;
let auth: ReturnType<typeof authClient>;
let n = 0;
const fresh = () => `oracle${++n}-${Date.now()}@example.com`;
/** A different address for every request: per-IP limits are no help against this thief. */
let ipN = 0;
const nextIp = () => `198.51.${100 + (++ipN % 100)}.${ipN % 250}`;

beforeAll(async () => {
  app = await startTestApp();
  auth = authClient(app);
});
afterAll(async () => {
  await app?.close();
});

async function session(email: string, olderThanWindow: boolean): Promise<Session> {
  const s = await auth.confirmedUser(email, PASSWORD);
  if (!olderThanWindow) return s;
  app.clock.advance({ hours: 24, seconds: 1 });
  const refreshed = await auth.post<Session>("/token?grant_type=refresh_token", { refresh_token: s.refresh_token });
  expect(refreshed.status).toBe(200);
  return refreshed.body;
}

describe("given a stolen access token of a session signed in more than 24 h ago", () => {
  it("should answer a wrong nonce with reauthentication_not_valid for the real password and a wrong guess alike", async () => {
    const email = fresh();
    const stolen = await session(email, true);
    const real = await auth.put("/user", { password: PASSWORD, nonce: "000000" }, { token: stolen.access_token });
    const guess = await auth.put("/user", { password: NEW_PASSWORD, nonce: "000000" }, { token: stolen.access_token });
    expect(real).toMatchObject({ status: 422, body: { code: "reauthentication_not_valid" } });
    expect(guess).toMatchObject({ status: 422, body: { code: "reauthentication_not_valid" } });
    expect((await auth.signIn(email, PASSWORD)).status).toBe(200);
  });
});

describe("given password-change requests that test guesses of the password", () => {
  it("should allow 5 per account in 15 minutes from any number of addresses, then answer 429", async () => {
    const email = fresh();
    const s = await session(email, false);
    for (let i = 0; i < 5; i++) {
      const same = await auth.put("/user", { password: PASSWORD }, { token: s.access_token, ip: nextIp() });
      expect(same).toMatchObject({ status: 422, body: { code: "same_password" } });
    }
    const sixth = await auth.put("/user", { password: PASSWORD }, { token: s.access_token, ip: nextIp() });
    expect(sixth).toMatchObject({ status: 429, body: { code: "over_request_rate_limit" } });
    expect(Number(sixth.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Nothing was learned from the refused one, and the account is fine once the window ends.
    app.clock.advance({ minutes: 15, seconds: 1 });
    expect((await auth.put("/user", { password: NEW_PASSWORD }, { token: s.access_token })).status).toBe(200);
    expect((await auth.signIn(email, NEW_PASSWORD)).status).toBe(200);
  });

  it(
    "should count wrong current passwords the same way when the current password is required",
    async () => {
      const strict = await startTestApp({ env: { AUTH_PASSWORD_CHANGE_NEEDS_CURRENT: "true" } });
      try {
        const client = authClient(strict);
        const email = fresh();
        await client.confirmedUser(email, PASSWORD);
        const s = (await client.signIn(email, PASSWORD)).body;
        for (let i = 0; i < 5; i++) {
          const wrong = await client.put(
            "/user",
            { password: NEW_PASSWORD, current_password: `not-it-${i}-lantern` },
            { token: s.access_token, ip: nextIp() },
          );
          expect(wrong).toMatchObject({ status: 400, body: { code: "current_password_invalid" } });
        }
        const sixth = await client.put(
          "/user",
          { password: NEW_PASSWORD, current_password: PASSWORD },
          { token: s.access_token, ip: nextIp() },
        );
        expect(sixth).toMatchObject({ status: 429, body: { code: "over_request_rate_limit" } });
      } finally {
        await strict.close();
      }
    },
    STARTS_OWN_APP_MS,
  );
});
