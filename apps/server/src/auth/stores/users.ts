/**
 * The `users`, `identities` and `user_known_ips` tables: every statement the auth use cases run on
 * them (docs/architecture.md §2). Rows follow Supabase's layout, so the JSON the wire carries
 * (`../users.ts`) is a mapping of them.
 */
import { randomUUID } from "node:crypto";
import type { Queryable } from "../../db/index.js";
import { sha256Hex } from "../secrets.js";
import { isUuid } from "../session-check.js";

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  last_sign_in_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  language: string;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  provider: string;
  identity_data: Record<string, unknown>;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export const USER_COLUMNS =
  "id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_sent_at, recovery_sent_at, " +
  "last_sign_in_at, banned_until, deleted_at, language, raw_app_meta_data, raw_user_meta_data, created_at, updated_at";

export async function findUserByEmail(q: Queryable, email: string, forUpdate = false): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE email = $1 AND deleted_at IS NULL${forUpdate ? " FOR UPDATE" : ""}`,
    [email],
  );
  return rows[0];
}

export async function findUserById(q: Queryable, id: string, forUpdate = false): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE id = $1 AND deleted_at IS NULL${forUpdate ? " FOR UPDATE" : ""}`,
    [id],
  );
  return rows[0];
}

export async function identitiesOf(q: Queryable, userId: string): Promise<IdentityRow[]> {
  const { rows } = await q.query<IdentityRow>(
    "SELECT id, provider_id, user_id, provider, identity_data, last_sign_in_at, created_at, updated_at FROM identities WHERE user_id = $1 ORDER BY created_at",
    [userId],
  );
  return rows;
}

/**
 * A new unconfirmed account with its e-mail identity, or undefined when the address is taken (a
 * parallel sign-up a moment ago, or a deleted account that still holds it).
 */
export async function insertPendingUser(
  tx: Queryable,
  input: {
    email: string;
    passwordHash: string;
    language: string;
    data: Record<string, unknown>;
    now: Date;
  },
): Promise<UserRow | undefined> {
  const id = randomUUID();
  const { rows } = await tx.query<UserRow>(
    `INSERT INTO users (id, email, encrypted_password, language, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $7)
     ON CONFLICT (email) DO NOTHING RETURNING ${USER_COLUMNS}`,
    [
      id,
      input.email,
      input.passwordHash,
      input.language,
      JSON.stringify({ provider: "email", providers: ["email"] }),
      JSON.stringify(input.data),
      input.now,
    ],
  );
  const user = rows[0];
  if (!user) return undefined;
  const identity = newEmailIdentity(id, input.email, input.now);
  await tx.query(
    `INSERT INTO identities (id, provider_id, user_id, provider, identity_data, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $6)`,
    [
      identity.id,
      identity.provider_id,
      identity.user_id,
      identity.provider,
      JSON.stringify(identity.identity_data),
      input.now,
    ],
  );
  return user;
}

/** The e-mail identity a new sign-up's user gets (GoTrue's: provider id = user id, unverified). */
export function newEmailIdentity(userId: string, email: string, now: Date): IdentityRow {
  return {
    id: randomUUID(),
    provider_id: userId,
    user_id: userId,
    provider: "email",
    identity_data: { sub: userId, email, email_verified: false, phone_verified: false },
    last_sign_in_at: null,
    created_at: now,
    updated_at: now,
  };
}

/** Records that a code mail went out (GoTrue's `*_sent_at`) and the language it was written in. */
export async function markCodeSent(
  tx: Queryable,
  userId: string,
  column: "confirmation_sent_at" | "recovery_sent_at",
  now: Date,
  /** The account's language from now on, or null to keep it. */
  language: string | null,
): Promise<void> {
  await tx.query(`UPDATE users SET ${column} = $2, language = COALESCE($3, language), updated_at = $2 WHERE id = $1`, [
    userId,
    now,
    language,
  ]);
}

/**
 * A repeated sign-up of a pending account: the row holds the newest sign-up's password and
 * metadata until a code decides (confirmEmail); each code keeps its own (stores/codes.ts).
 */
