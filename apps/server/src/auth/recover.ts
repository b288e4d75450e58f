/**
 * POST /recover: mails a recovery code (docs/product.md §4.4). Unknown and banned addresses get the
 * same empty reply and no mail, so the reply tells nothing about the account. The code signs in
 * through POST /verify (verify.ts), after which the user sets a new password (PUT /user, user.ts).
 */
import { fromAcceptLanguage, pickLanguage } from "../mail/index.js";
import { issueCode } from "./codes.js";
import { type AuthContext, noMailBudget, normalizeEmail, type RequestMeta } from "./context.js";
import { findUserByEmail } from "./stores/users.js";
import { isBanned } from "./users.js";

export async function recover(
  ctx: AuthContext,
  body: { email?: string | undefined },
  meta: RequestMeta,
): Promise<void> {
  await ctx.limitIp(ctx.rules.ipRecover, meta.ip);
  const email = normalizeEmail(body.email, "Password recovery requires an email");
  // Unknown or banned: no mail. A banned account's request is held to the same windows in a
  // budget of its own, so it never spends the address's mail budget. An unknown address's spends
  // the address's own, as a pending account's does: a sign-up after it counts there too, and only
  // a pending address's recovery requests making it 429 would tell that someone signed it up.
  const known = await findUserByEmail(ctx.db, email);
  const banned = !!known && isBanned(known, ctx.clock.now());
  await ctx.limitMail(banned ? noMailBudget(email) : email, ctx.rules.mailGapRecovery);
  if (!known || banned) return;
  await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email, true);
    // Unknown (or banned, who could not use it): the same empty 200, and no mail.
    if (!user || isBanned(user, ctx.clock.now())) return;
    await issueCode(ctx, tx, user, "recovery", pickLanguage(fromAcceptLanguage(meta.acceptLanguage), user.language));
  });
  ctx.mail.kick();
}
