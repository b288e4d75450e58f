/**
 * The auth behaviour behind /auth/v1: GoTrue's semantics (contract §3) with the hardening of the
 * issue: short-lived single-use hashed codes with a wrong-try cap, per-address mail limits,
 * per-IP and per-e-mail throttles stored in the db, no enumeration through replies or timing,
 * rotating refresh tokens with a reuse window and family revocation.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Clock } from "../clock.js";
import type { Config } from "../config/index.js";
import type { Db, Queryable } from "../db/index.js";
import { rateLimitSubject } from "../http/client-ip.js";
import type { Logger } from "../logger.js";
import { fromAcceptLanguage, type Mail, type MailLanguage, pickLanguage } from "../mail/index.js";
import { AuthError, badRequest, tooManyRequests, validationFailed } from "./errors.js";
import { bearerToken } from "./http-kit.js";
import { type AccessClaims, AccessTokenError, type AmrEntry, signAccessToken, verifyAccessToken } from "./jwt.js";
import { assertAcceptableMetadata } from "./metadata.js";
import { assertAcceptablePassword, checkPassword, hashPassword, needsRehash, passwordWeakness } from "./passwords.js";
import { type LimitRule, RateLimiter } from "./rate-limit.js";
import {
  deriveKeys,
  generateCode,
  hashCode,
  newRefreshToken,
  nextRefreshToken,
  sameHex,
  sha256Hex,
} from "./secrets.js";
import { requireActiveSession, SessionCheckError, sessionEnded, sessionLimitsOf } from "./session-check.js";
import {
  findUserByEmail,
  findUserById,
  identitiesOf,
  isBanned,
  USER_COLUMNS,
  type UserJson,
  type UserRow,
  userJson,
} from "./users.js";

/** Codes live 10 minutes (ASVS 6.5.5) and allow 5 wrong tries (then a new one must be requested). */
export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
/** A rotated refresh token presented again within this many seconds gets the live successor back. */
export const REFRESH_REUSE_SECONDS = 10;
/**
 * Rotated refresh tokens are kept this long (for reuse detection: an old token coming back ends its
 * session), then purged like GoTrue's cleanup does; an ended session's tokens go with the session.
 */
export const ROTATED_TOKEN_RETENTION_HOURS = 24;
/** A sign-up nobody confirms is deleted this long after its last code mail (issue 13). */
export const UNCONFIRMED_SIGNUP_HOURS = 24;

export interface RequestMeta {
  ip: string;
  userAgent?: string | undefined;
  acceptLanguage?: string | undefined;
}

export interface TokenResponse {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
  weak_password?: { message: string; reasons: string[] };
}

export interface Authenticated {
  claims: AccessClaims;
  userId: string;
  sessionId: string;
}

type CodePurpose = "signup" | "recovery" | "reauthentication";

/** Per purpose: the mail it sends and the user column recording when (GoTrue's `*_sent_at`). */
const CODE_MAIL = {
  signup: { template: "signup_code", sentAt: "confirmation_sent_at" },
  recovery: { template: "recovery_code", sentAt: "recovery_sent_at" },
  reauthentication: { template: "reauthentication_code", sentAt: null },
} as const satisfies Record<CodePurpose, { template: string; sentAt: string | null }>;

const reauthenticationNotValid = () =>
  new AuthError(422, "reauthentication_not_valid", "Nonce has expired or is invalid");

const otpInvalid = () => new AuthError(403, "otp_expired", "Token has expired or is invalid");
const invalidCredentials = () => badRequest("invalid_credentials", "Invalid login credentials");
const emailSchema = z.email();

/** Lower-cased, trimmed address; GoTrue's validation messages. */
function normalizeEmail(raw: string | undefined, missing: string): string {
  const email = raw?.trim().toLowerCase();
  if (!email) throw validationFailed(missing);
  if (email.length > 255) throw validationFailed("Unable to validate email address: address is too long");
  if (!emailSchema.safeParse(email).success) throw validationFailed("Unable to validate email address: invalid format");
  return email;
}

/** A client's network (IPv4 address, IPv6 /64) as stored: hashed, like rate-limit subjects. */
const networkHash = (ip: string) => sha256Hex(`signup-network\n${rateLimitSubject(ip)}`);

const str = (v: unknown) => (typeof v === "string" ? v : undefined);

