/**
 * The `sessions` table (docs/architecture.md §2): sign-in, refresh, assurance level, sign-out and
 * the purge of ended sessions; and a user's own sessions as the Security screen lists and ends them
 * (docs/product.md §11.5). Those two are keyed by the caller's user id as well as the session id,
 * so no id — guessed, leaked or another user's — ever reaches a session of someone else.
 *
 * Lock order: a refresh locks its refresh token, then the session (token.ts). Whatever deletes
 * sessions a refresh may be using takes the same order: `lockSessionTokens` first (`endSessionsIn`
 * does), then the rows; keep it when adding one.
 */
import type { Db, Queryable } from "../../db/index.js";
import type { AmrEntry } from "../jwt.js";
import { isUuid, type SessionLimits } from "../session-check.js";

export interface StoredSession {
  id: string;
  current: boolean;
  createdAt: Date;
  /** The last refresh, else the sign-in. */
  lastUsedAt: Date;
  userAgent: string | null;
}

/** Cut-offs before which a session has ended by itself (0 = no limit: the epoch matches nothing). */
function endedBefore(limits: SessionLimits, now: Date) {
  const before = (seconds: number) => new Date(seconds > 0 ? now.getTime() - seconds * 1000 : 0);
  return { created: before(limits.timeboxSeconds), lastUsed: before(limits.inactivitySeconds) };
}

/**
 * The user's live sessions: the current one first, then the most recently used, at most `limit`.
 * Sessions past their lifetime or inactivity limit are left out even before the hourly purge,
 * exactly as `sessionEnded` refuses them.
 */
export async function listLiveSessions(
  db: Queryable,
  input: { userId: string; currentSessionId: string | null; limits: SessionLimits; now: Date; limit: number },
): Promise<StoredSession[]> {
  if (!isUuid(input.userId)) return [];
  const cut = endedBefore(input.limits, input.now);
  const { rows } = await db.query<{
    id: string;
    created_at: Date;
    refreshed_at: Date | null;
    user_agent: string | null;
  }>(
    `SELECT id, created_at, refreshed_at, user_agent FROM sessions
      WHERE user_id = $1::uuid AND created_at >= $2 AND COALESCE(refreshed_at, created_at) >= $3
      ORDER BY (id = $4::uuid) DESC, COALESCE(refreshed_at, created_at) DESC, created_at DESC, id
      LIMIT $5`,
    [
      input.userId,
      cut.created,
      cut.lastUsed,
      isUuid(input.currentSessionId) ? input.currentSessionId : null,
      input.limit,
    ],
  );
  return rows.map((row) => ({
    id: row.id,
    current: row.id === input.currentSessionId,
    createdAt: new Date(row.created_at),
    lastUsedAt: new Date(row.refreshed_at ?? row.created_at),
    userAgent: row.user_agent,
  }));
}

export type WhichSessions = { only: string } | { except: string } | "all";

/**
 * Inside `tx`: locks the refresh tokens of the sessions `sessionsWhere` selects (a condition on
 * `sessions`, with `params`), in id order. Whatever deletes sessions calls this first: a refresh
 * takes its token and then the session, so a deleter taking the session first (its cascade then
 * waiting for the token) deadlocks against it, and Postgres fails one of the two (40P01, a 500).
 * Taken this way, the refresh finishes first (its new token goes with the session) or finds its
 * token gone.
 *
 * Repeated until no new token turns up: a refresh that finished while this waited for it left a
 * successor this statement's snapshot could not see, and a next refresh could hold that one.
 */
export async function lockSessionTokens(tx: Queryable, sessionsWhere: string, params: unknown[]): Promise<void> {
  let seen = "";
  for (let round = 0; round < 5; round++) {
    const { rows } = await tx.query<{ id: string }>(
      `SELECT id::text AS id FROM refresh_tokens
        WHERE session_id IN (SELECT id FROM sessions WHERE ${sessionsWhere}) ORDER BY id FOR UPDATE`,
      params,
    );
    const ids = rows.map((r) => r.id).join(",");
    if (ids === seen) return;
    seen = ids;
  }
}

/** Inside `tx`: locks every refresh token of the user's sessions (see `lockSessionTokens`). */
export async function lockUserTokens(tx: Queryable, userId: string): Promise<void> {
  if (isUuid(userId)) await lockSessionTokens(tx, "user_id = $1::uuid", [userId]);
}

