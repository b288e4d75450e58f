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
import { sessionAal } from "../stores/sessions.js";
import { lastMfaAt } from "./assurance.js";

/** A signed-in caller, as /auth/v1's bearer check hands it over. */
export interface Caller {
  claims: AccessClaims;
  userId: string;
  sessionId: string;
}

/** Removing a verified factor or recovery codes needs a code verified this recently (seconds). */
export const RECENT_MFA_SECONDS = 600;

export function mfaRules(config: Config) {
  return {
    ipEnroll: perIp("mfa_enroll", config.RATE_LIMIT_OTP_PER_5MIN),
    ipChallenge: perIp("mfa_challenge", config.RATE_LIMIT_VERIFY_PER_5MIN),
    ipVerify: perIp("mfa_verify", config.RATE_LIMIT_VERIFY_PER_5MIN),
    /**
     * Wrong authenticator codes per account, from anywhere: 5 in 30 minutes, then every check waits
     * for the window to end (docs/product.md §11.4: as strict as mailed codes, which allow 5 wrong
     * tries per code and a new code only by mail, 10 mails an hour: 1,200 tries a day; a TOTP guess
     * meets up to 3 valid codes, so 5 per 30 minutes is 720 chances a day). Counted before the code
     * is checked, so parallel guesses get no more tries; a right code gives its place back. Only
     * someone who knows the password gets this far; the owner can still sign in with a recovery
     * code meanwhile.
     */
    totpFail: { bucket: "mfa-fail:user", limit: 5, windowSeconds: 1800 },
    /** Wrong recovery codes per account and client network (80-bit codes: this only stops hammering). */
    recoveryFail: { bucket: "mfa-recovery-fail:user+net", limit: 10, windowSeconds: 900 },
  } satisfies Record<string, LimitRule>;
}

export function createGuards(deps: { config: Config; db: Queryable; clock: Clock }) {
  const limiter = new RateLimiter(deps.db, deps.clock);
  const rules = mfaRules(deps.config);
  return {
    limiter,
    rules,
    limitIp: (rule: LimitRule, ip: string): Promise<void> => limitPerIp(limiter, rule, ip),
    /** aal2 only when the token says so and its session still does (an unenroll lowers sessions). */
    async isAal2(caller: Caller): Promise<boolean> {
      return caller.claims.aal === "aal2" && (await sessionAal(deps.db, caller.sessionId)) === "aal2";
    },
    /** Whether the token's newest second-factor check is at most RECENT_MFA_SECONDS old. */
    verifiedRecently(caller: Caller): boolean {
      const at = lastMfaAt(caller.claims.amr);
      return at !== null && deps.clock.now().getTime() / 1000 - at <= RECENT_MFA_SECONDS;
    },
  };
}

export type Guards = ReturnType<typeof createGuards>;

export const factorNotFound = () => new AuthError(404, "mfa_factor_not_found", "Factor not found");
export const insufficientAal = (status: 403 | 422, message: string) =>
  new AuthError(status, "insufficient_aal", message);
export const needsRecentCode = () =>
  insufficientAal(
    422,
    `Verify a code from your authenticator again (at most ${RECENT_MFA_SECONDS / 60} minutes before) to remove two-factor sign-in`,
  );
