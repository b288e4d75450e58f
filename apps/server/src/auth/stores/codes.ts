/**
 * The `one_time_codes` table: codes kept only as an HMAC with their wrong-try counts and expiry
 * (docs/architecture.md §2). One live code per user and purpose, except sign-up codes: each
 * sign-up of a pending account has its own, with that sign-up's password hash and metadata
 * (migration 0520). What a code means is in ../codes.ts.
 */
import type { Queryable } from "../../db/index.js";

export type CodePurpose = "signup" | "recovery" | "reauthentication";

export interface StoredCode {
  id: string;
  purpose: CodePurpose;
  code_hash: string;
  attempts: number;
  /** Wrong tries per client network (hash of the network: context.ts `networkHash`). */
  network_attempts: Record<string, number>;
  expires_at: Date;
  /** Sign-up codes only: the password hash and metadata given with that sign-up. */
  signup_password_hash: string | null;
  signup_data: Record<string, unknown> | null;
  /** Sign-up codes only: another sign-up of the account, before or after, had a different password. */
  signup_contested: boolean;
}

/** Live sign-up codes a pending account keeps at most (the oldest goes first). */
export const MAX_SIGNUP_CODES = 3;

const CODE_COLUMNS =
  "id::text AS id, purpose, code_hash, attempts, network_attempts, expires_at, signup_password_hash, signup_data, signup_contested";

interface NewCode {
  userId: string;
  codeHash: string;
  now: Date;
  expiresAt: Date;
}

/**
 * Stores a new recovery or re-authentication code, replacing (voiding) the one before, attempts
 * back to 0.
 */
export async function replaceCode(
  tx: Queryable,
  input: NewCode & { purpose: Exclude<CodePurpose, "signup"> },
): Promise<void> {
  await tx.query(
    `INSERT INTO one_time_codes (user_id, purpose, code_hash, attempts, created_at, expires_at)
     VALUES ($1, $2, $3, 0, $4, $5)
     ON CONFLICT (user_id, purpose) WHERE purpose <> 'signup'
     DO UPDATE SET code_hash = EXCLUDED.code_hash, attempts = 0, network_attempts = '{}',
       created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at`,
    [input.userId, input.purpose, input.codeHash, input.now, input.expiresAt],
  );
}

/** Stores the code of a new sign-up beside the earlier ones' (the oldest past MAX_SIGNUP_CODES go). */
export async function addSignupCode(
  tx: Queryable,
  input: NewCode & { passwordHash: string | null; data: Record<string, unknown>; contested: boolean },
): Promise<void> {
  await tx.query(
    `INSERT INTO one_time_codes (user_id, purpose, code_hash, attempts, created_at, expires_at, signup_password_hash, signup_data, signup_contested)
     VALUES ($1, 'signup', $2, 0, $3, $4, $5, $6::jsonb, $7)`,
    [
      input.userId,
      input.codeHash,
      input.now,
      input.expiresAt,
      input.passwordHash,
      JSON.stringify(input.data),
      input.contested,
    ],
  );
  await tx.query(
    `DELETE FROM one_time_codes WHERE user_id = $1 AND purpose = 'signup' AND id NOT IN
       (SELECT id FROM one_time_codes WHERE user_id = $1 AND purpose = 'signup' ORDER BY id DESC LIMIT $2)`,
    [input.userId, MAX_SIGNUP_CODES],
  );
}

/**
 * Marks every sign-up code of a pending account contested: a sign-up with another password came
 * in, and nobody can tell which of them is the owner's (../sign-up.ts).
 */
export async function contestSignupCodes(tx: Queryable, userId: string): Promise<void> {
  await tx.query("UPDATE one_time_codes SET signup_contested = true WHERE user_id = $1 AND purpose = 'signup'", [
    userId,
  ]);
}

/**
 * A new code for the newest sign-up of a pending account (resend), keeping that sign-up's
 * password, metadata and contest. False when the account has no sign-up code to renew.
 */
export async function renewNewestSignupCode(tx: Queryable, input: NewCode): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE one_time_codes SET code_hash = $2, attempts = 0, network_attempts = '{}', created_at = $3, expires_at = $4
     WHERE id = (SELECT max(id) FROM one_time_codes WHERE user_id = $1 AND purpose = 'signup') RETURNING id`,
    [input.userId, input.codeHash, input.now, input.expiresAt],
  );
  return rows.length > 0;
}

/**
 * The password hashes of a pending account's sign-up codes, newest first, with their code ids and
 * whether each is contested (read before a new sign-up).
 */
export async function signupPasswordHashes(
  db: Queryable,
  userId: string,
): Promise<Array<{ id: string; passwordHash: string | null; contested: boolean }>> {
  const { rows } = await db.query<{ id: string; signup_password_hash: string | null; signup_contested: boolean }>(
    "SELECT id::text AS id, signup_password_hash, signup_contested FROM one_time_codes WHERE user_id = $1 AND purpose = 'signup' ORDER BY id DESC",
    [userId],
  );
  return rows.map((r) => ({ id: r.id, passwordHash: r.signup_password_hash, contested: r.signup_contested }));
}

/** Every code of the user, locked for the rest of `tx`. */
export async function lockCodes(tx: Queryable, userId: string): Promise<StoredCode[]> {
  const { rows } = await tx.query<StoredCode>(
    `SELECT ${CODE_COLUMNS} FROM one_time_codes WHERE user_id = $1 ORDER BY id DESC FOR UPDATE`,
    [userId],
  );
  return rows;
}

/** The user's re-authentication code, locked for the rest of `tx`. */
export async function lockReauthenticationCode(
  tx: Queryable,
  userId: string,
): Promise<Pick<StoredCode, "code_hash" | "attempts" | "expires_at"> | undefined> {
  const { rows } = await tx.query<Pick<StoredCode, "code_hash" | "attempts" | "expires_at">>(
    "SELECT code_hash, attempts, expires_at FROM one_time_codes WHERE user_id = $1 AND purpose = 'reauthentication' FOR UPDATE",
    [userId],
  );
  return rows[0];
}

/** Counts a wrong try against a code. */
export async function countWrongTry(tx: Queryable, userId: string, purpose: CodePurpose): Promise<void> {
  await tx.query("UPDATE one_time_codes SET attempts = attempts + 1 WHERE user_id = $1 AND purpose = $2", [
    userId,
    purpose,
  ]);
}

/** Counts a wrong try against a code (by id) from one client network (and in its total). */
export async function countWrongTryFrom(tx: Queryable, codeId: string, network: string): Promise<void> {
  await tx.query(
    `UPDATE one_time_codes SET attempts = attempts + 1,
       network_attempts = jsonb_set(network_attempts, ARRAY[$2::text], to_jsonb(COALESCE((network_attempts ->> $2::text)::int, 0) + 1))
     WHERE id = $1::bigint`,
    [codeId, network],
  );
}

/** Deletes the user's code of this purpose. */
export async function deleteCode(tx: Queryable, userId: string, purpose: CodePurpose): Promise<void> {
  await tx.query("DELETE FROM one_time_codes WHERE user_id = $1 AND purpose = $2", [userId, purpose]);
}

/** Deletes every code of the user (one was used, or the password changed). */
export async function deleteCodes(tx: Queryable, userId: string): Promise<void> {
  await tx.query("DELETE FROM one_time_codes WHERE user_id = $1", [userId]);
}