/**
 * Inside `tx`: ends sessions of one user, `only` that session, or every one `except` that one, or
 * all. The rows go, their refresh tokens with them (cascade), and their access tokens stop passing
 * `requireActiveSession` at once. Tokens first (`lockSessionTokens`). Returns how many ended.
 */
export async function endSessionsIn(tx: Queryable, userId: string, which: WhichSessions): Promise<number> {
  if (!isUuid(userId)) return 0;
  const only = typeof which === "object" && "only" in which ? which.only : null;
  const except = typeof which === "object" && "except" in which ? which.except : null;
  if ((only !== null && !isUuid(only)) || (except !== null && !isUuid(except))) return 0;
  const filter = "user_id = $1::uuid AND ($2::uuid IS NULL OR id = $2::uuid) AND ($3::uuid IS NULL OR id <> $3::uuid)";
  const params = [userId, only, except];
  await lockSessionTokens(tx, filter, params);
  const { rows } = await tx.query<{ id: string }>(`DELETE FROM sessions WHERE ${filter} RETURNING id`, params);
  return rows.length;
}

/** `endSessionsIn` in a transaction of its own. */
export async function endSessions(db: Db, userId: string, which: WhichSessions): Promise<number> {
  if (!isUuid(userId)) return 0;
  return db.transaction((tx) => endSessionsIn(tx, userId, which));
}

/** Ends one of the user's sessions; false when the user has no such session (never had, already
 * ended, or someone else's: one answer for all). */
export async function endSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  return (await endSessions(db, userId, { only: sessionId })) > 0;
}

/** A new aal1 session, signed in by `amr`. */
export async function insertSession(
  tx: Queryable,
  input: { id: string; userId: string; amr: AmrEntry[]; ip: string; userAgent: string | null; now: Date },
): Promise<void> {
  await tx.query(
    "INSERT INTO sessions (id, user_id, aal, amr, ip, user_agent, created_at, updated_at) VALUES ($1, $2, 'aal1', $3::jsonb, $4, $5, $6, $6)",
    [input.id, input.userId, JSON.stringify(input.amr), input.ip, input.userAgent, input.now],
  );
}

export interface LockedSession {
  id: string;
  aal: string;
  amr: AmrEntry[];
  created_at: Date;
  refreshed_at: Date | null;
}

/** The session, locked for the rest of `tx` (a refresh takes it after its refresh token). */
export async function lockSession(tx: Queryable, sessionId: string): Promise<LockedSession | undefined> {
  const { rows } = await tx.query<LockedSession>(
    "SELECT id, aal, amr, created_at, refreshed_at FROM sessions WHERE id = $1 FOR UPDATE",
    [sessionId],
  );
  return rows[0];
}

/**
 * A refresh records when, from where and with which browser the session was last used (the
 * Security screen shows it; docs/product.md §11.5). No User-Agent keeps the old one.
 */
export async function markRefreshed(
  tx: Queryable,
  sessionId: string,
  input: { now: Date; ip: string; userAgent: string | null },
): Promise<void> {
  await tx.query(
    "UPDATE sessions SET refreshed_at = $2, updated_at = $2, ip = $3, user_agent = COALESCE($4, user_agent) WHERE id = $1",
    [sessionId, input.now, input.ip, input.userAgent],
  );
}

/** Deletes every session of the user but `keepId` (a password change), their tokens first. */
export async function deleteOtherSessions(tx: Queryable, userId: string, keepId: string): Promise<void> {
  await endSessionsIn(tx, userId, { except: keepId });
}

/** How the session signed in (its amr) and when. */
export async function sessionSignIn(
  q: Queryable,
  sessionId: string,
): Promise<{ amr: AmrEntry[]; created_at: Date } | undefined> {
  const { rows } = await q.query<{ amr: AmrEntry[]; created_at: Date }>(
    "SELECT amr, created_at FROM sessions WHERE id = $1",
    [sessionId],
  );
  return rows[0];
}

/**
 * Deletes sessions signed in before `createdBefore` or last used before `lastUsedBefore`, their
 * refresh tokens first (`lockSessionTokens`: a device refreshing one of them as it goes would
 * deadlock against the purge otherwise).
 */
export async function deleteEndedSessions(db: Db, cut: { createdBefore: Date; lastUsedBefore: Date }): Promise<number> {
  const ended = "created_at < $1 OR COALESCE(refreshed_at, created_at) < $2";
  const params = [cut.createdBefore, cut.lastUsedBefore];
  return db.transaction(async (tx) => {
    await lockSessionTokens(tx, ended, params);
    const { rows } = await tx.query<{ n: number }>(
      `WITH gone AS (DELETE FROM sessions WHERE ${ended} RETURNING 1) SELECT count(*)::int AS n FROM gone`,
      params,
    );
    return rows[0]?.n ?? 0;
  });
}

