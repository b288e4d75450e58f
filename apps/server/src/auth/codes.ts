/**
 * Mailed 6-digit codes (GoTrue's e-mail OTPs): issued for sign-up, recovery and re-authentication,
 * short-lived, single-use, stored as an HMAC, void after a few wrong tries (docs/product.md §4.8,
 * §5.5). Issuing queues the mail in the same transaction and replaces the purpose's live code,
 * except that each sign-up of a pending account keeps its own (issueSignupCode).
 */
import type { Queryable } from "../db/index.js";
import type { MailLanguage } from "../mail/index.js";
import type { AuthContext } from "./context.js";
import { generateCode, hashCode, sameHex } from "./secrets.js";
import {
  addSignupCode,
  type CodePurpose,
  countWrongTry,
  countWrongTryFrom,
  deleteCode,
  lockCodes,
  lockReauthenticationCode,
  renewNewestSignupCode,
  replaceCode,
  type StoredCode,
} from "./stores/codes.js";
import { markCodeSent, type UserRow } from "./stores/users.js";

export type { CodePurpose } from "./stores/codes.js";

/** Codes live 10 minutes (ASVS 6.5.5) and allow 5 wrong tries (then a new one must be requested). */
export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
/**
 * Wrong tries one code takes from all networks together: past it the code is void for everyone.
 * Per-network counting alone would give 5 guesses per network (an IPv6 /48 holds 65,536 /64s) at
 * a code the guesser can have mailed again every 30 s; three networks' worth keeps a stranger on one
 * or two networks from voiding the owner's code and guessing bounded (15 in a million per code).
 */
export const CODE_MAX_TOTAL_ATTEMPTS = 3 * CODE_MAX_ATTEMPTS;

/** Per purpose: the mail it sends and the user column recording when (GoTrue's `*_sent_at`). */
const CODE_MAIL = {
  signup: { template: "signup_code", sentAt: "confirmation_sent_at" },
  recovery: { template: "recovery_code", sentAt: "recovery_sent_at" },
  reauthentication: { template: "reauthentication_code", sentAt: null },
} as const satisfies Record<
  CodePurpose,
  { template: string; sentAt: "confirmation_sent_at" | "recovery_sent_at" | null }
>;

const wellFormed = (code: string) => /^\d{6}$/.test(code);

/**
 * A new code for `purpose`, mailed inside `tx`. A recovery or re-authentication code replaces
 * (voids) the live one; a sign-up code here is a resend: it renews the newest sign-up's code,
 * keeping that sign-up's password (issueSignupCode makes a sign-up's first).
 */
export async function issueCode(
  ctx: AuthContext,
  tx: Queryable,
  user: UserRow,
  purpose: CodePurpose,
  language: MailLanguage,
): Promise<void> {
  await mailNewCode(ctx, tx, user, purpose, language, async (code) => {
    if (purpose !== "signup") await replaceCode(tx, { ...code, purpose });
    else if (!(await renewNewestSignupCode(tx, code)))
      // A pending account without a sign-up code (none was left at the upgrade): nobody can say
      // whose password it holds, so this code confirms the address and brings none.
      await addSignupCode(tx, { ...code, passwordHash: null, data: {}, contested: true });
  });
}

/** The code of a new sign-up of a pending account, carrying that sign-up's password and metadata. */
export async function issueSignupCode(
  ctx: AuthContext,
  tx: Queryable,
  user: UserRow,
  language: MailLanguage,
  signup: { passwordHash: string | null; data: Record<string, unknown>; contested: boolean },
): Promise<void> {
  await mailNewCode(ctx, tx, user, "signup", language, (code) => addSignupCode(tx, { ...code, ...signup }));
}

async function mailNewCode(
  ctx: AuthContext,
  tx: Queryable,
  user: UserRow,
  purpose: CodePurpose,
  language: MailLanguage,
  store: (code: { userId: string; codeHash: string; now: Date; expiresAt: Date }) => Promise<unknown>,
): Promise<void> {
  const now = ctx.clock.now();
  const code = generateCode();
  await store({
    userId: user.id,
    codeHash: hashCode(ctx.keys.codes, purpose, user.email, code),
    now,
    expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
  });
  const { template, sentAt } = CODE_MAIL[purpose];
  // Only a sign-up sets the account's language (its security notices use it): /recover needs no
  // more than the address, so its Accept-Language must not switch the owner's notices.
  if (sentAt) await markCodeSent(tx, user.id, sentAt, now, purpose === "signup" ? language : null);
  await ctx.mail.enqueueCodeMail(tx, {
    to: user.email,
    template,
    language,
    vars: { code, minutes: CODE_TTL_MINUTES },
  });
}

/**
 * Checks a typed code against the user's live codes of any of `purposes` (first match wins, in
 * that order), inside `tx`, for a request from client network `network` (context.ts `networkHash`).
 * Answers the code it matched, or null after counting a wrong try from that network against
 * every code it could have meant: after CODE_MAX_ATTEMPTS wrong tries from one network a code is
 * void for that network only, so a stranger's guesses from one network never void the code for the
 * owner's; after CODE_MAX_TOTAL_ATTEMPTS wrong tries from all networks it is void for everyone (the
 * per-address cap in context.ts answers 429 but still checks codes, so it bounds nothing by
 * itself). The caller commits either way, so the
 * count stays. A match uses nothing up yet: the caller deletes the user's codes.
 */
export async function matchMailedCode(
  ctx: AuthContext,
  tx: Queryable,
  user: UserRow,
  purposes: readonly CodePurpose[],
  typed: string,
  network: string,
): Promise<StoredCode | null> {
  const now = ctx.clock.now();
  const codes = await lockCodes(tx, user.id);
  const live = purposes
    .flatMap((p) => codes.filter((c) => c.purpose === p))
    .filter(
      (c) =>
        c.expires_at.getTime() > now.getTime() &&
        c.attempts < CODE_MAX_TOTAL_ATTEMPTS &&
        (c.network_attempts[network] ?? 0) < CODE_MAX_ATTEMPTS,
    );
  const matched = wellFormed(typed)
    ? live.find((c) => sameHex(c.code_hash, hashCode(ctx.keys.codes, c.purpose, user.email, typed)))
    : undefined;
  if (matched) return matched;
  for (const c of live) await countWrongTryFrom(tx, c.id, network);
  return null;
}

/**
 * Checks a re-authentication nonce inside `tx` and uses it up (true), or counts a wrong try and
 * voids the code at CODE_MAX_ATTEMPTS (false; the caller must commit, not throw, to keep that).
 */
export async function useReauthenticationCode(
  ctx: AuthContext,
  tx: Queryable,
  user: UserRow,
  nonce: string,
  /** false: only check it (a wrong one still counts), leaving a right one for the change itself. */
  consume = true,
): Promise<boolean> {
  const code = await lockReauthenticationCode(tx, user.id);
  if (!code || code.expires_at.getTime() <= ctx.clock.now().getTime() || code.attempts >= CODE_MAX_ATTEMPTS)
    return false;
  const candidate = nonce.trim();
  if (
    wellFormed(candidate) &&
    sameHex(code.code_hash, hashCode(ctx.keys.codes, "reauthentication", user.email, candidate))
  ) {
    if (consume) await deleteCode(tx, user.id, "reauthentication");
    return true;
  }
  if (code.attempts + 1 >= CODE_MAX_ATTEMPTS) await deleteCode(tx, user.id, "reauthentication");
  else await countWrongTry(tx, user.id, "reauthentication");
  return false;
}
