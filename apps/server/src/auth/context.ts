/**
 * What every /auth/v1 use case shares: its dependencies, the derived keys, and the rate limits of
 * the auth server (docs/architecture.md §5). Each use case module (sign-up.ts, verify.ts, token.ts,
 * recover.ts, user.ts, logout.ts, settings.ts) takes an `AuthContext`; service.ts builds one.
 */
import { z } from "zod";
import type { Clock } from "../clock.js";
import type { Config } from "../config/index.js";
import type { Db } from "../db/index.js";
import { rateLimitSubject } from "../http/index.js";
import type { Logger } from "../logger.js";
import type { Mail } from "../mail/index.js";
import { type LimitRule, RateLimiter } from "../rate-limit/index.js";
import { tooManyRequests, validationFailed } from "./errors.js";
import type { AccessClaims } from "./jwt.js";
import { type DerivedKeys, deriveKeys, sha256Hex } from "./secrets.js";
import { type SessionLimits, sessionLimitsOf } from "./session-check.js";

export interface AuthDeps {
  config: Config;
  db: Db;
  clock: Clock;
  logger: Logger;
  mail: Mail;
}

/** Who is asking, as the routes read it from the request. */
export interface RequestMeta {
  ip: string;
  userAgent?: string | undefined;
  acceptLanguage?: string | undefined;
}

/** A caller whose bearer token passed, with a live session (user.ts, `authenticate`). */
export interface Authenticated {
  claims: AccessClaims;
  userId: string;
  sessionId: string;
}

export type AuthRules = ReturnType<typeof authRules>;

export interface AuthContext extends AuthDeps {
  keys: DerivedKeys;
  limiter: RateLimiter;
  sessionLimits: SessionLimits;
  rules: AuthRules;
  /** Counts a request against a per-IP rule (IPv6 by /64); 429 past it. */
  limitIp(rule: LimitRule, ip: string): Promise<void>;
  /**
   * Mail limits for an address: one mail of each kind (`gapRule`) per MAIL_RESEND_SECONDS,
   * MAIL_PER_ADDRESS_PER_HOUR per hour of all kinds. Applied to every request that could mail the
   * address — whether or not it exists or is confirmed — so a 429 says nothing about the account.
   * `email` may be a budget key of its own (`noMailBudget`, `signedInMailBudget`).
   */
  limitMail(email: string, gapRule: LimitRule): Promise<void>;
}

/** A per-IP rule of /auth/v1 (and of /factors: mfa/guards.ts): `limit` requests per 5 minutes. */
export const perIp = (name: string, limit: number): LimitRule => ({ bucket: `ip:${name}`, limit, windowSeconds: 300 });

/** Counts a request against a per-IP rule; 429 past it. IPv6 callers are counted by /64 (src/http/client-ip.ts). */
export async function limitPerIp(limiter: RateLimiter, rule: LimitRule, ip: string): Promise<void> {
  const state = await limiter.hit(rule, rateLimitSubject(ip));
  if (!state.allowed) throw tooManyRequests("over_request_rate_limit", "Request rate limit reached", state.retryAfter);
}