/** The session's stored level; a token only ever counts as much as its session still does. */
export async function sessionAal(q: Queryable, sessionId: string): Promise<string | null> {
  const { rows } = await q.query<{ aal: string }>("SELECT aal FROM sessions WHERE id = $1", [sessionId]);
  return rows[0]?.aal ?? null;
}

/** The user's session's amr, locked for the rest of `tx` (before its level is raised). */
export async function lockUserSession(
  tx: Queryable,
  userId: string,
  sessionId: string,
): Promise<{ amr: AmrEntry[] } | undefined> {
  const { rows } = await tx.query<{ amr: AmrEntry[] }>(
    "SELECT amr FROM sessions WHERE id = $1 AND user_id = $2 FOR UPDATE",
    [sessionId, userId],
  );
  return rows[0];
}

/**
 * Sets the session to aal2 with this amr, remembering which factor's code did it (`factorId`: an
 * authenticator or the recovery-code set); counts as a refresh (last used now).
 */
export async function raiseToAal2(
  tx: Queryable,
  sessionId: string,
  amr: AmrEntry[],
  factorId: string,
  now: Date,
): Promise<void> {
  await tx.query(
    "UPDATE sessions SET aal = 'aal2', amr = $2::jsonb, mfa_factor_id = $3, updated_at = $4, refreshed_at = $4 WHERE id = $1",
    [sessionId, JSON.stringify(amr), factorId, now],
  );
}

/** What the session last proved: its amr, the factor of its newest code, its last re-authentication. */
export async function sessionProofs(
  q: Queryable,
  sessionId: string,
): Promise<{ amr: AmrEntry[]; mfa_factor_id: string | null; reauthenticated_at: Date | null } | undefined> {
  const { rows } = await q.query<{ amr: AmrEntry[]; mfa_factor_id: string | null; reauthenticated_at: Date | null }>(
    "SELECT amr, mfa_factor_id, reauthenticated_at FROM sessions WHERE id = $1",
    [sessionId],
  );
  return rows[0];
}

/** Records that the session used a mailed re-authentication code now. */
export async function markReauthenticated(tx: Queryable, sessionId: string, now: Date): Promise<void> {
  await tx.query("UPDATE sessions SET reauthenticated_at = $2 WHERE id = $1", [sessionId, now]);
}

/** Deletes the user's other sessions still at aal1; the caller holds the user's tokens (`lockUserTokens`). */
export async function deleteOtherAal1Sessions(tx: Queryable, userId: string, keepId: string): Promise<void> {
  await tx.query("DELETE FROM sessions WHERE user_id = $1 AND id <> $2 AND aal = 'aal1'", [userId, keepId]);
}

/** The user's sessions above aal1, locked for the rest of `tx`. */
export async function lockRaisedSessions(
  tx: Queryable,
  userId: string,
): Promise<Array<{ id: string; amr: AmrEntry[] }>> {
  const { rows } = await tx.query<{ id: string; amr: AmrEntry[] }>(
    "SELECT id, amr FROM sessions WHERE user_id = $1 AND aal <> 'aal1' FOR UPDATE",
    [userId],
  );
  return rows;
}

/** Sets the session back to aal1 with this amr. */
export async function lowerToAal1(tx: Queryable, sessionId: string, amr: AmrEntry[], now: Date): Promise<void> {
  await tx.query(
    "UPDATE sessions SET aal = 'aal1', amr = $2::jsonb, mfa_factor_id = NULL, updated_at = $3 WHERE id = $1",
    [sessionId, JSON.stringify(amr), now],
  );
}

export interface ExportedSessionRow {
  id: string;
  created_at: Date;
  refreshed_at: Date | null;
  user_agent: string | null;
  ip: string | null;
  aal: string;
}

/** Every session of the user, newest first, as the data export shows them (no refresh tokens). */
export async function exportedSessions(q: Queryable, userId: string): Promise<ExportedSessionRow[]> {
  const { rows } = await q.query<ExportedSessionRow>(
    `SELECT id, created_at, refreshed_at, user_agent, ip, aal FROM sessions
      WHERE user_id = $1::uuid ORDER BY created_at DESC, id`,
    [userId],
  );
  return rows;
}
