/**
 * The one rate limiter of the server: counters in the `rate_limits` table, so every server process
 * shares them and they outlive restarts. Both `/auth/v1` and `/api` count through it; each answers
 * a refusal in its own wire format (GoTrue's 429 body, the API's `detail`), both with Retry-After.
 *
 * The window rule (docs/architecture.md §5): a subject's window opens at its first counted hit and
 * lasts `windowSeconds`; within it at most `limit` hits pass; refused hits do not count further;
 * Retry-After is the whole seconds until the window ends (at least 1). Subjects (IPs, e-mails,
 * user ids) are stored only as a hash with their bucket.
 */
import { createHash } from "node:crypto";
import type { Clock } from "../clock.js";
import type { Queryable } from "../db/index.js";
import { countHit, deleteCounter, deleteCountersBefore, findCounter, releaseHit } from "./stores/counters.js";

/** How many hits a window allows, and how long a window lasts. */
export interface RateRule {
  /** Hits allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface LimitRule extends RateRule {
  /** What is counted (`ip:token`, `api`, …); with the subject it names one counter. */
  bucket: string;
}

export interface LimitState {
  allowed: boolean;
  /** Seconds until the window ends (≥ 1 when not allowed). */
  retryAfter: number;
}

/** A counter's stored subject: a hash of bucket and subject, so the table holds no address or e-mail. */
export function subjectKey(rule: Pick<LimitRule, "bucket">, subject: string): string {
  return createHash("sha256").update(`${rule.bucket}\n${subject.toLowerCase()}`).digest("hex").slice(0, 40);
}

/**
 * Forgets a subject's counter, inside the caller's transaction when `q` is one (account deletion
 * takes the counters of the deleted address with it).
 */
export async function resetLimit(q: Queryable, rule: Pick<LimitRule, "bucket">, subject: string): Promise<void> {
  await deleteCounter(q, { bucket: rule.bucket, subject: subjectKey(rule, subject) });
}

export class RateLimiter {
  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
  ) {}

  private stateFrom(rule: LimitRule, windowStart: Date, hits: number, now: Date): LimitState {
    const ends = windowStart.getTime() + rule.windowSeconds * 1000;
    const retryAfter = Math.max(1, Math.ceil((ends - now.getTime()) / 1000));
    return { allowed: hits <= rule.limit, retryAfter };
  }

  /** Counts one hit and says whether it is within the limit. Refused hits do not extend the count. */
  async hit(rule: LimitRule, subject: string): Promise<LimitState> {
    const now = this.clock.now();
    const expiredBefore = new Date(now.getTime() - rule.windowSeconds * 1000);
    const key = { bucket: rule.bucket, subject: subjectKey(rule, subject) };
    const row = await countHit(this.db, key, now, expiredBefore, rule.limit + 1);
    if (!row) return { allowed: true, retryAfter: 0 };
    if (Math.random() < 0.005) void this.purge(now);
    return this.stateFrom(rule, row.window_start, row.hits, now);
  }

  /** Whether the subject has already used up the window, without counting a hit. */
  async isExhausted(rule: LimitRule, subject: string): Promise<LimitState> {
    const now = this.clock.now();
    const row = await findCounter(this.db, { bucket: rule.bucket, subject: subjectKey(rule, subject) });
    if (!row || row.window_start.getTime() + rule.windowSeconds * 1000 <= now.getTime()) {
      return { allowed: true, retryAfter: 0 };
    }
    return { ...this.stateFrom(rule, row.window_start, row.hits, now), allowed: row.hits < rule.limit };
  }

  /**
   * Gives back one hit counted by `hit` (say, a reserved login attempt whose password was right),
   * so it does not count against the subject. Never below zero, and only within the window the
   * hit was counted in.
   */
  async release(rule: LimitRule, subject: string): Promise<void> {
    const expiredBefore = new Date(this.clock.now().getTime() - rule.windowSeconds * 1000);
    await releaseHit(this.db, { bucket: rule.bucket, subject: subjectKey(rule, subject) }, expiredBefore, rule.limit);
  }

  async reset(rule: LimitRule, subject: string): Promise<void> {
    await resetLimit(this.db, rule, subject);
  }

  /** Drops windows that ended long ago (no window is longer than a day). */
  private async purge(now: Date): Promise<void> {
    await deleteCountersBefore(this.db, new Date(now.getTime() - 86_400_000)).catch(() => {});
  }
}
