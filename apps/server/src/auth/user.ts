/**
 * The signed-in user: the bearer check every user route shares (`authenticate`), GET and PUT /user
 * and GET/POST /reauthenticate (docs/product.md §4.4, §5.4). A password change from an old session
 * needs a mailed code, tells the owner by mail and ends the user's other sessions.
 */
import { fromAcceptLanguage, pickLanguage } from "../mail/index.js";
import { issueCode, useReauthenticationCode } from "./codes.js";
import { type AuthContext, type Authenticated, type RequestMeta, signedInMailBudget } from "./context.js";
import { AuthError, badRequest, tooManyRequests, validationFailed } from "./errors.js";
import { bearerToken } from "./http-kit.js";
import { type AccessClaims, AccessTokenError, verifyAccessToken } from "./jwt.js";
import { assertAcceptableMetadata } from "./metadata.js";
import { factorsOf } from "./mfa/factors.js";
import { assertAcceptablePassword, checkPassword, hashPassword } from "./passwords.js";
import { requireActiveSession, SessionCheckError } from "./session-check.js";
import { deleteCodes } from "./stores/codes.js";
import { deleteOtherSessions, markReauthenticated, sessionSignIn } from "./stores/sessions.js";
import { findUserById, identitiesOf, mergeUserMetadata, setPassword, type UserRow } from "./stores/users.js";
import { type UserJson, userJson } from "./users.js";

const userGone = () => new AuthError(403, "user_not_found", "User from sub claim in JWT does not exist");
const reauthenticationNotValid = () =>
  new AuthError(422, "reauthentication_not_valid", "Nonce has expired or is invalid");

/** The shared check of /user, /reauthenticate, /logout and /factors: a valid token of a live session. */
export async function authenticate(ctx: AuthContext, authorization: string | undefined): Promise<Authenticated> {
  const { config, clock } = ctx;
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
    const active = await requireActiveSession(ctx.db, claims, clock, ctx.sessionLimits);
    return { claims, userId: active.id, sessionId: active.sessionId };
  } catch (err) {
    if (err instanceof SessionCheckError) throw new AuthError(403, err.code, err.message);
    throw err;
  }
}

export async function getUser(ctx: AuthContext, auth: Authenticated): Promise<UserJson> {
  const user = await findUserById(ctx.db, auth.userId);
  if (!user) throw userGone();
  return userJson(user, await identitiesOf(ctx.db, user.id), await factorsOf(ctx.db, user.id));
}

/**
 * The checks of a new password, before any transaction (bcrypt runs here): answers its hash and
 * whether a re-authentication code must be used up with it.
 */
async function checkNewPassword(
  ctx: AuthContext,
  auth: Authenticated,
  user: UserRow,
  body: { password: string; current_password?: string | undefined; nonce?: string | undefined },
): Promise<{ hash: string; reauthenticate: boolean }> {
  const { config, clock } = ctx;
  assertAcceptablePassword(body.password);
  const signIn = await sessionSignIn(ctx.db, auth.sessionId);
  const method = signIn?.amr[0]?.method;
  // Secure password change (GoTrue): a stolen access token of an old session cannot set a
  // password without the code mailed to the owner. Checked first, used up in the update.
  const signedInAt = signIn?.created_at.getTime() ?? 0;
  const reauthenticate = clock.now().getTime() - signedInAt >= config.AUTH_SECURE_PASSWORD_CHANGE_WINDOW_SECONDS * 1000;
  if (reauthenticate && !body.nonce) {
    throw badRequest("reauthentication_needed", "Password update requires reauthentication");
  }
  // The code before any check of the password (GoTrue's order): a wrong code answers the same
  // whatever password came with it, so a stolen token of an old session learns nothing about the
  // password. Only checked here (a wrong one counts); the update below uses it up.
  if (
    reauthenticate &&
    !(await ctx.db.transaction((tx) => useReauthenticationCode(ctx, tx, user, body.nonce ?? "", false)))
  ) {
    throw reauthenticationNotValid();
  }
  // Each answer below tells whether a guess was the password: counted per account before bcrypt
  // runs, as sign-ins are (README, "Security"); only a change that goes through gives it back.
  const reserved = await ctx.limiter.hit(ctx.rules.passwordChangeFail, user.id);
  if (!reserved.allowed) {
    throw tooManyRequests(
      "over_request_rate_limit",
      "Too many password change attempts. Please wait before trying again.",
      reserved.retryAfter,
    );
  }
  let guessAnswer: AuthError | null = null;
  try {
    // A session from a mailed code (signup or recovery) proves the mailbox: no old password needed.
    if (config.AUTH_PASSWORD_CHANGE_NEEDS_CURRENT && method === "password") {
      if (!body.current_password) {
        throw badRequest("current_password_required", "Current password required when setting new password.");
      }
      if (!(await checkPassword(body.current_password, user.encrypted_password))) {
        guessAnswer = badRequest("current_password_invalid", "Current password is incorrect.");
      }
    }
    if (!guessAnswer && user.encrypted_password && (await checkPassword(body.password, user.encrypted_password))) {
      guessAnswer = new AuthError(422, "same_password", "New password should be different from the old password.");
    }
  } catch (err) {
    // Refused before a password was judged: nothing to count.
    await ctx.limiter.release(ctx.rules.passwordChangeFail, user.id);
    throw err;
  }
  // An answer that tells about the password keeps its reservation: that is the count.
  if (guessAnswer) throw guessAnswer;
  await ctx.limiter.release(ctx.rules.passwordChangeFail, user.id);
  return { hash: await hashPassword(body.password), reauthenticate };
}

