/**
 * POST /token: the password grant and the refresh-token grant, and the token response every
 * sign-in answers with (also a verified code's, verify.ts, and a second factor's, mfa/assurance.ts).
 * Refresh tokens rotate: each use mints the next link of the session's chain; a rotated token
 * presented again within REFRESH_REUSE_SECONDS gets the live successor back (two tabs, a lost
 * reply), later it ends the whole session (docs/product.md §4.5).
 */
import { randomUUID } from "node:crypto";
import type { Clock } from "../clock.js";
import type { Config } from "../config/index.js";
import type { Queryable } from "../db/index.js";
import { rateLimitSubject } from "../http/index.js";
import type { AuthContext, RequestMeta } from "./context.js";
import { AuthError, badRequest, tooManyRequests, validationFailed } from "./errors.js";
import { type AmrEntry, signAccessToken } from "./jwt.js";
import { factorsOf } from "./mfa/factors.js";
import { checkPassword, hashPassword, needsRehash, passwordWeakness } from "./passwords.js";
import { newRefreshToken, nextRefreshToken } from "./secrets.js";
import { sessionEnded } from "./session-check.js";
import {
  insertRefreshToken,
  lockRefreshToken,
  refreshTokenState,
  revokeRefreshToken,
} from "./stores/refresh-tokens.js";
import { endSessions, insertSession, lockSession, markRefreshed } from "./stores/sessions.js";
import {
  findUserByEmail,
  findUserById,
  identitiesOf,
  isKnownIp,
  recordSignIn,
  replacePasswordHash,
  type UserRow,
} from "./stores/users.js";
import { isBanned, type UserJson, userJson } from "./users.js";

/** A rotated refresh token presented again within this many seconds gets the live successor back. */
export const REFRESH_REUSE_SECONDS = 10;

/** GoTrue's token response (what supabase-js stores as its session). */
export interface TokenResponse {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
  weak_password?: { message: string; reasons: string[] };
}

/**
 * The token response for a session: a fresh access token at the session's level, its refresh
 * token, and the user. `missingUser` is the error when the account is gone meanwhile (the grants
 * and the MFA verify answer it differently, as GoTrue does).
 */
