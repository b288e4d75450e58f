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

/** Enrolls a TOTP factor for the session's user and confirms it; the session becomes aal2. */
export async function enrollTotp(app: TestApp, auth: Client, session: Session, opts: CallOptions = {}) {
  const enroll = await auth.post<{ id: string; totp: { secret: string } }>(
    "/factors",
    { factor_type: "totp" },
    { ...opts, token: session.access_token },
  );
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
