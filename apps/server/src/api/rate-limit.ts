import type { Clock } from "../clock.js";
import type { Queryable } from "../db/index.js";

export interface RateRule {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters kept in the database, so limits hold across restarts and across several
 * server processes on one Postgres. Returns the seconds to wait, or 0 when the hit is allowed.
 */
export async function hitRateLimit(db: Queryable, clock: Clock, bucket: string, rule: RateRule): Promise<number> {
  const windowMs = rule.windowSeconds * 1000;
  const nowMs = clock.now().getTime();
  const windowStart = new Date(Math.floor(nowMs / windowMs) * windowMs);
  const { rows } = await db.query<{ hits: number }>(
    `INSERT INTO api_rate_limits (bucket, window_start, hits) VALUES ($1, $2, 1)
     ON CONFLICT (bucket, window_start) DO UPDATE SET hits = api_rate_limits.hits + 1
     RETURNING hits`,
    [bucket, windowStart],
  );
  const hits = rows[0]?.hits ?? 1;
  // Now and then, when a window opens, sweep old windows (one in a hundred: cheap and enough).
  if (hits === 1 && Math.random() < 0.01) await pruneRateLimits(db, clock);
  if (hits <= rule.limit) return 0;
  return Math.max(1, Math.ceil((windowStart.getTime() + windowMs - nowMs) / 1000));
}

/** Drops windows that ended more than a day ago. */
export async function pruneRateLimits(db: Queryable, clock: Clock): Promise<void> {
  await db.query("DELETE FROM api_rate_limits WHERE window_start < $1", [new Date(clock.now().getTime() - 86_400_000)]);
}
