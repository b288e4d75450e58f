/**
 * Auth housekeeping: every `intervalMs` (and once at start), sessions past their lifetime or
 * inactivity limit and old rotated refresh tokens are deleted (`purgeEndedSessions`), and so are
 * sign-ups nobody confirmed (`purgeUnconfirmedSignups`); the service exposes both.
 * The checks on refresh and on access tokens do not wait for it: this only keeps the tables small.
 * Runs never overlap; a failed run is logged and retried at the next tick.
 */
import { every } from "../jobs/index.js";
import type { Logger } from "../logger.js";
import type { AuthContext } from "./context.js";
import { deleteRotatedBefore } from "./stores/refresh-tokens.js";
import { deleteEndedSessions } from "./stores/sessions.js";
import { deleteUnconfirmedBefore } from "./stores/users.js";

/**
 * Rotated refresh tokens are kept this long (for reuse detection: an old token coming back ends its
 * session), then purged like GoTrue's cleanup does; an ended session's tokens go with the session.
 */
export const ROTATED_TOKEN_RETENTION_HOURS = 24;
/** A sign-up nobody confirms is deleted this long after its last code mail. */
export const UNCONFIRMED_SIGNUP_HOURS = 24;

/**
 * Deletes sessions past their lifetime or inactivity limit (their refresh tokens cascade) and
 * rotated refresh tokens older than ROTATED_TOKEN_RETENTION_HOURS. Ended sessions are already
 * refused before this runs.
 */
export async function purgeEndedSessions(ctx: AuthContext): Promise<{ sessions: number; refreshTokens: number }> {
  const now = ctx.clock.now().getTime();
  // A limit of 0 is off: the epoch as cut-off matches no session.
  const before = (seconds: number) => new Date(seconds > 0 ? now - seconds * 1000 : 0);
  const sessions = await deleteEndedSessions(ctx.db, {
    createdBefore: before(ctx.sessionLimits.timeboxSeconds),
    lastUsedBefore: before(ctx.sessionLimits.inactivitySeconds),
  });
  const refreshTokens = await deleteRotatedBefore(ctx.db, before(ROTATED_TOKEN_RETENTION_HOURS * 3600));
  return { sessions, refreshTokens };
}

/**
 * Deletes sign-ups never confirmed, 24 h after the last code mailed for them (sign-up, resend or
 * recovery), so no code of theirs is still live. Such accounts never had a session, so nothing
 * else refers to them (identities and codes go by cascade); the address is free again. Answers
 * how many went.
 */
export async function purgeUnconfirmedSignups(ctx: AuthContext): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - UNCONFIRMED_SIGNUP_HOURS * 3_600_000);
  return deleteUnconfirmedBefore(ctx.db, cutoff);
}

export interface Housekeeping {
  /** Runs one pass now (or waits for the one already running). */
  runNow(): Promise<void>;
  stop(): Promise<void>;
}

export function startAuthHousekeeping(options: {
  intervalMs: number;
  /** One pass; reports how many rows of each kind went. */
  purge: () => Promise<Record<string, number>>;
  logger: Logger;
}): Housekeeping {
  const job = every({
    messages: { done: "auth housekeeping done", failed: "auth housekeeping failed" },
    intervalMs: options.intervalMs,
    // Interval 0 turns housekeeping off entirely, the first pass included.
    runAtStart: options.intervalMs > 0,
    pass: options.purge,
    noteworthy: (report) => Object.values(report).some((n) => n > 0),
    logger: options.logger,
  });
  return {
    async runNow() {
      await job.runNow();
    },
    stop: job.stop,
  };
}
