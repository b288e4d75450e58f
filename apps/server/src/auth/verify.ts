/**
 * POST /verify: a mailed code (codes.ts) confirms the address if needed and signs in with a new
 * session (docs/product.md §4.3, §4.4, §4.8). Someone else's guesses never lock the owner out:
 * the per-address cap on wrong codes is kept per client network, and the cap over all networks
 * refuses only wrong codes (`verifyFail*` in context.ts).
 */
import { rateLimitSubject } from "../http/index.js";
import { type CodePurpose, matchMailedCode } from "./codes.js";
import { type AuthContext, emailSchema, networkHash, type RequestMeta } from "./context.js";
import { AuthError, tooManyRequests, validationFailed } from "./errors.js";
import { deleteCodes } from "./stores/codes.js";
import { confirmEmail, findUserByEmail } from "./stores/users.js";
import { signIn, type TokenResponse } from "./token.js";
import { isBanned } from "./users.js";

const otpInvalid = () => new AuthError(403, "otp_expired", "Token has expired or is invalid");

/** Which codes a verification type may use (GoTrue's `email` takes a sign-up or a recovery code). */
function purposesOf(type: string): CodePurpose[] | null {
  if (type === "signup") return ["signup"];
  if (type === "email") return ["signup", "recovery"];
  if (type === "recovery" || type === "magiclink") return ["recovery"];
  return null;
}

export async function verify(
  ctx: AuthContext,
  body: {
    email?: string | undefined;
    token?: string | undefined;
    token_hash?: string | undefined;
    type?: string | undefined;
  },
  meta: RequestMeta,
): Promise<{ response: TokenResponse; type: string }> {
  const { db, clock, limiter, rules } = ctx;
  await ctx.limitIp(rules.ipVerify, meta.ip);
  const type = body.type;
  if (!type) throw validationFailed("Verify requires a verification type");
  const purposes = purposesOf(type);
  if (!purposes) throw validationFailed(`Unsupported verification type: ${type}`);
  if (!!body.token === !!body.token_hash) throw validationFailed("Verify requires either a token or a token hash");
  // Link hashes are never issued here: any hash is unknown.
  if (body.token_hash) throw otpInvalid();
  if (!body.email) throw validationFailed("Only an email address or phone number should be provided on verify");
  const email = body.email.trim().toLowerCase();
  if (!emailSchema.safeParse(email).success) throw new AuthError(422, "validation_failed", "Invalid email format");
  const network = `${email}|${rateLimitSubject(meta.ip)}`;
  const fromNetwork = await limiter.isExhausted(rules.verifyFailNetwork, network);
  if (!fromNetwork.allowed)
    throw tooManyRequests("over_request_rate_limit", "Request rate limit reached", fromNetwork.retryAfter);
  const token = (body.token ?? "").trim();

  const result = await db.transaction(async (tx) => {
    const now = clock.now();
    const user = await findUserByEmail(tx, email, true);
    if (!user) return { ok: false as const, banned: false };
    // A wrong code is counted inside (and committed, not rolled back).
    const matched = await matchMailedCode(ctx, tx, user, purposes, token, networkHash(meta.ip));
    if (!matched) return { ok: false as const, banned: false };
    if (isBanned(user, now)) return { ok: false as const, banned: true };
    // Used: this and every other pending code of the user stop working.
    await deleteCodes(tx, user.id);
    if (!user.email_confirmed_at) {
      // The password that becomes the account's is the one given with the sign-up whose code
      // this is, from whatever network it is typed (each sign-up has its own code). None comes
      // with a recovery code (GoTrue lets one confirm, but it proves nothing about any sign-up's
      // password) or with a contested sign-up's code (a sign-up with a different password came
      // before or after it: either may be a stranger's). The owner, signed in by her code, sets
      // hers in this session (README, "Security": pre-registration takeover).
      const keeps = matched.purpose === "signup" && !matched.signup_contested;
      await confirmEmail(
        tx,
        user.id,
        now,
        keeps ? { passwordHash: matched.signup_password_hash, data: matched.signup_data } : null,
      );
    }
    return { ok: true as const, response: await signIn(ctx, tx, user, "otp", meta) };
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
}
