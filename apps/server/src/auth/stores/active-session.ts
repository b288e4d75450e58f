/**
 * The per-request session check's one query (../session-check.ts): the user, the token's session
 * and whether a verified authenticator exists, in one round trip, because it runs on every
 * authenticated request (on PGlite each query is CPU on the event loop). It reads `users`,
 * `sessions` and `mfa_factors`, all auth's.
 */
import type { Queryable } from "../../db/index.js";

export interface UserAndSession {
  id: string;
  email: string;
  banned_until: Date | null;
  deleted_at: Date | null;
  session_id: string | null;
  created_at: Date | null;
  refreshed_at: Date | null;
  aal: string | null;
  mfa_enrolled: boolean;
}

/** The user and, when it is theirs, the session; both ids must be uuids. */
export async function findUserAndSession(
  q: Queryable,
  userId: string,
  sessionId: string,
): Promise<UserAndSession | undefined> {
  const { rows } = await q.query<UserAndSession>(
    `SELECT u.id, u.email, u.banned_until, u.deleted_at, s.id AS session_id, s.created_at, s.refreshed_at, s.aal,
            EXISTS (SELECT 1 FROM mfa_factors f
                     WHERE f.user_id = u.id AND f.factor_type = 'totp' AND f.status = 'verified') AS mfa_enrolled
       FROM users u LEFT JOIN sessions s ON s.id = $2 AND s.user_id = u.id
      WHERE u.id = $1`,
    [userId, sessionId],
  );
  return rows[0];
}
