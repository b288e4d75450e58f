/**
 * POST /recover: mails a recovery code (docs/product.md §4.4). Unknown and banned addresses get the
 * same empty reply and no mail, so the reply tells nothing about the account. The code signs in
 * through POST /verify (verify.ts), after which the user sets a new password (PUT /user, user.ts).
 */
import { fromAcceptLanguage, pickLanguage } from "../mail/index.js";
import { issueCode } from "./codes.js";
import { type AuthContext, normalizeEmail, type RequestMeta } from "./context.js";
import { findUserByEmail } from "./stores/users.js";
import { isBanned } from "./users.js";

export async function recover(
  ctx: AuthContext,
  body: { email?: string | undefined },
  meta: RequestMeta,
): Promise<void> {
  await ctx.limitIp(ctx.rules.ipRecover, meta.ip);
  const email = normalizeEmail(body.email, "Password recovery requires an email");
  await ctx.limitMail(email, ctx.rules.mailGapRecovery);
  await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email, true);
    // Unknown (or banned, who could not use it): the same empty 200, and no mail.
    if (!user || isBanned(user, ctx.clock.now())) return;
    await issueCode(ctx, tx, user, "recovery", pickLanguage(fromAcceptLanguage(meta.acceptLanguage), user.language));
  });
  ctx.mail.kick();
}