export async function updatePendingSignup(
  tx: Queryable,
  userId: string,
  input: { passwordHash: string; data: Record<string, unknown>; now: Date },
): Promise<void> {
  await tx.query(
    "UPDATE users SET encrypted_password = $2, raw_user_meta_data = $3::jsonb, updated_at = $4 WHERE id = $1",
    [userId, input.passwordHash, JSON.stringify(input.data), input.now],
  );
}

/**
 * Confirms the address with the password and metadata of the sign-up whose code was verified, or
 * with none (`signup` null: confirmed by a recovery code or a contested sign-up's; see verify.ts).
 * The e-mail identity is marked verified too. An account left without a password says so in its
 * app metadata (`password_missing: true`, which only the server writes), so the web app can send
 * the owner to set hers; setPassword takes it away.
 */
export async function confirmEmail(
  tx: Queryable,
  userId: string,
  now: Date,
  signup: { passwordHash: string | null; data: Record<string, unknown> | null } | null,
): Promise<void> {
  await tx.query(
    `UPDATE users SET email_confirmed_at = $2, updated_at = $2, encrypted_password = $3,
       raw_user_meta_data = COALESCE($4::jsonb, '{}'::jsonb) || '{"email_verified": true}'::jsonb,
       raw_app_meta_data = CASE WHEN $3::text IS NULL THEN raw_app_meta_data || '{"password_missing": true}'::jsonb
         ELSE raw_app_meta_data - 'password_missing' END
     WHERE id = $1`,
    [userId, now, signup?.passwordHash ?? null, signup?.data ? JSON.stringify(signup.data) : null],
  );
  await tx.query(
    `UPDATE identities SET identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = $2
     WHERE user_id = $1 AND provider = 'email'`,
    [userId, now],
  );
}

/** A sign-in: stamps user and identities, and remembers the address it came from (hashed). */
export async function recordSignIn(tx: Queryable, userId: string, ip: string, now: Date): Promise<void> {
  await tx.query("UPDATE users SET last_sign_in_at = $2, updated_at = $2 WHERE id = $1", [userId, now]);
  await tx.query("UPDATE identities SET last_sign_in_at = $2, updated_at = $2 WHERE user_id = $1", [userId, now]);
  await tx.query(
    `INSERT INTO user_known_ips (user_id, ip_hash, last_seen_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, ip_hash) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at`,
    [userId, sha256Hex(ip), now],
  );
}

/** Whether the user has signed in from this address before (exempt from the per-address lockout). */
export async function isKnownIp(q: Queryable, userId: string, ip: string): Promise<boolean> {
  const { rows } = await q.query("SELECT 1 FROM user_known_ips WHERE user_id = $1 AND ip_hash = $2", [
    userId,
    sha256Hex(ip),
  ]);
  return rows.length > 0;
}

/** A stronger hash of the same password (bcrypt cost raised); updated_at stays as it was. */
export async function replacePasswordHash(tx: Queryable, userId: string, hash: string): Promise<void> {
  await tx.query("UPDATE users SET encrypted_password = $2 WHERE id = $1", [userId, hash]);
}

/** A new password chosen by the user (an account confirmed without one has one now). */
export async function setPassword(tx: Queryable, userId: string, hash: string, now: Date): Promise<void> {
  await tx.query(
    "UPDATE users SET encrypted_password = $2, updated_at = $3, raw_app_meta_data = raw_app_meta_data - 'password_missing' WHERE id = $1",
    [userId, hash, now],
  );
}

/** Merges `data` into the user metadata (null values remove keys); answers what is stored now. */
export async function mergeUserMetadata(
  tx: Queryable,
  userId: string,
  data: Record<string, unknown>,
  now: Date,
): Promise<Record<string, unknown> | undefined> {
  const { rows } = await tx.query<{ raw_user_meta_data: Record<string, unknown> }>(
    "UPDATE users SET raw_user_meta_data = jsonb_strip_nulls(raw_user_meta_data || $2::jsonb), updated_at = $3 WHERE id = $1 RETURNING raw_user_meta_data",
    [userId, JSON.stringify(data), now],
  );
  return rows[0]?.raw_user_meta_data;
}

/**
 * Deletes accounts never confirmed whose last code mail (or creation) is older than `cutoff`;
 * answers how many went.
 */
