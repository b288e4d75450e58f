/**
 * Every change of a user's factors mails her a notice, inside the change's transaction (ASVS 6.3.7,
 * README "Two-factor sign-in"): whoever made it, she learns of it while she can still act, and each
 * notice tells her what to do if it was not her (reset the password, which signs every other device
 * out). In her language, as every mail.
 */
import type { Queryable } from "../../db/index.js";
import { type Mail, type NoticeKind, pickLanguage } from "../../mail/index.js";
import { findUserById } from "../stores/users.js";

export type FactorNotices = Pick<Mail, "enqueueNotice">;

export async function notifyOwner(
  tx: Queryable,
  mail: FactorNotices,
  userId: string,
  template: NoticeKind,
): Promise<void> {
  const user = await findUserById(tx, userId);
  if (user) await mail.enqueueNotice(tx, { to: user.email, template, language: pickLanguage(user.language) });
}