export async function tokenResponse(
  q: Queryable,
  deps: { config: Config; clock: Clock },
  session: { userId: string; sessionId: string; refreshToken: string; amr: AmrEntry[]; aal: string },
  missingUser: () => AuthError,
): Promise<TokenResponse> {
  const { config, clock } = deps;
  const user = await findUserById(q, session.userId);
  if (!user) throw missingUser();
  const identities = await identitiesOf(q, user.id);
  const { token, expiresAt } = await signAccessToken(
    {
      sub: user.id,
      email: user.email,
      phone: "",
      app_metadata: user.raw_app_meta_data,
      user_metadata: user.raw_user_meta_data,
      role: user.role,
      aal: session.aal,
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
    user: userJson(user, identities, await factorsOf(q, user.id)),
  };
}

const userGone = () => badRequest("user_not_found", "User not found");

/**
 * Signs `user` in by `method` inside `tx`: a new aal1 session with its first refresh token, the
 * sign-in recorded; answers the token response.
 */
export async function signIn(
  ctx: AuthContext,
  tx: Queryable,
  user: UserRow,
  method: string,
  meta: RequestMeta,
): Promise<TokenResponse> {
  const now = ctx.clock.now();
  const sessionId = randomUUID();
  const amr: AmrEntry[] = [{ method, timestamp: Math.floor(now.getTime() / 1000) }];
  await insertSession(tx, {
    id: sessionId,
    userId: user.id,
    amr,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
    now,
  });
  const refreshToken = newRefreshToken();
  await insertRefreshToken(tx, { token: refreshToken, sessionId, userId: user.id, now });
  await recordSignIn(tx, user.id, meta.ip, now);
  return tokenResponse(tx, ctx, { userId: user.id, sessionId, refreshToken, amr, aal: "aal1" }, userGone);
}

export async function passwordGrant(
  ctx: AuthContext,
  body: { email?: string | undefined; phone?: string | undefined; password?: string | undefined },
  meta: RequestMeta,
): Promise<TokenResponse> {
  const { db, clock, limiter, rules } = ctx;
  await ctx.limitIp(rules.ipToken, meta.ip);
  if (body.email && body.phone) throw validationFailed("Only an email address or phone number should be provided");
  if (!body.email && !body.phone) throw validationFailed("missing email or phone");
  if (!body.email) throw new AuthError(422, "phone_provider_disabled", "Phone logins are disabled");
  const email = body.email.trim().toLowerCase();
  const password = body.password ?? "";
  const pair = `${rateLimitSubject(meta.ip)}|${email}`;

  // Each attempt reserves its place in both wrong-password budgets before bcrypt runs, in one
  // atomic statement each, so parallel guesses cannot all slip past a check made before any of
  // them was counted (docs/architecture.md §5). A right password gives its reservation back.
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
      const known = user ? await isKnownIp(db, user.id, meta.ip) : false;
      if (!known) throw tooManyRequests("over_request_rate_limit", "Request rate limit reached", emailState.retryAfter);
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
  if (!user || !passwordOk) throw badRequest("invalid_credentials", "Invalid login credentials");
  await limiter.release(rules.loginFailPair, pair);
  if (emailReserved) await limiter.release(rules.loginFailEmail, email);
  // Ban and confirmation are told only to someone who knows the password (no enumeration).
  if (isBanned(user, clock.now())) throw badRequest("user_banned", "User is banned");
  if (!user.email_confirmed_at) throw badRequest("email_not_confirmed", "Email not confirmed");
  await limiter.reset(rules.loginFailPair, pair);

  const signedIn = user;
  const rehash =
    signedIn.encrypted_password && needsRehash(signedIn.encrypted_password) ? await hashPassword(password) : null;
  const response = await db.transaction(async (tx) => {
    if (rehash) await replacePasswordHash(tx, signedIn.id, rehash);
    return signIn(ctx, tx, signedIn, "password", meta);
  });
  const weakness = passwordWeakness(password);
  return weakness ? { ...response, weak_password: weakness } : response;
}

export async function refreshGrant(
  ctx: AuthContext,
  body: { refresh_token?: string | undefined },
  meta: RequestMeta,
): Promise<TokenResponse> {
  const { db, clock, keys, logger, sessionLimits } = ctx;
  await ctx.limitIp(ctx.rules.ipToken, meta.ip);
  const presented = body.refresh_token ?? "";
  if (presented.length < 12) throw validationFailed("Refresh token is not valid");

  type Outcome =
    | { ok: true; response: TokenResponse }
    | { ok: false; error: AuthError; revoke?: { userId: string; sessionId: string } };
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const now = clock.now();
    // Lock order: the token first, then its session (stores/sessions.ts; ending sessions does the same).
    const row = await lockRefreshToken(tx, presented);
    const notFound = badRequest("refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
    if (!row) return { ok: false, error: notFound };
    const user = await findUserById(tx, row.user_id);
    if (!user) return { ok: false, error: notFound };
    if (isBanned(user, now))
      return { ok: false, error: badRequest("user_banned", "Invalid Refresh Token: User Banned") };
    const session = await lockSession(tx, row.session_id);
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
    const respond = (refreshToken: string) =>
      tokenResponse(
        tx,
        ctx,
        // A refresh keeps the level the session reached (aal2 after a second factor: mfa/assurance.ts).
        { userId: user.id, sessionId: session.id, refreshToken, amr: session.amr, aal: session.aal ?? "aal1" },
        userGone,
      );

    if (row.revoked_at) {
      if (now.getTime() - row.revoked_at.getTime() <= REFRESH_REUSE_SECONDS * 1000) {
        // Two tabs refreshing at once, or a reply lost on the way: hand back the live successor.
        let candidate = presented;
        for (let step = 0; step < 32; step++) {
          candidate = nextRefreshToken(keys.refreshChain, candidate);
          const next = await refreshTokenState(tx, candidate, session.id);
          if (!next) break;
          if (!next.revoked_at) return { ok: true, response: await respond(candidate) };
        }
      }
      // An old token came back after the window: assume it was stolen and end the whole session
      // (every token of the family, and access tokens naming the session stop passing /user) once
      // this transaction lets go of the token and session it holds: deleting here would wait for
      // the live token, which a refresh of the owner's may hold while it waits for this session.
      const error = badRequest("refresh_token_already_used", "Invalid Refresh Token: Already Used");
      return { ok: false, error, revoke: { userId: user.id, sessionId: session.id } };
    }

    const child = nextRefreshToken(keys.refreshChain, presented);
    await revokeRefreshToken(tx, row.id, now);
    await insertRefreshToken(tx, { token: child, sessionId: session.id, userId: user.id, parentId: row.id, now });
    await markRefreshed(tx, session.id, { now, ip: meta.ip, userAgent: meta.userAgent?.slice(0, 512) || null });
    return { ok: true, response: await respond(child) };
  });
  if (!outcome.ok && outcome.revoke) {
    await endSessions(db, outcome.revoke.userId, { only: outcome.revoke.sessionId });
    logger.warn(outcome.revoke, "refresh token reused outside the reuse window; session revoked");
  }
  if (!outcome.ok) throw outcome.error;
  return outcome.response;
}