export function createAuthService(deps: { config: Config; db: Db; clock: Clock; logger: Logger; mail: Mail }) {
  const { config, db, clock, mail, logger } = deps;
  const keys = deriveKeys(config.JWT_SECRET);
  const limiter = new RateLimiter(db, clock);
  const sessionLimits = sessionLimitsOf(config);

  const perIp = (name: string, limit: number): LimitRule => ({ bucket: `ip:${name}`, limit, windowSeconds: 300 });
  const rules = {
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
  } satisfies Record<string, LimitRule>;

  async function limitIp(rule: LimitRule, ip: string): Promise<void> {
    // IPv6 callers are counted by /64 network (src/http/client-ip.ts).
    const state = await limiter.hit(rule, rateLimitSubject(ip));
    if (!state.allowed)
      throw tooManyRequests("over_request_rate_limit", "Request rate limit reached", state.retryAfter);
  }

  /**
   * Mail limits for an address: one mail of each kind (`gapRule`) per MAIL_RESEND_SECONDS,
   * MAIL_PER_ADDRESS_PER_HOUR per hour of all kinds. Applied to every request that could mail the address — whether or not it exists or is
   * confirmed — so a 429 says nothing about the account.
   */
  async function limitMail(email: string, gapRule: LimitRule): Promise<void> {
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
  }

  /** Replaces any live code of this purpose (voiding it) and mails the new one, inside `tx`. */
  async function issueCode(tx: Queryable, user: UserRow, purpose: CodePurpose, language: MailLanguage): Promise<void> {
    const now = clock.now();
    const code = generateCode();
    await tx.query(
      `INSERT INTO one_time_codes (user_id, purpose, code_hash, attempts, created_at, expires_at)
       VALUES ($1, $2, $3, 0, $4, $5)
       ON CONFLICT (user_id, purpose) DO UPDATE SET code_hash = EXCLUDED.code_hash, attempts = 0,
         created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at`,
      [
        user.id,
        purpose,
        hashCode(keys.codes, purpose, user.email, code),
        now,
        new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
      ],
    );
    const { template, sentAt } = CODE_MAIL[purpose];
    if (sentAt) {
      await tx.query(`UPDATE users SET ${sentAt} = $2, language = $3, updated_at = $2 WHERE id = $1`, [
        user.id,
        now,
        language,
      ]);
    }
    await mail.enqueueCodeMail(tx, {
      to: user.email,
      template,
      language,
      vars: { code, minutes: CODE_TTL_MINUTES },
    });
  }

  /**
   * Checks a re-authentication nonce inside `tx` and uses it up (true), or counts a wrong try and
   * voids the code at CODE_MAX_ATTEMPTS (false; the caller must commit, not throw, to keep that).
   */
  async function useReauthenticationCode(tx: Queryable, user: UserRow, nonce: string): Promise<boolean> {
    const { rows } = await tx.query<{ code_hash: string; attempts: number; expires_at: Date }>(
      "SELECT code_hash, attempts, expires_at FROM one_time_codes WHERE user_id = $1 AND purpose = 'reauthentication' FOR UPDATE",
      [user.id],
    );
    const code = rows[0];
    if (!code || code.expires_at.getTime() <= clock.now().getTime() || code.attempts >= CODE_MAX_ATTEMPTS) return false;
    const candidate = nonce.trim();
    if (
      /^\d{6}$/.test(candidate) &&
      sameHex(code.code_hash, hashCode(keys.codes, "reauthentication", user.email, candidate))
    ) {
      await tx.query("DELETE FROM one_time_codes WHERE user_id = $1 AND purpose = 'reauthentication'", [user.id]);
      return true;
    }
    if (code.attempts + 1 >= CODE_MAX_ATTEMPTS) {
      await tx.query("DELETE FROM one_time_codes WHERE user_id = $1 AND purpose = 'reauthentication'", [user.id]);
    } else {
      await tx.query(
        "UPDATE one_time_codes SET attempts = attempts + 1 WHERE user_id = $1 AND purpose = 'reauthentication'",
        [user.id],
      );
    }
    return false;
  }

  /** Starts a session with its first refresh token; records the sign-in. */
  async function createSession(tx: Queryable, user: UserRow, method: string, meta: RequestMeta) {
    const now = clock.now();
    const sessionId = randomUUID();
    const amr: AmrEntry[] = [{ method, timestamp: Math.floor(now.getTime() / 1000) }];
    await tx.query(
      "INSERT INTO sessions (id, user_id, aal, amr, ip, user_agent, created_at, updated_at) VALUES ($1, $2, 'aal1', $3::jsonb, $4, $5, $6, $6)",
      [sessionId, user.id, JSON.stringify(amr), meta.ip, meta.userAgent?.slice(0, 512) ?? null, now],
    );
    const refreshToken = newRefreshToken();
    await tx.query("INSERT INTO refresh_tokens (token_hash, session_id, user_id, created_at) VALUES ($1, $2, $3, $4)", [
      sha256Hex(refreshToken),
      sessionId,
      user.id,
      now,
    ]);
    await tx.query("UPDATE users SET last_sign_in_at = $2, updated_at = $2 WHERE id = $1", [user.id, now]);
    await tx.query("UPDATE identities SET last_sign_in_at = $2, updated_at = $2 WHERE user_id = $1", [user.id, now]);
    await tx.query(
      `INSERT INTO user_known_ips (user_id, ip_hash, last_seen_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, ip_hash) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at`,
      [user.id, sha256Hex(meta.ip), now],
    );
    return { sessionId, refreshToken, amr };
  }

  /** The §3.2 token response for a session. */
  async function tokenResponse(
    q: Queryable,
    userId: string,
    session: { sessionId: string; refreshToken: string; amr: AmrEntry[] },
  ): Promise<TokenResponse> {
    const user = await findUserById(q, userId);
    if (!user) throw badRequest("user_not_found", "User not found");
    const identities = await identitiesOf(q, user.id);
    const { token, expiresAt } = await signAccessToken(
      {
        sub: user.id,
        email: user.email,
        phone: "",
        app_metadata: user.raw_app_meta_data,
        user_metadata: user.raw_user_meta_data,
        role: user.role,
        aal: "aal1",
        amr: session.amr,
        session_id: session.sessionId,
        is_anonymous: false,
      },
      {
        secret: config.JWT_SECRET,
        clock,
        expiresIn: config.JWT_EXP,
        ...(config.JWT_ISSUER ? { issuer: config.JWT_ISSUER } : {}),
      },
    );
    return {
      access_token: token,
      token_type: "bearer",
      expires_in: config.JWT_EXP,
      expires_at: expiresAt,
      refresh_token: session.refreshToken,
      user: userJson(user, identities),
    };
  }

  /** What a confirmed address gets from /signup: a plausible user that exists nowhere (no enumeration). */
  function obfuscatedUser(email: string, data: Record<string, unknown>): UserJson {
    const now = clock.now();
    return {
      id: randomUUID(),
      aud: "authenticated",
      role: "authenticated",
      email,
      phone: "",
      confirmation_sent_at: now.toISOString(),
      app_metadata: { provider: "email", providers: ["email"] },
      user_metadata: data,
      identities: [],
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      is_anonymous: false,
    };
  }

  return {
    rules,

    async signup(
      body: { email?: string | undefined; password?: string | undefined; data?: Record<string, unknown> | undefined },
      meta: RequestMeta,
    ): Promise<UserJson> {
      await limitIp(rules.ipSignup, meta.ip);
      if (config.AUTH_DISABLE_SIGNUP)
        throw new AuthError(422, "signup_disabled", "Signups not allowed for this instance");
      if (!body.password) throw validationFailed("Signup requires a valid password");
      assertAcceptablePassword(body.password);
      const email = normalizeEmail(body.email, "An email address is required");
      const data = body.data ?? {};
      assertAcceptableMetadata(data);
      const language = pickLanguage(
        str(data.lang),
        str(data.locale),
        str(data.language),
        fromAcceptLanguage(meta.acceptLanguage),
      );
      // Hash on every path (new, unconfirmed, confirmed), so the reply time says nothing.
      const passwordHash = await hashPassword(body.password);
      // A confirmed address is mailed nothing, so no mail window applies: it gets the look-alike
      // user at once, even seconds after another sign-up (GoTrue answers 200, not 429).
      const known = await findUserByEmail(db, email);
      if (known && (known.email_confirmed_at || isBanned(known, clock.now()))) return obfuscatedUser(email, data);
      await limitMail(email, rules.mailGapConfirmation);

      const outcome = await db.transaction(async (tx) => {
        const now = clock.now();
        const existing = await findUserByEmail(tx, email, true);
        // Confirmed (or banned while pending): nothing changes and nothing is mailed.
        if (existing && (existing.email_confirmed_at || isBanned(existing, now))) return null;
        // Still unconfirmed: nobody has proved they own the mailbox, so the pending account is
        // re-keyed, not kept. Its row goes (with its codes, by cascade) and this sign-up starts a
        // new one with its own id, password and metadata. So the password that becomes the
        // account's is always the one of the sign-up whose code is verified, and the reply looks
        // exactly like a first sign-up's (README, Security: pre-registration takeover).
        if (existing) await tx.query("DELETE FROM users WHERE id = $1", [existing.id]);
        const id = randomUUID();
        const { rows } = await tx.query<UserRow>(
          `INSERT INTO users (id, email, encrypted_password, language, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, signup_network_hash)
           VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $7, $8)
           ON CONFLICT (email) DO NOTHING RETURNING ${USER_COLUMNS}`,
          [
            id,
            email,
            passwordHash,
            language,
            JSON.stringify({ provider: "email", providers: ["email"] }),
            JSON.stringify(data),
            now,
            // A re-keyed sign-up remembers its network: see verify (and migration 0012).
            existing ? networkHash(meta.ip) : null,
          ],
        );
        const user = rows[0];
        // Another request created it a moment ago, or a deleted account holds the address.
        if (!user) return null;
        await tx.query(
          `INSERT INTO identities (id, provider_id, user_id, provider, identity_data, created_at, updated_at)
           VALUES ($1, $2, $3, 'email', $4::jsonb, $5, $5)`,
          [randomUUID(), id, id, JSON.stringify({ sub: id, email, email_verified: false, phone_verified: false }), now],
        );
        await issueCode(tx, user, "signup", language);
        const fresh = (await findUserById(tx, user.id)) as UserRow;
        return userJson(fresh, await identitiesOf(tx, user.id));
      });
      mail.kick();
      return outcome ?? obfuscatedUser(email, data);
    },

    async verify(
      body: {
        email?: string | undefined;
        token?: string | undefined;
        token_hash?: string | undefined;
        type?: string | undefined;
      },
      meta: RequestMeta,
    ): Promise<{ response: TokenResponse; type: string }> {
      await limitIp(rules.ipVerify, meta.ip);
      const type = body.type;
      if (!type) throw validationFailed("Verify requires a verification type");
      const purposes: CodePurpose[] | null =
        type === "signup"
          ? ["signup"]
          : type === "email"
            ? ["signup", "recovery"]
            : type === "recovery" || type === "magiclink"
              ? ["recovery"]
              : null;
      if (!purposes) throw validationFailed(`Unsupported verification type: ${type}`);
      if (!!body.token === !!body.token_hash) throw validationFailed("Verify requires either a token or a token hash");
      // Link hashes are never issued here: any hash is unknown.
      if (body.token_hash) throw otpInvalid();
      if (!body.email) throw validationFailed("Only an email address or phone number should be provided on verify");
      const email = body.email.trim().toLowerCase();
      if (!emailSchema.safeParse(email).success) throw new AuthError(422, "validation_failed", "Invalid email format");
      // Someone else's guesses never lock the owner out (issue 13): the per-address cap is kept per
      // client network, and the cap over all networks refuses only wrong codes (see rules).
      const network = `${email}|${rateLimitSubject(meta.ip)}`;
      const fromNetwork = await limiter.isExhausted(rules.verifyFailNetwork, network);
      if (!fromNetwork.allowed)
        throw tooManyRequests("over_request_rate_limit", "Request rate limit reached", fromNetwork.retryAfter);
      const token = (body.token ?? "").trim();

      const result = await db.transaction(async (tx) => {
        const now = clock.now();
        const user = await findUserByEmail(tx, email, true);
        if (!user) return { ok: false as const, banned: false };
        const { rows: codes } = await tx.query<{
          purpose: CodePurpose;
          code_hash: string;
          attempts: number;
          expires_at: Date;
        }>("SELECT purpose, code_hash, attempts, expires_at FROM one_time_codes WHERE user_id = $1 FOR UPDATE", [
          user.id,
        ]);
        const live = purposes
          .map((p) => codes.find((c) => c.purpose === p))
          .filter(
            (c): c is NonNullable<typeof c> =>
              !!c && c.expires_at.getTime() > now.getTime() && c.attempts < CODE_MAX_ATTEMPTS,
          );
        const matched = /^\d{6}$/.test(token)
          ? live.find((c) => sameHex(c.code_hash, hashCode(keys.codes, c.purpose, email, token)))
          : undefined;
        if (!matched) {
          // A wrong try counts against every code this request could have meant; at the cap the
          // code is void, and only a new one (resend) can confirm. Committed, not rolled back.
          for (const c of live) {
            if (c.attempts + 1 >= CODE_MAX_ATTEMPTS) {
              await tx.query("DELETE FROM one_time_codes WHERE user_id = $1 AND purpose = $2", [user.id, c.purpose]);
            } else {
              await tx.query("UPDATE one_time_codes SET attempts = attempts + 1 WHERE user_id = $1 AND purpose = $2", [
                user.id,
                c.purpose,
              ]);
            }
          }
          return { ok: false as const, banned: false };
        }
        if (isBanned(user, now)) return { ok: false as const, banned: true };
        // Used: this and every other pending code of the user stop working.
        await tx.query("DELETE FROM one_time_codes WHERE user_id = $1", [user.id]);
        if (!user.email_confirmed_at) {
          // A recovery code confirms too (GoTrue), but proves nothing about the pending sign-up's
          // password, which may be a stranger's: it is dropped, and the owner sets one in this session.
          // So is a sign-up code of a re-keyed account typed from another network than the sign-up
          // that set the password: the owner signed up, a stranger signed the address up again
          // while she waited, and his mail is the newest she got. Her code proves her mailbox, not
          // that his password is hers (README, Security: pre-registration takeover).
          const { rows: keyed } = await tx.query<{ signup_network_hash: string | null }>(
            "SELECT signup_network_hash FROM users WHERE id = $1",
            [user.id],
          );
          const keyedHere = !keyed[0]?.signup_network_hash || keyed[0].signup_network_hash === networkHash(meta.ip);
          // The pending sign-up's metadata goes with its password: it too may be a stranger's.
          await tx.query(
            `UPDATE users SET email_confirmed_at = $2, updated_at = $2, signup_network_hash = NULL,
               encrypted_password = CASE WHEN $3 THEN encrypted_password END,
               raw_user_meta_data = CASE WHEN $3 THEN raw_user_meta_data ELSE '{}'::jsonb END
                 || '{"email_verified": true}'::jsonb WHERE id = $1`,
            [user.id, now, matched.purpose === "signup" && keyedHere],
          );
          await tx.query(
            `UPDATE identities SET identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = $2
             WHERE user_id = $1 AND provider = 'email'`,
            [user.id, now],
          );
        }
        const session = await createSession(tx, user, "otp", meta);
        return { ok: true as const, response: await tokenResponse(tx, user.id, session) };
      });
      if (!result.ok) {
        if (result.banned) throw new AuthError(403, "user_banned", "User is banned");
        await limiter.hit(rules.verifyFailNetwork, network);
        const everywhere = await limiter.hit(rules.verifyFailEmail, email);
        if (!everywhere.allowed)
          throw tooManyRequests("over_request_rate_limit", "Request rate limit reached", everywhere.retryAfter);
        throw otpInvalid();
      }
      return { response: result.response, type };
    },

    async resend(body: { email?: string | undefined; type?: string | undefined }, meta: RequestMeta): Promise<void> {
      await limitIp(rules.ipResend, meta.ip);
      const known = ["signup", "email_change", "sms", "phone_change"];
      if (!body.type || !known.includes(body.type)) {
        throw validationFailed("Missing one of these types: signup, email_change, sms, phone_change");
      }
      if (body.type !== "signup") throw validationFailed(`Resending ${body.type} is not supported`);
      const email = normalizeEmail(body.email, "Type provided requires an email address");
      await limitMail(email, rules.mailGapConfirmation);
      await db.transaction(async (tx) => {
        const user = await findUserByEmail(tx, email, true);
        // Unknown or already confirmed: the same empty 200, and no mail.
        if (!user || user.email_confirmed_at) return;
        await issueCode(tx, user, "signup", pickLanguage(fromAcceptLanguage(meta.acceptLanguage), user.language));
      });
      mail.kick();
    },

    async recover(body: { email?: string | undefined }, meta: RequestMeta): Promise<void> {
      await limitIp(rules.ipRecover, meta.ip);
      const email = normalizeEmail(body.email, "Password recovery requires an email");
      await limitMail(email, rules.mailGapRecovery);
      await db.transaction(async (tx) => {
        const user = await findUserByEmail(tx, email, true);
        // Unknown (or banned, who could not use it): the same empty 200, and no mail.
        if (!user || isBanned(user, clock.now())) return;
        await issueCode(tx, user, "recovery", pickLanguage(fromAcceptLanguage(meta.acceptLanguage), user.language));
      });
      mail.kick();
    },

    async passwordGrant(
      body: { email?: string | undefined; phone?: string | undefined; password?: string | undefined },
      meta: RequestMeta,
    ): Promise<TokenResponse> {
      await limitIp(rules.ipToken, meta.ip);
      if (body.email && body.phone) throw validationFailed("Only an email address or phone number should be provided");
      if (!body.email && !body.phone) throw validationFailed("missing email or phone");
      if (!body.email) throw new AuthError(422, "phone_provider_disabled", "Phone logins are disabled");
      const email = body.email.trim().toLowerCase();
      const password = body.password ?? "";
      const pair = `${rateLimitSubject(meta.ip)}|${email}`;

      // Each attempt reserves its place in both wrong-password budgets before bcrypt runs, in one
      // atomic statement each, so parallel guesses cannot all slip past a check made before any of
      // them was counted (README, "Security"). A right password gives its reservation back.
      const pairState = await limiter.hit(rules.loginFailPair, pair);
      if (!pairState.allowed)
        throw tooManyRequests("over_request_rate_limit", "Request rate limit reached", pairState.retryAfter);
      let emailReserved = false;
      let passwordOk = false;
      let user: UserRow | undefined;
      try {
        user = await findUserByEmail(db, email);
        const emailState = await limiter.hit(rules.loginFailEmail, email);
        emailReserved = emailState.allowed;
        if (!emailState.allowed) {
          const known = user
            ? (
                await db.query("SELECT 1 FROM user_known_ips WHERE user_id = $1 AND ip_hash = $2", [
                  user.id,
                  sha256Hex(meta.ip),
                ])
              ).rows.length > 0
            : false;
          if (!known)
            throw tooManyRequests("over_request_rate_limit", "Request rate limit reached", emailState.retryAfter);
        }
        // bcrypt runs whether or not the user exists (checkPassword uses a dummy hash), so timing is flat.
        passwordOk = await checkPassword(password, user?.encrypted_password);
      } catch (err) {
        // Refused or failed before a password was judged: nothing to count.
        await limiter.release(rules.loginFailPair, pair);
        if (emailReserved) await limiter.release(rules.loginFailEmail, email);
        throw err;
      }
      // A wrong password keeps both reservations: they are the count.
      if (!user || !passwordOk) throw invalidCredentials();
      await limiter.release(rules.loginFailPair, pair);
      if (emailReserved) await limiter.release(rules.loginFailEmail, email);
      // Ban and confirmation are told only to someone who knows the password (no enumeration).
      if (isBanned(user, clock.now())) throw badRequest("user_banned", "User is banned");
      if (!user.email_confirmed_at) throw badRequest("email_not_confirmed", "Email not confirmed");
      await limiter.reset(rules.loginFailPair, pair);

      const rehash =
        user.encrypted_password && needsRehash(user.encrypted_password) ? await hashPassword(password) : null;
      const response = await db.transaction(async (tx) => {
        if (rehash) await tx.query("UPDATE users SET encrypted_password = $2 WHERE id = $1", [user.id, rehash]);
        const session = await createSession(tx, user, "password", meta);
        return tokenResponse(tx, user.id, session);
      });
      const weakness = passwordWeakness(password);
      return weakness ? { ...response, weak_password: weakness } : response;
    },

    async refreshGrant(body: { refresh_token?: string | undefined }, meta: RequestMeta): Promise<TokenResponse> {
      await limitIp(rules.ipToken, meta.ip);
      const presented = body.refresh_token ?? "";
      if (presented.length < 12) throw validationFailed("Refresh token is not valid");

      type Outcome = { ok: true; response: TokenResponse } | { ok: false; error: AuthError };
      const outcome = await db.transaction(async (tx): Promise<Outcome> => {
        const now = clock.now();
        const { rows } = await tx.query<{ id: number; session_id: string; user_id: string; revoked_at: Date | null }>(
          "SELECT id, session_id, user_id, revoked_at FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE",
          [sha256Hex(presented)],
        );
        const row = rows[0];
        const notFound = badRequest("refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
        if (!row) return { ok: false, error: notFound };
        const user = await findUserById(tx, row.user_id);
        if (!user) return { ok: false, error: notFound };
        if (isBanned(user, now))
          return { ok: false, error: badRequest("user_banned", "Invalid Refresh Token: User Banned") };
        const { rows: sessions } = await tx.query<{
          id: string;
          amr: AmrEntry[];
          created_at: Date;
          refreshed_at: Date | null;
        }>("SELECT id, amr, created_at, refreshed_at FROM sessions WHERE id = $1 FOR UPDATE", [row.session_id]);
        const session = sessions[0];
        if (!session) {
          return { ok: false, error: badRequest("session_not_found", "Invalid Refresh Token: No Valid Session Found") };
        }
        // GoTrue's wording: the inactivity case says so, the lifetime case does not.
        const ended = sessionEnded(session, sessionLimits, now);
        if (ended) {
          const message =
            ended === "inactivity"
              ? "Invalid Refresh Token: Session Expired (Inactivity)"
              : "Invalid Refresh Token: Session Expired";
          return { ok: false, error: badRequest("session_expired", message) };
        }

        if (row.revoked_at) {
          if (now.getTime() - row.revoked_at.getTime() <= REFRESH_REUSE_SECONDS * 1000) {
            // Two tabs refreshing at once, or a reply lost on the way: hand back the live successor.
            let candidate = presented;
            for (let step = 0; step < 32; step++) {
              candidate = nextRefreshToken(keys.refreshChain, candidate);
              const { rows: next } = await tx.query<{ revoked_at: Date | null }>(
                "SELECT revoked_at FROM refresh_tokens WHERE token_hash = $1 AND session_id = $2",
                [sha256Hex(candidate), session.id],
              );
              if (!next[0]) break;
              if (!next[0].revoked_at) {
                return {
                  ok: true,
                  response: await tokenResponse(tx, user.id, {
                    sessionId: session.id,
                    refreshToken: candidate,
                    amr: session.amr,
                  }),
                };
              }
            }
          }
          // An old token came back after the window: assume it was stolen and end the whole session
          // (every token of the family, and access tokens naming the session stop passing /user).
          await tx.query("DELETE FROM sessions WHERE id = $1", [session.id]);
          logger.warn(
            { userId: user.id, sessionId: session.id },
            "refresh token reused outside the reuse window; session revoked",
          );
          return { ok: false, error: badRequest("refresh_token_already_used", "Invalid Refresh Token: Already Used") };
        }

        const child = nextRefreshToken(keys.refreshChain, presented);
        await tx.query("UPDATE refresh_tokens SET revoked_at = $2 WHERE id = $1", [row.id, now]);
        await tx.query(
          "INSERT INTO refresh_tokens (token_hash, session_id, user_id, parent_id, created_at) VALUES ($1, $2, $3, $4, $5)",
          [sha256Hex(child), session.id, user.id, row.id, now],
        );
        await tx.query("UPDATE sessions SET refreshed_at = $2, updated_at = $2, ip = $3 WHERE id = $1", [
          session.id,
          now,
          meta.ip,
        ]);
        return {
          ok: true,
          response: await tokenResponse(tx, user.id, { sessionId: session.id, refreshToken: child, amr: session.amr }),
        };
      });
      if (!outcome.ok) throw outcome.error;
      return outcome.response;
    },

    /** The shared check of /user and /logout (contract §3.7 table). */
    async authenticate(authorization: string | undefined): Promise<Authenticated> {
      const token = bearerToken(authorization);
      if (!token) throw new AuthError(401, "no_authorization", "This endpoint requires a valid Bearer token");
      let claims: AccessClaims;
      try {
        claims = await verifyAccessToken(token, {
          secret: config.JWT_SECRET,
          clock,
          ...(config.JWT_ISSUER ? { issuer: config.JWT_ISSUER } : {}),
        });
      } catch (err) {
        if (err instanceof AccessTokenError) throw new AuthError(403, "bad_jwt", err.message);
        throw err;
      }
      try {
        const active = await requireActiveSession(db, claims, clock, sessionLimits);
        return { claims, userId: active.id, sessionId: active.sessionId };
      } catch (err) {
        if (err instanceof SessionCheckError) throw new AuthError(403, err.code, err.message);
        throw err;
      }
    },

    async getUser(auth: Authenticated): Promise<UserJson> {
      const user = await findUserById(db, auth.userId);
      if (!user) throw new AuthError(403, "user_not_found", "User from sub claim in JWT does not exist");
      return userJson(user, await identitiesOf(db, user.id));
    },

    async updateUser(
      auth: Authenticated,
      body: {
        password?: string | undefined;
        email?: string | undefined;
        data?: Record<string, unknown> | undefined;
        current_password?: string | undefined;
        nonce?: string | undefined;
      },
      meta: RequestMeta,
    ): Promise<UserJson> {
      await limitIp(rules.ipUserUpdate, meta.ip);
      if (body.data) assertAcceptableMetadata(body.data);
      const user = await findUserById(db, auth.userId);
      if (!user) throw new AuthError(403, "user_not_found", "User from sub claim in JWT does not exist");
      if (body.email !== undefined && body.email.trim().toLowerCase() !== user.email) {
        throw validationFailed("Changing the e-mail address is not supported");
      }
      let newHash: string | null = null;
      let reauthenticate = false;
      if (body.password !== undefined) {
        assertAcceptablePassword(body.password);
        const { rows } = await db.query<{ amr: AmrEntry[]; created_at: Date }>(
          "SELECT amr, created_at FROM sessions WHERE id = $1",
          [auth.sessionId],
        );
        const method = rows[0]?.amr[0]?.method;
        // Secure password change (GoTrue): a stolen access token of an old session cannot set a
        // password without the code mailed to the owner. Checked (and used) in the update below.
        const signedInAt = rows[0]?.created_at.getTime() ?? 0;
        reauthenticate = clock.now().getTime() - signedInAt >= config.AUTH_SECURE_PASSWORD_CHANGE_WINDOW_SECONDS * 1000;
        if (reauthenticate && !body.nonce) {
          throw badRequest("reauthentication_needed", "Password update requires reauthentication");
        }
        // A session from a mailed code (signup or recovery) proves the mailbox: no old password needed.
        if (config.AUTH_PASSWORD_CHANGE_NEEDS_CURRENT && method === "password") {
          if (!body.current_password) {
            throw badRequest("current_password_required", "Current password required when setting new password.");
          }
          if (!(await checkPassword(body.current_password, user.encrypted_password))) {
            throw badRequest("current_password_invalid", "Current password is incorrect.");
          }
        }
        if (user.encrypted_password && (await checkPassword(body.password, user.encrypted_password))) {
          throw new AuthError(422, "same_password", "New password should be different from the old password.");
        }
        newHash = await hashPassword(body.password);
      }
      const updated = await db.transaction(async (tx) => {
        const now = clock.now();
        // Before any change: a wrong nonce changes nothing but its own attempt count (committed).
        if (reauthenticate && !(await useReauthenticationCode(tx, user, body.nonce ?? ""))) return null;
        if (body.data) {
          // The merged result must fit too (else repeated updates grow it without bound); checked
          // on what the database stored, inside the transaction, so it is rolled back when over.
          const { rows } = await tx.query<{ raw_user_meta_data: Record<string, unknown> }>(
            "UPDATE users SET raw_user_meta_data = jsonb_strip_nulls(raw_user_meta_data || $2::jsonb), updated_at = $3 WHERE id = $1 RETURNING raw_user_meta_data",
            [user.id, JSON.stringify(body.data), now],
          );
          if (rows[0]) assertAcceptableMetadata(rows[0].raw_user_meta_data);
        }
        if (newHash) {
          await tx.query("UPDATE users SET encrypted_password = $2, updated_at = $3 WHERE id = $1", [
            user.id,
            newHash,
            now,
          ]);
          // Pending codes die with the old password, and so do the user's other sessions.
          await tx.query("DELETE FROM one_time_codes WHERE user_id = $1", [user.id]);
          await tx.query("DELETE FROM sessions WHERE user_id = $1 AND id <> $2", [user.id, auth.sessionId]);
          // Tell the owner (ASVS 6.3.7): if it was not them, they learn while they can still act.
          await mail.enqueueNotice(tx, {
            to: user.email,
            template: "password_changed",
            language: pickLanguage(fromAcceptLanguage(meta.acceptLanguage), user.language),
          });
        }
        const fresh = (await findUserById(tx, user.id)) as UserRow;
        return userJson(fresh, await identitiesOf(tx, user.id));
      });
      if (!updated) throw reauthenticationNotValid();
      if (newHash) mail.kick();
      return updated;
    },

    /**
     * GET/POST /reauthenticate: mails the signed-in user a code that `PUT /user` takes as `nonce`
     * when the session is older than AUTH_SECURE_PASSWORD_CHANGE_WINDOW_SECONDS. Its own resend
     * window; the hourly per-address mail limit is shared with every other mail.
     */
    async reauthenticate(auth: Authenticated, meta: RequestMeta): Promise<void> {
      await limitIp(rules.ipReauthenticate, meta.ip);
      const user = await findUserById(db, auth.userId);
      if (!user) throw new AuthError(403, "user_not_found", "User from sub claim in JWT does not exist");
      if (!user.email_confirmed_at) throw new AuthError(422, "email_not_confirmed", "Please verify your email first.");
      await limitMail(user.email, rules.mailGapReauthentication);
      await db.transaction((tx) =>
        issueCode(tx, user, "reauthentication", pickLanguage(fromAcceptLanguage(meta.acceptLanguage), user.language)),
      );
      mail.kick();
    },

    /**
     * Housekeeping (hourly, see housekeeping.ts): deletes sessions past their lifetime or inactivity
     * limit (their refresh tokens cascade) and rotated refresh tokens older than
     * ROTATED_TOKEN_RETENTION_HOURS. Ended sessions are already refused before this runs.
     */
    async purgeEndedSessions(): Promise<{ sessions: number; refreshTokens: number }> {
      const now = clock.now().getTime();
      // A limit of 0 is off: the epoch as cut-off matches no session.
      const before = (seconds: number) => new Date(seconds > 0 ? now - seconds * 1000 : 0);
      const deleted = async (sql: string, params: unknown[]) => {
        const { rows } = await db.query<{ n: number }>(
          `WITH gone AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM gone`,
          params,
        );
        return rows[0]?.n ?? 0;
      };
      const sessions = await deleted(
        "DELETE FROM sessions WHERE created_at < $1 OR COALESCE(refreshed_at, created_at) < $2",
        [before(sessionLimits.timeboxSeconds), before(sessionLimits.inactivitySeconds)],
      );
      const refreshTokens = await deleted("DELETE FROM refresh_tokens WHERE revoked_at < $1", [
        before(ROTATED_TOKEN_RETENTION_HOURS * 3600),
      ]);
      return { sessions, refreshTokens };
    },

    /**
     * Housekeeping (hourly, see housekeeping.ts): deletes sign-ups never confirmed, 24 h after the
     * last code mailed for them (sign-up, resend or recovery), so no code of theirs is still live.
     * Such accounts never had a session, so nothing else refers to them (identities and codes go by
     * cascade); the address is free again. Returns how many went.
     */
    async purgeUnconfirmedSignups(): Promise<number> {
      const cutoff = new Date(clock.now().getTime() - UNCONFIRMED_SIGNUP_HOURS * 3_600_000);
      const { rows } = await db.query<{ n: number }>(
        `WITH gone AS (
           DELETE FROM users WHERE email_confirmed_at IS NULL AND deleted_at IS NULL
             AND GREATEST(created_at, confirmation_sent_at, recovery_sent_at) < $1
           RETURNING 1)
         SELECT count(*)::int AS n FROM gone`,
        [cutoff],
      );
      return rows[0]?.n ?? 0;
    },

    async logout(auth: Authenticated, scope: string | undefined): Promise<void> {
      const which = scope ?? "global";
      if (which === "global") await db.query("DELETE FROM sessions WHERE user_id = $1", [auth.userId]);
      else if (which === "local") await db.query("DELETE FROM sessions WHERE id = $1", [auth.sessionId]);
      else if (which === "others") {
        await db.query("DELETE FROM sessions WHERE user_id = $1 AND id <> $2", [auth.userId, auth.sessionId]);
      } else throw validationFailed(`Unsupported logout scope "${which}"`);
    },

    settings() {
      return {
        external: {
          anonymous_users: false,
          apple: false,
          azure: false,
          bitbucket: false,
          discord: false,
          email: true,
          facebook: false,
          figma: false,
          github: false,
          gitlab: false,
          google: false,
          keycloak: false,
          kakao: false,
          linkedin_oidc: false,
          notion: false,
          phone: false,
          saml: false,
          slack_oidc: false,
          spotify: false,
          twitch: false,
          twitter: false,
          workos: false,
          zoom: false,
        },
        disable_signup: config.AUTH_DISABLE_SIGNUP,
        mailer_autoconfirm: false,
        phone_autoconfirm: false,
        sms_provider: "",
        saml_enabled: false,
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
