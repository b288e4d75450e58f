/**
 * What every /factors call checks: per-IP limits, the caller's real assurance level (the token's and
 * the session row's, whichever is lower) and how recently a second factor was verified.
 */
import type { Clock } from "../../clock.js";
import type { Config } from "../../config/index.js";
import type { Queryable } from "../../db/index.js";
import { type LimitRule, RateLimiter } from "../../rate-limit/index.js";
import { limitPerIp, perIp } from "../context.js";
import { AuthError } from "../errors.js";
import type { AccessClaims } from "../jwt.js";
import { isVerifiedFactor } from "../stores/factors.js";
import { sessionAal, sessionProofs, sessionSignIn } from "../stores/sessions.js";
import { isAal2, lastMfaAt } from "./assurance.js";

/** A signed-in caller, as /auth/v1's bearer check hands it over. */
export interface Caller {
  claims: AccessClaims;
  userId: string;
  sessionId: string;
}

/**
 * Adding or removing a factor and making new recovery codes need a code of an existing factor
 * verified this recently (seconds).
 */
export const RECENT_MFA_SECONDS = 600;
/** A used re-authentication code lets the session turn two-factor sign-in on for this long (seconds). */
export const REAUTHENTICATION_VALID_SECONDS = 600;
/**
 * A session opened by a mailed code (sign-up or recovery) may turn two-factor sign-in on without
 * another one this long after it signed in (seconds; shorter still if
 * AUTH_SECURE_PASSWORD_CHANGE_WINDOW_SECONDS is).
 */
export const FIRST_FACTOR_SIGN_IN_SECONDS = 600;

export function mfaRules(config: Config) {
  return {
    ipEnroll: perIp("mfa_enroll", config.RATE_LIMIT_OTP_PER_5MIN),
    ipChallenge: perIp("mfa_challenge", config.RATE_LIMIT_VERIFY_PER_5MIN),
    ipVerify: perIp("mfa_verify", config.RATE_LIMIT_VERIFY_PER_5MIN),
    /**
     * Wrong authenticator codes per account, from anywhere: RATE_LIMIT_TOTP_FAILURES_PER_30MIN in 30
     * minutes, then every check waits for the window to end. The default, 5, is as strict as mailed
     * codes (docs/product.md §11.4), which allow 5 wrong tries per code and a new code only by mail,
     * 10 mails an hour: 1,200 tries a day; a TOTP guess meets up to 3 valid codes, so 5 per 30
     * minutes is 720 chances a day. Counted before the code is checked, so parallel guesses get no
     * more tries; a right code gives its place back. Only someone who knows the password gets this
     * far; the owner can still sign in with a recovery code meanwhile.
     */
    totpFail: { bucket: "mfa-fail:user", limit: config.RATE_LIMIT_TOTP_FAILURES_PER_30MIN, windowSeconds: 1800 },
    /**
     * Wrong recovery codes per account and client network, RATE_LIMIT_RECOVERY_CODE_FAILURES_PER_15MIN
     * in 15 minutes (80-bit codes: this only stops hammering).
     */
    recoveryFail: {
      bucket: "mfa-recovery-fail:user+net",
      limit: config.RATE_LIMIT_RECOVERY_CODE_FAILURES_PER_15MIN,
      windowSeconds: 900,
    },
  } satisfies Record<string, LimitRule>;
}

export function createGuards(deps: { config: Config; db: Queryable; clock: Clock }) {
  const limiter = new RateLimiter(deps.db, deps.clock);
  const rules = mfaRules(deps.config);
  return {
    limiter,
    rules,
    limitIp: (rule: LimitRule, ip: string): Promise<void> => limitPerIp(limiter, rule, ip),
    /** The aal2 rule (assurance.ts) for a /factors caller: its token's level and its session's. */
    isAal2: (caller: Caller): Promise<boolean> =>
      isAal2(caller.claims.aal, () => sessionAal(deps.db, caller.sessionId)),
    /**
     * Whether the caller's token was minted by a code of an EXISTING factor (verified, still there)
     * at most RECENT_MFA_SECONDS ago: what adding, removing and regenerating factors need, so an
     * aal2 token alone (stolen hours after the owner's code) changes nothing. The token must come
     * from the session's newest verification: an older copy of the same session's token does not
     * ride on a code the owner typed since. A factor being confirmed is unverified, so it never
     * vouches for itself. Reads with `q` (inside the caller's transaction on PGlite).
     */
    async recentCodeOfExistingFactor(q: Queryable, caller: Caller): Promise<boolean> {
      const at = lastMfaAt(caller.claims.amr);
      if (at === null || deps.clock.now().getTime() / 1000 - at > RECENT_MFA_SECONDS) return false;
      const proofs = await sessionProofs(q, caller.sessionId);
      if (!proofs?.mfa_factor_id || lastMfaAt(proofs.amr) !== at) return false;
      return isVerifiedFactor(q, caller.userId, proofs.mfa_factor_id);
    },
    /**
     * Whether the session has shown, in the last 10 minutes, that it reads the owner's mailbox:
     * it signed in with a mailed code (sign-up or recovery) in the last FIRST_FACTOR_SIGN_IN_SECONDS,
     * or used a re-authentication code in the last REAUTHENTICATION_VALID_SECONDS. What turning
     * two-factor sign-in on needs: a password the owner takes back by mail, but an authenticator
     * someone else turned on she cannot (resetting the password and removing the factor then need
     * aal2: his app), so the password or a leaked token alone made the account his for good
     * (README, "Security").
     */
    async mailboxProvenRecently(q: Queryable, caller: Caller): Promise<boolean> {
      const now = deps.clock.now().getTime();
      const signIn = await sessionSignIn(q, caller.sessionId);
      const window = Math.min(deps.config.AUTH_SECURE_PASSWORD_CHANGE_WINDOW_SECONDS, FIRST_FACTOR_SIGN_IN_SECONDS);
      if (signIn?.amr.some((e) => e.method === "otp") && now - signIn.created_at.getTime() < window * 1000) {
        return true;
      }
      const reauthenticatedAt = (await sessionProofs(q, caller.sessionId))?.reauthenticated_at;
      return !!reauthenticatedAt && now - reauthenticatedAt.getTime() <= REAUTHENTICATION_VALID_SECONDS * 1000;
    },
  };
}

export type Guards = ReturnType<typeof createGuards>;

export const factorNotFound = () => new AuthError(404, "mfa_factor_not_found", "Factor not found");
export const insufficientAal = (status: 403 | 422, message: string) =>
  new AuthError(status, "insufficient_aal", message);
/** What a change of factors answers without a recent code of an existing factor; `what` names it. */
export const needsRecentCode = (what = "remove two-factor sign-in") =>
  insufficientAal(
    422,
    `Verify a code from an authenticator or a recovery code you already have (at most ${RECENT_MFA_SECONDS / 60} minutes before) to ${what}`,
  );
/** A first authenticator from a session older than the secure-change window (as PUT /user's). */
export const reauthenticationNeeded = () =>
  new AuthError(400, "reauthentication_needed", "Turning on two-factor sign-in requires reauthentication");
