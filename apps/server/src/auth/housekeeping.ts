/**
 * Auth housekeeping: every `intervalMs` (and once at start), sessions past their lifetime or
 * inactivity limit and old rotated refresh tokens are deleted (`AuthService.purgeEndedSessions`),
 * and so are sign-ups nobody confirmed (`AuthService.purgeUnconfirmedSignups`).
 * The checks on refresh and on access tokens do not wait for it: this only keeps the tables small.
 * Runs never overlap; a failed run is logged and retried at the next tick.
 */
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
  const { logger } = options;
  let running: Promise<void> | undefined;
  let stopped = false;

  const runNow = (): Promise<void> => {
    running ??= options
      .purge()
      .then((report) => {
        logger[Object.values(report).some((n) => n > 0) ? "info" : "debug"]({ report }, "auth housekeeping done");
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const safeRun = () => {
    if (stopped) return;
    runNow().catch((err) =>
      logger.error({ err: err instanceof Error ? err.message : String(err) }, "auth housekeeping failed"),
    );
  };

  const timer = options.intervalMs > 0 ? setInterval(safeRun, options.intervalMs) : undefined;
  timer?.unref();
  if (timer) safeRun();

  return {
    runNow,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
