/**
 * POST /signup and POST /resend (type signup): a new account waits unconfirmed until the code
 * mailed to it is verified (verify.ts; docs/product.md §4.3). A confirmed address gets a look-alike
 * user and no mail. Like GoTrue's, that reply does tell a careful caller the address is registered
 * (the look-alike has no identity, a new sign-up's user has one; no mail window applies to it):
 * sign-up does not hide who has an account (README, "Security").
 */
import { randomUUID } from "node:crypto";
import { fromAcceptLanguage, pickLanguage } from "../mail/index.js";
import { issueCode } from "./codes.js";
import { type AuthContext, networkHash, noMailBudget, normalizeEmail, type RequestMeta } from "./context.js";
import { AuthError, validationFailed } from "./errors.js";
import { assertAcceptableMetadata } from "./metadata.js";
import { assertAcceptablePassword, hashPassword } from "./passwords.js";
import {
  deleteUser,
  findUserByEmail,
  findUserById,
  identitiesOf,
  insertPendingUser,
  type UserRow,
} from "./stores/users.js";
import { isBanned, type UserJson, userJson } from "./users.js";

const str = (v: unknown) => (typeof v === "string" ? v : undefined);

/** What a confirmed address gets from /signup: a plausible user that exists nowhere (as GoTrue's). */
function obfuscatedUser(ctx: AuthContext, email: string, data: Record<string, unknown>): UserJson {
  const now = ctx.clock.now();
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

export async function signup(
  ctx: AuthContext,
  body: { email?: string | undefined; password?: string | undefined; data?: Record<string, unknown> | undefined },
  meta: RequestMeta,
): Promise<UserJson> {
  const { config, db, clock, mail, rules } = ctx;
  await ctx.limitIp(rules.ipSignup, meta.ip);
  if (config.AUTH_DISABLE_SIGNUP) throw new AuthError(422, "signup_disabled", "Signups not allowed for this instance");
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
  if (known && (known.email_confirmed_at || isBanned(known, clock.now()))) return obfuscatedUser(ctx, email, data);
  await ctx.limitMail(email, rules.mailGapConfirmation);

  const outcome = await db.transaction(async (tx) => {
    const now = clock.now();
    const existing = await findUserByEmail(tx, email, true);
    // Confirmed (or banned while pending): nothing changes and nothing is mailed.
    if (existing && (existing.email_confirmed_at || isBanned(existing, now))) return null;
    // Still unconfirmed: nobody has proved they own the mailbox, so the pending account is
    // re-keyed, not kept. Its row goes (with its codes, by cascade) and this sign-up starts a
    // new one with its own id, password and metadata. So the password that becomes the
    // account's is always the one of the sign-up whose code is verified, and the reply looks
    // exactly like a first sign-up's (README, "Security": pre-registration takeover).
    if (existing) await deleteUser(tx, existing.id);
    const user: UserRow | undefined = await insertPendingUser(tx, {
      email,
      passwordHash,
      language,
      data,
      // A re-keyed sign-up remembers its network: see verify.ts (and migration 0012).
      signupNetworkHash: existing ? networkHash(meta.ip) : null,
      now,
    });
    // Another request created it a moment ago, or a deleted account holds the address.
    if (!user) return null;
    await issueCode(ctx, tx, user, "signup", language);
    const fresh = (await findUserById(tx, user.id)) as UserRow;
    return userJson(fresh, await identitiesOf(tx, user.id));
  });
  mail.kick();
  return outcome ?? obfuscatedUser(ctx, email, data);
}

/** POST /resend: a new sign-up code for an unconfirmed account; the same empty reply otherwise. */
export async function resend(
  ctx: AuthContext,
  body: { email?: string | undefined; type?: string | undefined },
  meta: RequestMeta,
): Promise<void> {
  await ctx.limitIp(ctx.rules.ipResend, meta.ip);
  const known = ["signup", "email_change", "sms", "phone_change"];
  if (!body.type || !known.includes(body.type)) {
    throw validationFailed("Missing one of these types: signup, email_change, sms, phone_change");
  }
  if (body.type !== "signup") throw validationFailed(`Resending ${body.type} is not supported`);
  const email = normalizeEmail(body.email, "Type provided requires an email address");
  // Unknown or already confirmed: the same empty 200 and no mail. Such a request is held to the
  // same windows, but in a budget of its own, not the address's mail budget (else anyone could keep
  // the owner's /recover at 429 with resends for her confirmed address).
  const pending = await findUserByEmail(ctx.db, email);
  const mails = !!pending && !pending.email_confirmed_at;
  await ctx.limitMail(mails ? email : noMailBudget(email), ctx.rules.mailGapConfirmation);
  if (!mails) return;
  await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email, true);
    // Unknown or already confirmed: the same empty 200, and no mail.
    if (!user || user.email_confirmed_at) return;
    await issueCode(ctx, tx, user, "signup", pickLanguage(fromAcceptLanguage(meta.acceptLanguage), user.language));
  });
  ctx.mail.kick();
}
