/**
 * POST /signup and POST /resend (type signup): a new account waits unconfirmed until the code
 * mailed to it is verified (verify.ts; docs/product.md §4.3). A confirmed address gets a look-alike
 * user and no mail. Like GoTrue's, that reply does tell a careful caller the address is registered
 * (the look-alike has no identity, a new sign-up's user has one; no mail window applies to it):
 * sign-up does not hide who has an account (README, "Security").
 */
import { randomUUID } from "node:crypto";
import { fromAcceptLanguage, pickLanguage } from "../mail/index.js";
import { issueCode, issueSignupCode } from "./codes.js";
import { type AuthContext, noMailBudget, normalizeEmail, type RequestMeta } from "./context.js";
import { AuthError, validationFailed } from "./errors.js";
import { assertAcceptableMetadata } from "./metadata.js";
import { assertAcceptablePassword, checkPassword, hashPassword } from "./passwords.js";
import { contestSignupCodes, signupPasswordHashes } from "./stores/codes.js";
import {
  findUserByEmail,
  findUserById,
  identitiesOf,
  insertPendingUser,
  newEmailIdentity,
  type UserRow,
  updatePendingSignup,
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

/**
 * What a repeated sign-up of a pending account answers: exactly a first sign-up's reply (a new
 * id, times of now, its own metadata, one unverified identity), so nobody learns that someone
 * signed the address up before. The account keeps its id; verification goes by address and code.
 */
function asFirstSignup(pending: UserRow, data: Record<string, unknown>, now: Date): UserJson {
  const id = randomUUID();
  return userJson(
    {
      ...pending,
      id,
      confirmation_sent_at: now,
      recovery_sent_at: null,
      last_sign_in_at: null,
      raw_user_meta_data: data,
      created_at: now,
      updated_at: now,
    },
    [newEmailIdentity(id, pending.email, now)],
  );
}

/**
 * For a repeated sign-up: the newest earlier sign-up of the pending account (its code id) and
 * whether this password is the same as that one's. Comparing with the newest is enough: every
 * sign-up that is not contested has the password of the one before it (below). Exactly one bcrypt
 * comparison runs on every sign-up — against a dummy hash for a new address — so the reply's
 * timing does not tell that the address is pending. It runs before the transaction, not inside.
 */
async function compareWithNewestSignup(ctx: AuthContext, pending: UserRow | undefined, password: string) {
  const [newest] = pending ? await signupPasswordHashes(ctx.db, pending.id) : [];
  const same = await checkPassword(password, newest?.passwordHash);
  return { newestId: newest?.id, same };
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
  const compared = await compareWithNewestSignup(ctx, known, body.password);

  const outcome = await db.transaction(async (tx) => {
    const now = clock.now();
    const existing = await findUserByEmail(tx, email, true);
    // Confirmed (or banned while pending): nothing changes and nothing is mailed.
    if (existing && (existing.email_confirmed_at || isBanned(existing, now))) return null;
    if (existing) {
      // Still unconfirmed: nobody has proved they own the mailbox. This sign-up gets a code of its
      // own beside the earlier ones', carrying its password. When the newest earlier sign-up had
      // another password (or one came in after the comparison above), the sign-ups are contested:
      // this one and every earlier one, since either may be a stranger's — he may have signed the
      // address up first, and the owner may type the code of his older mail as well as hers. A
      // contested code confirms the address without a password (verify.ts). A contest is
      // inherited: a sign-up after a contested one is contested too, even with that one's
      // password. Else a stranger could sign up again until the owner's code is pushed out
      // (MAX_SIGNUP_CODES), leaving only his own contested ones, and his next sign-up (the same
      // password as all of them) would carry his password to whichever code she types next.
      const earlier = await signupPasswordHashes(tx, existing.id);
      const contested =
        earlier.some((e) => e.contested) ||
        (earlier.length > 0 && (earlier[0]?.id !== compared.newestId || !compared.same));
      if (contested) await contestSignupCodes(tx, existing.id);
      await updatePendingSignup(tx, existing.id, { passwordHash, data, now });
      await issueSignupCode(ctx, tx, existing, language, { passwordHash, data, contested });
      return asFirstSignup(existing, data, now);
    }
    const user: UserRow | undefined = await insertPendingUser(tx, { email, passwordHash, language, data, now });
    // Another request created it a moment ago, or a deleted account holds the address.
    if (!user) return null;
    await issueSignupCode(ctx, tx, user, language, { passwordHash, data, contested: false });
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
  // Already confirmed: the same empty 200 and no mail. Such a request is held to the same windows,
  // but in a budget of its own, not the address's mail budget (else anyone could keep the owner's
  // /recover at 429 with resends for her confirmed address). An unknown address mails nothing
  // either, yet spends its own budget as a pending one does: a sign-up right after counts there,
  // and a 429 only after a pending address's resend would tell that someone signed it up.
  const user = await findUserByEmail(ctx.db, email);
  const confirmed = !!user?.email_confirmed_at;
  await ctx.limitMail(confirmed ? noMailBudget(email) : email, ctx.rules.mailGapConfirmation);
  if (!user || confirmed) return;
  await ctx.db.transaction(async (tx) => {
    const pending = await findUserByEmail(tx, email, true);
    // Gone or confirmed meanwhile: the same empty 200, and no mail.
    if (!pending || pending.email_confirmed_at) return;
    await issueCode(
      ctx,
      tx,
      pending,
      "signup",
      pickLanguage(fromAcceptLanguage(meta.acceptLanguage), pending.language),
    );
  });
  ctx.mail.kick();
}
