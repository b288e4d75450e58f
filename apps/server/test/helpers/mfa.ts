/** Two-factor helpers for tests: TOTP codes at the test clock's time, and a user with an authenticator. */
import { Secret, TOTP } from "otpauth";
import type { authClient, CallOptions, Session } from "./auth-client.js";
import type { TestApp } from "./test-app.js";

/** The authenticator app's code for `secret` at `at` (`stepOffset` 30-second steps away). */
export function totpCode(secret: string, at: Date, stepOffset = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    timestamp: at.getTime() + stepOffset * 30_000,
  });
}

/** A code that is not the current one (nor its neighbours'). */
export function wrongTotp(secret: string, at: Date): string {
  const taken = new Set([-1, 0, 1].map((d) => totpCode(secret, at, d)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, "0");
    if (!taken.has(candidate)) return candidate;
  }
}

export interface Enrolled {
  factorId: string;
  secret: string;
  /** The aal2 session the confirming verify answered with. */
  session: Session;
}

type Client = ReturnType<typeof authClient>;

/** Challenges `factorId` and verifies `code` (the current one by default) from `opts.ip`. */
export async function challengeAndVerify(
  auth: Client,
  token: string,
  factorId: string,
  code: string,
  opts: CallOptions = {},
) {
  const challenge = await auth.post<{ id: string }>(`/factors/${factorId}/challenge`, {}, { ...opts, token });
  if (challenge.status !== 200) throw new Error(`challenge failed: ${JSON.stringify(challenge.body)}`);
  return auth.post<Session & { code?: string }>(
    `/factors/${factorId}/verify`,
    { challenge_id: challenge.body.id, code },
    { ...opts, token },
  );
}

/**
 * What the owner does before turning two-factor sign-in on from a password session: asks for the
 * re-authentication code and sends it as `PUT /user {nonce}` (the session may enrol for 10 minutes).
 */
export async function reauthenticateSession(app: TestApp, auth: Client, token: string, opts: CallOptions = {}) {
  let asked = await auth.call("GET", "/reauthenticate", undefined, { ...opts, token });
  if (asked.status === 429) {
    // The 30 s resend window of an earlier code: wait it out on the test clock.
    app.clock.advance({ seconds: 31 });
    asked = await auth.call("GET", "/reauthenticate", undefined, { ...opts, token });
  }
  if (asked.status !== 200) throw new Error(`reauthenticate failed: ${JSON.stringify(asked.body)}`);
  const me = await auth.call<{ email: string }>("GET", "/user", undefined, { ...opts, token });
  const nonce = await app.lastCode(me.body.email);
  const sent = await auth.put("/user", { nonce }, { ...opts, token });
  if (sent.status !== 200) throw new Error(`nonce refused: ${JSON.stringify(sent.body)}`);
}

/**
 * Enrolls a TOTP factor for the session's user and confirms it; the session becomes aal2. A first
 * authenticator asked for a mailed code gets one (reauthenticateSession) first.
 */
export async function enrollTotp(app: TestApp, auth: Client, session: Session, opts: CallOptions = {}) {
  const post = () =>
    auth.post<{ id: string; totp: { secret: string }; code?: string }>(
      "/factors",
      { factor_type: "totp" },
      { ...opts, token: session.access_token },
    );
  let enroll = await post();
  if (enroll.status === 400 && enroll.body.code === "reauthentication_needed") {
    await reauthenticateSession(app, auth, session.access_token, opts);
    enroll = await post();
  }
  if (enroll.status !== 200) throw new Error(`enroll failed: ${JSON.stringify(enroll.body)}`);
  const secret = enroll.body.totp.secret;
  const verify = await challengeAndVerify(
    auth,
    session.access_token,
    enroll.body.id,
    totpCode(secret, app.clock.now()),
    opts,
  );
  if (verify.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verify.body)}`);
  return { factorId: enroll.body.id, secret, session: verify.body } satisfies Enrolled;
}