/** The limits of /auth/v1 (numbers and their settings: README, "Identity"). */
export function authRules(config: Config) {
  return {
    ipToken: perIp("token", config.RATE_LIMIT_TOKEN_PER_5MIN),
    ipVerify: perIp("verify", config.RATE_LIMIT_VERIFY_PER_5MIN),
    ipSignup: perIp("signup", config.RATE_LIMIT_OTP_PER_5MIN),
    ipRecover: perIp("recover", config.RATE_LIMIT_OTP_PER_5MIN),
    ipResend: perIp("resend", config.RATE_LIMIT_OTP_PER_5MIN),
    ipUserUpdate: perIp("user_update", config.RATE_LIMIT_OTP_PER_5MIN),
    /**
     * One resend window per kind of mail, as GoTrue (confirmation, recovery, re-authentication): a
     * recovery request right after a sign-up is not held up by the sign-up's mail. The hourly cap
     * (mailHour) still counts every kind together.
     */
    mailGapConfirmation: { bucket: "mail:gap:confirmation", limit: 1, windowSeconds: config.MAIL_RESEND_SECONDS },
    mailGapRecovery: { bucket: "mail:gap:recovery", limit: 1, windowSeconds: config.MAIL_RESEND_SECONDS },
    mailGapReauthentication: {
      bucket: "mail:gap:reauthentication",
      limit: 1,
      windowSeconds: config.MAIL_RESEND_SECONDS,
    },
    ipReauthenticate: perIp("reauthenticate", config.RATE_LIMIT_OTP_PER_5MIN),
    mailHour: { bucket: "mail:hour", limit: config.MAIL_PER_ADDRESS_PER_HOUR, windowSeconds: 3600 },
    /**
     * Wrong codes for one address from one client network (an IPv4 address, an IPv6 /64): past it
     * that network is refused before its code is even checked; others are not held up.
     */
    verifyFailNetwork: { bucket: "verify-fail:email+net", limit: 30, windowSeconds: 3600 },
    /**
     * Wrong codes for one address from anywhere: past it, wrong codes answer 429, but every code is
     * still checked, so the owner's correct code of the newest mail always passes. Guessing stays
     * bounded by the code itself (void after CODE_MAX_ATTEMPTS wrong tries, a new one only by mail).
     */
    verifyFailEmail: { bucket: "verify-fail:email", limit: 150, windowSeconds: 3600 },
    /** Wrong passwords for one address from one IP: that IP waits, others do not. */
    loginFailPair: { bucket: "login-fail:ip+email", limit: 5, windowSeconds: 900 },
    /** Wrong passwords for one address from anywhere: new IPs wait, IPs the owner used before do not. */
    loginFailEmail: { bucket: "login-fail:email", limit: 20, windowSeconds: 3600 },
    /**
     * Password checks of a password change per account, from anywhere (a wrong current password, or
     * a new one equal to the current): each answer tells whether a guess was the password, so a
     * stolen token gets 5 guesses in 15 minutes, counted before bcrypt runs as sign-ins are.
     */
    passwordChangeFail: { bucket: "password-change-fail:user", limit: 5, windowSeconds: 900 },
  } satisfies Record<string, LimitRule>;
}

export function createAuthContext(deps: AuthDeps): AuthContext {
  const limiter = new RateLimiter(deps.db, deps.clock);
  const rules = authRules(deps.config);
  return {
    ...deps,
    keys: deriveKeys(deps.config.MFA_ENCRYPTION_KEY),
    limiter,
    sessionLimits: sessionLimitsOf(deps.config),
    rules,
    limitIp: (rule, ip) => limitPerIp(limiter, rule, ip),
    async limitMail(email, gapRule) {
      const gap = await limiter.hit(gapRule, email);
      if (!gap.allowed) {
        throw tooManyRequests(
          "over_email_send_rate_limit",
          `For security purposes, you can only request this after ${gap.retryAfter} seconds.`,
          gap.retryAfter,
        );
      }
      const hour = await limiter.hit(rules.mailHour, email);
      if (!hour.allowed)
        throw tooManyRequests("over_email_send_rate_limit", "email rate limit exceeded", hour.retryAfter);
    },
  };
}

export const emailSchema = z.email();

/** Lower-cased, trimmed address; GoTrue's validation messages. */
export function normalizeEmail(raw: string | undefined, missing: string): string {
  const email = raw?.trim().toLowerCase();
  if (!email) throw validationFailed(missing);
  if (email.length > 255) throw validationFailed("Unable to validate email address: address is too long");
  if (!emailSchema.safeParse(email).success) throw validationFailed("Unable to validate email address: invalid format");
  return email;
}

/**
 * The key of the mail windows for a request that mails nothing (an unknown, confirmed or banned
 * address): it answers as a mailing one would, without spending the address's real budget.
 */
export const noMailBudget = (email: string) => `no-mail|${email}`;

/**
 * The key of the mail windows for re-authentication codes, which only a signed-in session can
 * ask for: a budget of their own, so that a stolen token or password cannot spend the hourly mail
 * budget the owner's /recover needs to take the account back (they keep the same windows).
 */
export const signedInMailBudget = (email: string) => `signed-in|${email}`;

/** A client's network (IPv4 address, IPv6 /64) as stored: hashed, like rate-limit subjects. */
export const networkHash = (ip: string) => sha256Hex(`signup-network\n${rateLimitSubject(ip)}`);
