/**
 * Turning authenticators off while another request does the same, on real Postgres where
 * transactions run side by side (PGlite queues them). Every change to a user's set of factors takes
 * the user's row first, so "is another authenticator left?" is answered on what the other request
 * committed, never on what it is about to delete (README, "Two-factor sign-in").
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authClient, type Session } from "../helpers/auth-client.js";
import { challengeAndVerify, enrollTotp, totpCode } from "../helpers/mfa.js";
import { connectPeer, type PostgresPeer } from "../helpers/postgres-peer.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

const PASSWORD = "violet-harbour-lantern";

let app: TestApp;
let auth: ReturnType<typeof authClient>;
let other: PostgresPeer;
beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMIT_VERIFY_PER_5MIN: "1000", RATE_LIMIT_TOKEN_PER_5MIN: "1000" } });
  auth = authClient(app);
  other = await connectPeer(app);
}, 60_000);
afterAll(async () => {
  await other?.close();
  await app?.close();
});

/** A user with two verified authenticators and recovery codes, and an aal2 session with a fresh code. */
async function twoAuthenticatorsAndCodes() {
  const email = `race-${Date.now()}@example.com`;
  await auth.confirmedUser(email, PASSWORD);
  const first = await enrollTotp(app, auth, (await auth.signIn(email, PASSWORD)).body);
  const second = await auth.post<{ id: string; totp: { secret: string } }>(
    "/factors",
    { factor_type: "totp", friendly_name: "Second phone" },
    { token: first.session.access_token },
  );
  expect(second.status).toBe(200);
  app.clock.advance({ seconds: 30 });
  const verified = await challengeAndVerify(
    auth,
    first.session.access_token,
    second.body.id,
    totpCode(second.body.totp.secret, app.clock.now()),
  );
  expect(verified.status).toBe(200);
  const session = verified.body as Session;
  const codes = await auth.post("/factors/recovery-codes", {}, { token: session.access_token });
  expect(codes.status).toBe(200);
  return { userId: session.user.id, session, factorIds: [first.factorId, second.body.id] };
}

describe("two authenticators removed at the same moment (Postgres)", () => {
  it("should remove only one of them while recovery codes exist, never leaving the codes as the only factor", async () => {
    const { userId, session, factorIds } = await twoAuthenticatorsAndCodes();
    // Hold both requests at their first lock, so they go on side by side once it is let go.
    await other.query("BEGIN");
    await other.query("SELECT id FROM mfa_factors WHERE user_id = $1 AND factor_type = 'recovery_code' FOR UPDATE", [
      userId,
    ]);
    const removals = factorIds.map((id) =>
      auth.call("DELETE", `/factors/${id}`, undefined, { token: session.access_token }),
    );
    await other.lockWaiters(2);
    await other.query("ROLLBACK");
    const results = await Promise.all(removals);

    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    // Which removal takes the user's row first is up to Postgres. If it removes the first
    // authenticator, the other is refused as the last one beside the codes; if it removes the
    // second — whose code made this session aal2 and is its recent code — the other is refused
    // for want of a recent code of a factor still there (insufficient_aal), checked first. Both
    // keep the codes from being the only factor, which the rows below show.
    const refusal = results.find((r) => r.status === 422)?.body as { code?: string } | undefined;
    expect(["mfa_recovery_codes_sole_factor", "insufficient_aal"]).toContain(refusal?.code);
    const { rows } = await app.db.query("SELECT factor_type FROM mfa_factors WHERE user_id = $1 ORDER BY 1", [userId]);
    expect(rows).toEqual([{ factor_type: "recovery_code" }, { factor_type: "totp" }]);
  });
});
