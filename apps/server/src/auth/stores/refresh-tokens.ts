/**
 * The `refresh_tokens` table (docs/architecture.md §2): each session's rotating chain, stored as
 * SHA-256 hashes only, so a leaked table signs nobody in. Tokens are passed in plain and hashed here.
 */
import type { Queryable } from "../../db/index.js";
import { sha256Hex } from "../secrets.js";

export interface LockedRefreshToken {
  id: number;
  session_id: string;
  user_id: string;
  revoked_at: Date | null;
}

/** Stores a live token of the session; `parentId` is the token it was rotated from. */
export async function insertRefreshToken(
  tx: Queryable,
  input: { token: string; sessionId: string; userId: string; parentId?: number; now: Date },
): Promise<void> {
  if (input.parentId === undefined) {
    await tx.query("INSERT INTO refresh_tokens (token_hash, session_id, user_id, created_at) VALUES ($1, $2, $3, $4)", [
      sha256Hex(input.token),
      input.sessionId,
      input.userId,
      input.now,
    ]);
    return;
  }
  await tx.query(
    "INSERT INTO refresh_tokens (token_hash, session_id, user_id, parent_id, created_at) VALUES ($1, $2, $3, $4, $5)",
    [sha256Hex(input.token), input.sessionId, input.userId, input.parentId, input.now],
  );
}

/** The presented token's row, locked for the rest of `tx` (a refresh's first lock). */
export async function lockRefreshToken(tx: Queryable, token: string): Promise<LockedRefreshToken | undefined> {
  const { rows } = await tx.query<LockedRefreshToken>(
    "SELECT id, session_id, user_id, revoked_at FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE",
    [sha256Hex(token)],
  );
  return rows[0];
}

/** Whether this token of the session exists and, if so, when it was rotated (null: still live). */
export async function refreshTokenState(
  tx: Queryable,
  token: string,
  sessionId: string,
): Promise<{ revoked_at: Date | null } | undefined> {
  const { rows } = await tx.query<{ revoked_at: Date | null }>(
    "SELECT revoked_at FROM refresh_tokens WHERE token_hash = $1 AND session_id = $2",
    [sha256Hex(token), sessionId],
  );
  return rows[0];
}

/** Marks one token rotated. */
export async function revokeRefreshToken(tx: Queryable, id: number, now: Date): Promise<void> {
  await tx.query("UPDATE refresh_tokens SET revoked_at = $2 WHERE id = $1", [id, now]);
}

/** Marks every live token of the session rotated. */
export async function revokeLiveTokensOf(tx: Queryable, sessionId: string, now: Date): Promise<void> {
  await tx.query("UPDATE refresh_tokens SET revoked_at = $2 WHERE session_id = $1 AND revoked_at IS NULL", [
    sessionId,
    now,
  ]);
}

/** Deletes tokens rotated before `cutoff`; answers how many went. */
export async function deleteRotatedBefore(q: Queryable, cutoff: Date): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    "WITH gone AS (DELETE FROM refresh_tokens WHERE revoked_at < $1 RETURNING 1) SELECT count(*)::int AS n FROM gone",
    [cutoff],
  );
  return rows[0]?.n ?? 0;
}
