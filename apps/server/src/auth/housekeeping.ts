/**
 * Auth housekeeping: every `intervalMs` (and once at start), sessions past their lifetime or
 * inactivity limit and old rotated refresh tokens are deleted (`AuthService.purgeEndedSessions`),
 * and so are sign-ups nobody confirmed (`AuthService.purgeUnconfirmedSignups`).
 * The checks on refresh and on access tokens do not wait for it: this only keeps the tables small.
 * Runs never overlap; a failed run is logged and retried at the next tick.
 */
import { every } from "../jobs/every.js";
import type { Logger } from "../logger.js";

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
