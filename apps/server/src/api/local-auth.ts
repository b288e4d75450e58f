import type { AccessClaims } from "../auth/index.js";
import {
  AccessTokenError,
  confirmAccountPassword,
  findConfirmedUserByEmail,
  forgetAuthUser,
  isAal2,
  requireActiveSession,
  SessionCheckError,
  type SessionLimits,
} from "../auth/index.js";
import type { Clock } from "../clock.js";
import type { Db, Queryable } from "../db/index.js";
import { announceAccessChange, forgetCustomerDevices } from "../devices/index.js";
import { forgetMailTo } from "../mail/index.js";
import { forgetCustomerPayments } from "../payments/index.js";
import { forgetCustomerReminders } from "../reminders/index.js";
import { forgetContactMessages } from "./contact-messages.js";
import type { ApiIdentity } from "./identity.js";
import { forgetCustomer } from "./stores/customers.js";

/**
 * How the product API learns who is calling. The token is always verified with the shared JWT
 * secret (ours, or a hosted Supabase project's). With the embedded auth server the session and
 * user are also looked up, so a signed-out, banned or deleted user is refused before `exp`; with
 * hosted Supabase (`checkLocalSession` off) the signed claims are all there is.
 */
export function createApiAuthenticator(deps: {
  verify(token: string): Promise<AccessClaims>;
  db: Queryable;
  clock: Clock;
  checkLocalSession: boolean;
  /** Sessions past their lifetime or inactivity limit are refused like signed-out ones. */
  sessionLimits?: SessionLimits;
}) {
  return async function authenticate(token: string): Promise<ApiIdentity | "blocked" | null> {
    let claims: AccessClaims;
    try {
      claims = await deps.verify(token);
    } catch (err) {
      if (err instanceof AccessTokenError) return null;
      throw err;
    }
    // With hosted Supabase there is nothing local to say whether the user has a second factor:
    // the aal2 rule (README, "Product API") cannot apply there.
    if (!deps.checkLocalSession) {
      return claims.email
        ? { sub: claims.sub, email: claims.email, needsSecondFactor: false, sessionId: claims.session_id ?? null }
        : null;
    }
    try {
      const user = await requireActiveSession(deps.db, claims, deps.clock, deps.sessionLimits);
      const aal2 = await isAal2(claims.aal, () => user.sessionAal);
      return {
        sub: user.id,
        email: user.email,
        needsSecondFactor: user.mfaEnrolled && !aal2,
        sessionId: user.sessionId,
      };
    } catch (err) {
      if (err instanceof SessionCheckError) return err.code === "user_banned" ? "blocked" : null;
      throw err;
    }
  };
}

/**
 * The embedded auth server's view of an address, for `by-email`: a confirmed, not deleted user
 * counts as registered even when the product-side register call was lost.
 */
export function createAuthUserLookup(deps: { db: Queryable; clock: Clock }) {
  return async function lookupAuthUser(email: string): Promise<{ blocked: boolean } | null> {
    const user = await findConfirmedUserByEmail(deps.db, email.trim());
    if (!user) return null;
    return { blocked: !!user.banned_until && new Date(user.banned_until).getTime() > deps.clock.now().getTime() };
  };
}

export type DeleteAccountResult = "deleted" | "wrong-password";

/**
 * Deletes an account of the embedded auth server after checking its password. Each module forgets
 * its own rows (docs/architecture.md §2.1), all in one transaction: either all of it is gone or
 * none of it. Payments stay for accounting, with the owner link removed (anonymised).
 */
export function createLocalAccountDeleter(deps: { db: Db; clock: Clock }) {
  return async function deleteAccount(userId: string, password: string): Promise<DeleteAccountResult> {
    // The bcrypt comparison runs before the transaction: no locks are held while it works.
    const account = await confirmAccountPassword(deps.db, userId, password);
    if (!account) return "wrong-password";
    await deps.db.transaction(async (tx) => {
      // The order is the lock order; docs/architecture.md §2.1 says why it cannot deadlock with a
      // settlement or a sign-in running at the same moment.
      const user = await forgetAuthUser(tx, userId);
      await forgetCustomerPayments(tx, userId);
      await forgetCustomerReminders(tx, userId);
      const now = deps.clock.now();
      const deviceKeys = await forgetCustomerDevices(tx, userId, now);
      const customerEmail = await forgetCustomer(tx, userId);
      const addresses = [user?.email ?? account.email, ...(customerEmail ? [customerEmail] : [])];
      await forgetContactMessages(tx, addresses);
      await forgetMailTo(tx, addresses);
      // Last: the access revision's lock is held only for the commit (docs/architecture.md §2.1).
      await announceAccessChange(tx, deviceKeys, now);
    });
    return "deleted";
  };
}