export async function deleteUnconfirmedBefore(q: Queryable, cutoff: Date): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `WITH gone AS (
       DELETE FROM users WHERE email_confirmed_at IS NULL AND deleted_at IS NULL
         AND GREATEST(created_at, confirmation_sent_at, recovery_sent_at) < $1
       RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [cutoff],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Locks the account row for the rest of `tx`: the two-factor use cases take it first so that
 * parallel enrolments and removals of one user run one after another. FOR NO KEY UPDATE, not FOR
 * UPDATE: a refresh or sign-in writing a row that references the account (its new refresh token,
 * its session) takes a key-share lock on it, after its own token and session, and must not wait
 * here — a removal lowering those sessions would wait for the refresh in turn (a deadlock, 40P01).
 */
export async function lockUser(tx: Queryable, userId: string): Promise<void> {
  await tx.query("SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE", [userId]);
}

/** The account's mail language (another module's receipts follow it); null for no such account. */
export async function userLanguage(q: Queryable, userId: string): Promise<string | null> {
  if (!isUuid(userId)) return null;
  const { rows } = await q.query<{ language: string }>("SELECT language FROM users WHERE id = $1::uuid", [userId]);
  return rows[0]?.language ?? null;
}

/**
 * A confirmed, not deleted account of this address with its ban, or undefined: what the product
 * API's `by-email` needs to know of the embedded auth server.
 */
export async function findConfirmedUserByEmail(
  q: Queryable,
  email: string,
): Promise<{ banned_until: Date | null } | undefined> {
  const { rows } = await q.query<{ banned_until: Date | null }>(
    `SELECT banned_until FROM users
        WHERE email = lower($1) AND deleted_at IS NULL AND email_confirmed_at IS NOT NULL`,
    [email],
  );
  return rows[0];
}

/** A live account's address and password hash (null: no password set), for the password check. */
export async function findLiveUserPassword(
  q: Queryable,
  userId: string,
): Promise<{ email: string; encrypted_password: string | null } | undefined> {
  const { rows } = await q.query<{ email: string; encrypted_password: string | null }>(
    "SELECT email, encrypted_password FROM users WHERE id = $1 AND deleted_at IS NULL",
    [userId],
  );
  return rows[0];
}

/**
 * Deletes the account; its identities, sessions, refresh tokens, codes, known addresses and
 * factors go with it (ON DELETE CASCADE). Answers the address it had, or undefined.
 */
export async function deleteUser(tx: Queryable, userId: string): Promise<{ email: string } | undefined> {
  const { rows } = await tx.query<{ email: string }>("DELETE FROM users WHERE id = $1 RETURNING email", [userId]);
  return rows[0];
}

/** A live account by exact e-mail (any case) or id. */
export async function findLiveUserByEmailOrId(
  q: Queryable,
  emailOrId: string,
): Promise<{ id: string; email: string } | undefined> {
  const { rows } = await q.query<{ id: string; email: string }>(
    "SELECT id::text AS id, email FROM users WHERE (email = lower($1) OR id::text = $1) AND deleted_at IS NULL",
    [emailOrId],
  );
  return rows[0];
}

/** Sets or clears the ban of the account with this id (an unknown id changes nothing). */
export async function setBannedUntil(q: Queryable, userId: string, until: Date | null, now: Date): Promise<void> {
  await q.query("UPDATE users SET banned_until = $2, updated_at = $3 WHERE id::text = $1", [userId, until, now]);
}

/** Whether the live account exists, holding it (FOR KEY SHARE) until `tx` ends. `userId` must be a uuid. */
export async function holdLiveUser(tx: Queryable, userId: string): Promise<boolean> {
  const { rows } = await tx.query("SELECT 1 FROM users WHERE id = $1 AND deleted_at IS NULL FOR KEY SHARE", [userId]);
  return rows.length > 0;
}

export interface ExportedUserRow {
  id: string;
  email: string;
  created_at: Date;
  email_confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  language: string;
  raw_user_meta_data: Record<string, unknown>;
}

/** The live account as the data export shows it (no password hash, no app metadata). */
export async function exportedUser(q: Queryable, userId: string): Promise<ExportedUserRow | undefined> {
  const { rows } = await q.query<ExportedUserRow>(
    `SELECT id, email, created_at, email_confirmed_at, last_sign_in_at, language, raw_user_meta_data
       FROM users WHERE id = $1::uuid AND deleted_at IS NULL`,
    [userId],
  );
  return rows[0];
}
