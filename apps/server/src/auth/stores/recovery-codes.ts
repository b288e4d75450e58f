/**
 * The `mfa_recovery_codes` table (docs/architecture.md §2): the single-use codes of a user's
 * recovery-code set, kept only as an HMAC (../mfa/crypto.ts), each marked when used.
 */
import type { Queryable } from "../../db/index.js";

/** Replaces every code of the set by these hashes. */
export async function replaceRecoveryCodes(tx: Queryable, factorId: string, codeHashes: string[]): Promise<void> {
  await tx.query("DELETE FROM mfa_recovery_codes WHERE factor_id = $1", [factorId]);
  for (const codeHash of codeHashes) {
    await tx.query("INSERT INTO mfa_recovery_codes (factor_id, code_hash) VALUES ($1, $2)", [factorId, codeHash]);
  }
}

/** How many codes the set has, and how many of them are still unused. */
export async function countRecoveryCodes(
  q: Queryable,
  factorId: string,
): Promise<{ total: number; remaining: number } | undefined> {
  const { rows } = await q.query<{ total: number; remaining: number }>(
    "SELECT count(*)::int AS total, count(*) FILTER (WHERE used_at IS NULL)::int AS remaining FROM mfa_recovery_codes WHERE factor_id = $1",
    [factorId],
  );
  return rows[0];
}

/**
 * Marks the code with this hash used, in one statement and only if it was unused, so a code works
 * once whatever races; answers whether it did.
 */
export async function useRecoveryCode(tx: Queryable, factorId: string, codeHash: string, now: Date): Promise<boolean> {
  const { rows } = await tx.query(
    "UPDATE mfa_recovery_codes SET used_at = $3 WHERE factor_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING id",
    [factorId, codeHash, now],
  );
  return rows.length > 0;
}
