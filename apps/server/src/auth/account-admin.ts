/**
 * What other modules and the operator ask of the auth server's accounts outside its own HTTP
 * routes: the password check before an account is deleted, forgetting an account, and the admin
 * command line's look-up and block. The tables are this module's (docs/architecture.md §2); the
 * statements are in stores/users.ts.
 */
import type { Clock } from "../clock.js";
import type { Queryable } from "../db/index.js";
import { checkPassword, MAX_PASSWORD_BYTES } from "./passwords.js";
import { isUuid } from "./session-check.js";
import { lockUserTokens } from "./stores/sessions.js";
import {
  deleteUser,
  findLiveUserByEmailOrId,
  findLiveUserPassword,
  holdLiveUser,
  setBannedUntil,
} from "./stores/users.js";

/** A far-future ban: how an operator's block reaches the embedded auth server (sign-in answers 403). */
const BAN_UNTIL = new Date("2999-12-31T00:00:00Z");

/**
 * The live account `userId` names, when `password` is its password; null otherwise (wrong
 * password, no password set, no such account). Timing tells none of these apart.
 */
export async function confirmAccountPassword(
  q: Queryable,
  userId: string,
  password: string,
): Promise<{ email: string } | null> {
  const user = await findLiveUserPassword(q, userId);
  // No stored password can exceed bcrypt's 72 bytes; compare against nothing to keep timing flat.
  const stored = Buffer.byteLength(password) > MAX_PASSWORD_BYTES ? null : user?.encrypted_password;
  // checkPassword spends a bcrypt comparison even without a hash, so timing tells nothing.
  if (!(await checkPassword(password, stored)) || !user) return null;
  return { email: user.email };
}

/**
 * Account deletion, the auth module's part (docs/architecture.md §2.1): removes the user inside
 * the caller's transaction. Identities, sessions, refresh tokens, codes and known addresses go
 * with it (ON DELETE CASCADE, migration 0001). Answers the address the account had at that
 * moment, or undefined when it was already gone.
 */
export async function forgetAuthUser(tx: Queryable, userId: string): Promise<{ email: string } | undefined> {
  // The sessions' refresh tokens before the cascade reaches them, as every deleter of sessions
  // takes them (stores/sessions.ts): a refresh racing the deletion would deadlock against it.
  await lockUserTokens(tx, userId);
  return deleteUser(tx, userId);
}

/** A live (not deleted) account by exact e-mail (any case) or id, for the admin command line. */
export async function findAuthUser(
  q: Queryable,
  emailOrId: string,
): Promise<{ id: string; email: string } | undefined> {
  return findLiveUserByEmailOrId(q, emailOrId);
}

/** Bans (far into the future) or unbans the account with this id; an unknown id changes nothing. */
export async function setAuthUserBlocked(q: Queryable, clock: Clock, userId: string, blocked: boolean): Promise<void> {
  await setBannedUntil(q, userId, blocked ? BAN_UNTIL : null, clock.now());
}

/**
 * Inside the caller's transaction: whether the account `userId` still exists, holding it (a share
 * lock) so that a deletion waits until that transaction ends. A product request authenticated a
 * moment before its account was deleted then cannot write the deleted customer back
 * (docs/architecture.md §2.1).
 */
export async function holdLiveAccount(tx: Queryable, userId: string): Promise<boolean> {
  if (!isUuid(userId)) return false;
  return holdLiveUser(tx, userId);
}
