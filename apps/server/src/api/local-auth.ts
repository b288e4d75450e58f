import type { AccessClaims } from "../auth/index.js";
import { AccessTokenError, requireActiveSession, SessionCheckError, type SessionLimits } from "../auth/index.js";
// Not re-exported by the auth module's entry; the password check must be the very same one.
import { checkPassword, MAX_PASSWORD_BYTES } from "../auth/passwords.js";
import type { Clock } from "../clock.js";
import type { Db, Queryable } from "../db/index.js";
import type { ApiIdentity } from "./index.js";

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
    if (!deps.checkLocalSession) return claims.email ? { sub: claims.sub, email: claims.email } : null;
    try {
      const user = await requireActiveSession(deps.db, claims, deps.clock, deps.sessionLimits);
      return { sub: user.id, email: user.email };
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
    const { rows } = await deps.db.query<{ banned_until: Date | null }>(
      `SELECT banned_until FROM users
        WHERE email = lower($1) AND deleted_at IS NULL AND email_confirmed_at IS NOT NULL`,
      [email.trim()],
    );
    const user = rows[0];
    if (!user) return null;
    return { blocked: !!user.banned_until && new Date(user.banned_until).getTime() > deps.clock.now().getTime() };
  };
}

export type DeleteAccountResult = "deleted" | "wrong-password";

/**
 * Deletes an account of the embedded auth server after checking its password: the identity, its
 * sessions and tokens (cascade), the product account and subscription, contact messages and mail
 * sent to the address. Payments stay for accounting, with the owner link removed (anonymised).
 * One transaction: either all of it is gone or none of it.
 */
export function createLocalAccountDeleter(deps: { db: Db; clock: Clock }) {
  return async function deleteAccount(userId: string, password: string): Promise<DeleteAccountResult> {
    const { rows } = await deps.db.query<{ email: string; encrypted_password: string | null }>(
      "SELECT email, encrypted_password FROM users WHERE id = $1 AND deleted_at IS NULL",
      [userId],
    );
    const user = rows[0];
    // No stored password can exceed bcrypt's 72 bytes; compare against nothing to keep timing flat.
    const stored = Buffer.byteLength(password) > MAX_PASSWORD_BYTES ? null : user?.encrypted_password;
    // checkPassword spends a bcrypt comparison even without a hash, so timing tells nothing.
    if (!(await checkPassword(password, stored)) || !user) return "wrong-password";
    await deps.db.transaction(async (tx) => {
      const customer = await tx.query<{ email: string }>("SELECT email FROM customers WHERE id = $1", [userId]);
      const addresses = [...new Set([user.email, ...customer.rows.map((r) => r.email)].map((e) => e.toLowerCase()))];
      await tx.query("DELETE FROM contact_messages WHERE lower(email) = ANY($1::text[])", [addresses]);
      await tx.query("DELETE FROM api_rate_limits WHERE bucket = ANY($1::text[])", [
        addresses.map((a) => `contact:email:${a}`),
      ]);
      await tx.query("DELETE FROM mail_outbox WHERE lower(to_address) = ANY($1::text[])", [addresses]);
      // payments.customer_id → NULL; subscriptions and grants cascade.
      await tx.query("DELETE FROM customers WHERE id = $1", [userId]);
      // identities, sessions, refresh tokens, codes and known IPs cascade.
      await tx.query("DELETE FROM users WHERE id = $1", [userId]);
    });
    return "deleted";
  };
}
