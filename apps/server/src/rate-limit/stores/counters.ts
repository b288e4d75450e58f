/**
 * The `rate_limits` table (docs/architecture.md §2): one counter per bucket and hashed subject, its
 * window's start and hits. The window rule itself is in ../index.ts.
 */
import type { Queryable } from "../../db/index.js";

export interface Counter {
  window_start: Date;
  hits: number;
}

/**
 * Counts one hit in one statement: a window that ended before `expiredBefore` starts again at
 * `now` with one hit; otherwise hits grow, but never past `cap` (refused hits do not count further).
 */
export async function countHit(
  q: Queryable,
  key: { bucket: string; subject: string },
  now: Date,
  expiredBefore: Date,
  cap: number,
): Promise<Counter | undefined> {
  const { rows } = await q.query<Counter>(
    `INSERT INTO rate_limits (bucket, subject, window_start, hits) VALUES ($1, $2, $3, 1)
       ON CONFLICT (bucket, subject) DO UPDATE SET
         window_start = CASE WHEN rate_limits.window_start <= $4 THEN EXCLUDED.window_start ELSE rate_limits.window_start END,
         hits = CASE WHEN rate_limits.window_start <= $4 THEN 1 ELSE LEAST(rate_limits.hits + 1, $5) END
       RETURNING window_start, hits`,
    [key.bucket, key.subject, now, expiredBefore, cap],
  );
  return rows[0];
}

export async function findCounter(
  q: Queryable,
  key: { bucket: string; subject: string },
): Promise<Counter | undefined> {
  const { rows } = await q.query<Counter>(
    "SELECT window_start, hits FROM rate_limits WHERE bucket = $1 AND subject = $2",
    [key.bucket, key.subject],
  );
  return rows[0];
}

/** Gives back one hit of a window that started after `expiredBefore` (never below zero, `limit` at most). */
export async function releaseHit(
  q: Queryable,
  key: { bucket: string; subject: string },
  expiredBefore: Date,
  limit: number,
): Promise<void> {
  await q.query(
    `UPDATE rate_limits SET hits = GREATEST(LEAST(hits, $4) - 1, 0)
       WHERE bucket = $1 AND subject = $2 AND window_start > $3`,
    [key.bucket, key.subject, expiredBefore, limit],
  );
}

export async function deleteCounter(q: Queryable, key: { bucket: string; subject: string }): Promise<void> {
  await q.query("DELETE FROM rate_limits WHERE bucket = $1 AND subject = $2", [key.bucket, key.subject]);
}

/** Drops windows that started before `before`. */
export async function deleteCountersBefore(q: Queryable, before: Date): Promise<void> {
  await q.query("DELETE FROM rate_limits WHERE window_start < $1", [before]);
}
