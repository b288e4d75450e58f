/**
 * The operator's way back in for a user who lost their authenticator and their recovery codes
 * (`pnpm admin users remove-2fa`, docs/operations.md §10): every factor of the account goes (the
 * authenticator, half-finished enrolments, the recovery codes, their challenges), and so does
 * every session, because the lost phone may still be signed in. The user then signs in with the
 * password alone and can turn two-factor sign-in on again. An account without factors is left as
 * it is (its sessions too). The owner is mailed a notice in the same transaction (as when they turn
 * it off themselves): if someone talked support into this, the owner learns of it at once.
 */
import type { Db } from "../../db/index.js";
import { type NoticeEnqueuer, pickLanguage } from "../../mail/index.js";
import { isUuid } from "../session-check.js";
import { deleteAllFactors } from "../stores/factors.js";
import { endSessionsIn, lockUserTokens } from "../stores/sessions.js";
import { findUserById, lockUser } from "../stores/users.js";

export async function removeAllFactors(
  db: Db,
  userId: string,
  enqueueNotice: NoticeEnqueuer,
): Promise<{ factors: { type: string; status: string }[]; sessions: number }> {
  if (!isUuid(userId)) return { factors: [], sessions: 0 };
  return db.transaction(async (tx) => {
    // Lock order of stores/sessions.ts: the refresh tokens first (a refresh takes its token, then
    // its session, then a key-share lock on the account), then the account the way factor changes
    // serialise (FOR NO KEY UPDATE), then the factors and sessions.
    await lockUserTokens(tx, userId);
    await lockUser(tx, userId);
    const rows = await deleteAllFactors(tx, userId);
    // Nothing removed: nobody is signed out. Otherwise every session goes in the same transaction,
    // so no session raised by a code checked a moment before outlives the factors.
    const sessions = rows.length === 0 ? 0 : await endSessionsIn(tx, userId, "all");
    // The notice says two-factor sign-in was on and is now off: only true when a confirmed factor
    // went (an abandoned set-up alone is removed without a mail).
    if (rows.some((row) => row.status === "verified")) {
      const user = await findUserById(tx, userId);
      // Factors without their account cannot exist (they are deleted with it): roll back rather
      // than remove two-factor sign-in without telling anyone.
      if (!user) throw new Error(`user ${userId} has factors but no account row`);
      await enqueueNotice(tx, {
        to: user.email,
        template: "two_factor_removed_by_support",
        language: pickLanguage(user.language),
      });
    }
    return { factors: rows, sessions };
  });
}
