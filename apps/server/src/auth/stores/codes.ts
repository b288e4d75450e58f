/**
 * The `one_time_codes` table: one live code per user and purpose, kept only as an HMAC with its
 * wrong-try count and expiry (docs/architecture.md §2). What a code means is in ../codes.ts.
 */
import type { Queryable } from "../../db/index.js";

export type CodePurpose = "signup" | "recovery" | "reauthentication";

export interface StoredCode {
  purpose: CodePurpose;
  code_hash: string;
  attempts: number;
  /** Wrong tries per client network (hash of the network: context.ts `networkHash`). */
  network_attempts: Record<string, number>;
  expires_at: Date;
}

/** Stores a new code for the purpose, replacing (voiding) the one before, attempts back to 0. */
export async function replaceCode(
  tx: Queryable,
  input: { userId: string; purpose: CodePurpose; codeHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO one_time_codes (user_id, purpose, code_hash, attempts, created_at, expires_at)
     VALUES ($1, $2, $3, 0, $4, $5)
     ON CONFLICT (user_id, purpose) DO UPDATE SET code_hash = EXCLUDED.code_hash, attempts = 0, network_attempts = '{}',
       created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at`,
    [input.userId, input.purpose, input.codeHash, input.now, input.expiresAt],
  );
}

/** Every code of the user, locked for the rest of `tx`. */
export async function lockCodes(tx: Queryable, userId: string): Promise<StoredCode[]> {
  const { rows } = await tx.query<StoredCode>(
    "SELECT purpose, code_hash, attempts, network_attempts, expires_at FROM one_time_codes WHERE user_id = $1 FOR UPDATE",
    [userId],
  );
  return rows;
}

/** The user's re-authentication code, locked for the rest of `tx`. */
export async function lockReauthenticationCode(
  tx: Queryable,
  userId: string,
): Promise<Omit<StoredCode, "purpose" | "network_attempts"> | undefined> {
  const { rows } = await tx.query<Omit<StoredCode, "purpose" | "network_attempts">>(
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

/** Counts a wrong try against a code from one client network (and in its total). */
export async function countWrongTryFrom(
  tx: Queryable,
  userId: string,
  purpose: CodePurpose,
  network: string,
): Promise<void> {
  await tx.query(
    `UPDATE one_time_codes SET attempts = attempts + 1,
       network_attempts = jsonb_set(network_attempts, ARRAY[$3::text], to_jsonb(COALESCE((network_attempts ->> $3::text)::int, 0) + 1))
     WHERE user_id = $1 AND purpose = $2`,
    [userId, purpose, network],
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
