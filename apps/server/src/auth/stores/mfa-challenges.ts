/**
 * The `mfa_challenges` table (docs/architecture.md §2): a challenge of one authenticator, bound to
 * the session and the (hashed) address that asked for it, alive a few minutes (../mfa/factor-service.ts).
 */
import type { Queryable } from "../../db/index.js";

export interface StoredChallenge {
  session_id: string;
  ip_hash: string;
  expires_at: Date;
}

/** Drops the factor's challenges that have expired by `now`. */
export async function deleteExpiredChallenges(tx: Queryable, factorId: string, now: Date): Promise<void> {
  await tx.query("DELETE FROM mfa_challenges WHERE factor_id = $1 AND expires_at <= $2", [factorId, now]);
}

export async function insertChallenge(
  tx: Queryable,
  input: { id: string; factorId: string; sessionId: string; ipHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO mfa_challenges (id, factor_id, session_id, ip_hash, created_at, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6)`,
    [input.id, input.factorId, input.sessionId, input.ipHash, input.now, input.expiresAt],
  );
}

/** Locks one challenge of the factor, so it is used once however many requests carry it. */
export async function lockChallenge(
  tx: Queryable,
  challengeId: string,
  factorId: string,
): Promise<StoredChallenge | undefined> {
  const { rows } = await tx.query<StoredChallenge>(
    "SELECT session_id, ip_hash, expires_at FROM mfa_challenges WHERE id = $1 AND factor_id = $2 FOR UPDATE",
    [challengeId, factorId],
  );
  return rows[0];
}

/** Deletes a challenge (used or expired). */
export async function deleteChallenge(tx: Queryable, challengeId: string | undefined): Promise<void> {
  await tx.query("DELETE FROM mfa_challenges WHERE id = $1", [challengeId]);
}