export async function updateUser(
  ctx: AuthContext,
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
  const { db, clock, mail } = ctx;
  await ctx.limitIp(ctx.rules.ipUserUpdate, meta.ip);
  if (body.data) assertAcceptableMetadata(body.data);
  const user = await findUserById(db, auth.userId);
  if (!user) throw userGone();
  if (body.email !== undefined && body.email.trim().toLowerCase() !== user.email) {
    throw validationFailed("Changing the e-mail address is not supported");
  }
  const password =
    body.password !== undefined ? await checkNewPassword(ctx, auth, user, { ...body, password: body.password }) : null;
  const newHash = password?.hash ?? null;
  const updated = await db.transaction(async (tx) => {
    const now = clock.now();
    // Before any change: a wrong nonce changes nothing but its own attempt count (committed).
    if (password?.reauthenticate && !(await useReauthenticationCode(ctx, tx, user, body.nonce ?? ""))) return null;
    // A nonce without a password re-authenticates the session: for the next REAUTHENTICATION_VALID_SECONDS
    // it may turn two-factor sign-in on although it signed in long ago (auth/mfa/guards.ts).
    if (body.password === undefined && body.nonce) {
      if (!(await useReauthenticationCode(ctx, tx, user, body.nonce))) return null;
      await markReauthenticated(tx, auth.sessionId, now);
    }
    if (body.data) {
      // The merged result must fit too (else repeated updates grow it without bound); checked
      // on what the database stored, inside the transaction, so it is rolled back when over.
      const stored = await mergeUserMetadata(tx, user.id, body.data, now);
      if (stored) assertAcceptableMetadata(stored);
    }
    if (newHash) {
      await setPassword(tx, user.id, newHash, now);
      // Pending codes die with the old password, and so do the user's other sessions.
      await deleteCodes(tx, user.id);
      await deleteOtherSessions(tx, user.id, auth.sessionId);
      // Tell the owner (ASVS 6.3.7): if it was not them, they learn while they can still act.
      await mail.enqueueNotice(tx, {
        to: user.email,
        template: "password_changed",
        language: pickLanguage(fromAcceptLanguage(meta.acceptLanguage), user.language),
      });
    }
    const fresh = (await findUserById(tx, user.id)) as UserRow;
    return userJson(fresh, await identitiesOf(tx, user.id), await factorsOf(tx, user.id));
  });
  if (!updated) throw reauthenticationNotValid();
  if (newHash) mail.kick();
  return updated;
}

/**
 * GET/POST /reauthenticate: mails the signed-in user a code that `PUT /user` takes as `nonce`
 * when the session is older than AUTH_SECURE_PASSWORD_CHANGE_WINDOW_SECONDS (with the new password,
 * or alone before turning two-factor sign-in on). Its own resend window and its own hourly
 * budget (context.ts `signedInMailBudget`): a stolen token cannot spend the owner's /recover.
 */
export async function reauthenticate(ctx: AuthContext, auth: Authenticated, meta: RequestMeta): Promise<void> {
  await ctx.limitIp(ctx.rules.ipReauthenticate, meta.ip);
  const user = await findUserById(ctx.db, auth.userId);
  if (!user) throw userGone();
  if (!user.email_confirmed_at) throw new AuthError(422, "email_not_confirmed", "Please verify your email first.");
  await ctx.limitMail(signedInMailBudget(user.email), ctx.rules.mailGapReauthentication);
  await ctx.db.transaction((tx) =>
    issueCode(ctx, tx, user, "reauthentication", pickLanguage(fromAcceptLanguage(meta.acceptLanguage), user.language)),
  );
  ctx.mail.kick();
}
