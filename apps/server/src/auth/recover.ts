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
  // Unknown or banned: no mail. Held to the same windows (a 429 reveals nothing), but in a budget
  // of its own: a request that sends nothing never spends an address's mail budget.
  const known = await findUserByEmail(ctx.db, email);
  const mails = !!known && !isBanned(known, ctx.clock.now());
  await ctx.limitMail(mails ? email : noMailBudget(email), ctx.rules.mailGapRecovery);
  if (!mails) return;
  await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email, true);
    // Unknown (or banned, who could not use it): the same empty 200, and no mail.
    if (!user || isBanned(user, ctx.clock.now())) return;
    await issueCode(ctx, tx, user, "recovery", pickLanguage(fromAcceptLanguage(meta.acceptLanguage), user.language));
  });
  ctx.mail.kick();
}
