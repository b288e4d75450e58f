/**
 * Signing out everywhere needs the second factor: with only the password (an aal1 session of a user
 * with an authenticator), `/logout` ends that session alone, and `scope=others` is refused, so a
 * stranger who guessed the password cannot keep throwing the owner out of every device
 * (README, "Two-factor sign-in").
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authClient } from "../helpers/auth-client.js";
import { enrollTotp } from "../helpers/mfa.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

const PASSWORD = "violet-harbour-lantern";

let app: TestApp;
let auth: ReturnType<typeof authClient>;
let n = 0;

beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMIT_VERIFY_PER_5MIN: "1000", RATE_LIMIT_TOKEN_PER_5MIN: "1000" } });
  auth = authClient(app);
});
afterAll(async () => {
  await app?.close();
});

/** The owner's aal2 session (authenticator confirmed) and a password-only session of the same account. */
async function ownerAndPasswordOnly() {
  app.clock.advance({ minutes: 20 });
  const email = `logout${++n}-${Date.now()}@example.com`;
  await auth.confirmedUser(email, PASSWORD);
  const owner = (await enrollTotp(app, auth, (await auth.signIn(email, PASSWORD)).body)).session;
  const stranger = (await auth.signIn(email, PASSWORD)).body;
  return { owner, stranger };
}

describe("given a user with an authenticator and a session that gave only the password", () => {
  it("should end only that session on a global sign-out, leaving the owner's aal2 session signed in", async () => {
    const { owner, stranger } = await ownerAndPasswordOnly();
    const res = await auth.post("/logout", undefined, { token: stranger.access_token });
    expect(res.status).toBe(204);
    expect((await auth.get("/user", { token: stranger.access_token })).body).toMatchObject({
      code: "session_not_found",
    });
    expect((await auth.get("/user", { token: owner.access_token })).status).toBe(200);
  });

  it("should refuse to sign the other sessions out (403 insufficient_aal), and let the aal2 session do it", async () => {
    const { owner, stranger } = await ownerAndPasswordOnly();
    const res = await auth.post("/logout?scope=others", undefined, { token: stranger.access_token });
    expect(res).toMatchObject({ status: 403, body: { code: "insufficient_aal" } });
    expect((await auth.get("/user", { token: owner.access_token })).status).toBe(200);
    expect((await auth.get("/user", { token: stranger.access_token })).status).toBe(200);

    expect((await auth.post("/logout?scope=others", undefined, { token: owner.access_token })).status).toBe(204);
    expect((await auth.get("/user", { token: stranger.access_token })).body).toMatchObject({
      code: "session_not_found",
    });
    expect((await auth.get("/user", { token: owner.access_token })).status).toBe(200);
  });
});
