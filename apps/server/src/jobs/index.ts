import type { Logger } from "../logger.js";

export interface PeriodicJob<T> {
  /** Runs one pass now (waiting for a pass already running instead of overlapping it). */
  runNow(): Promise<T>;
  stop(): Promise<void>;
}

/**
 * Runs `pass` every `intervalMs` (0: only on demand) and, with `runAtStart`, once right away.
 * Passes never overlap; each report is logged with `messages.done` (at info when `noteworthy` says
 * so, else debug), and a failed pass is logged with `messages.failed` and retried at the next tick.
 * The messages are kept per job because operators and tests search the log for them.
 */
export function every<T>(options: {
  messages: { done: string; failed: string };
  intervalMs: number;
  runAtStart: boolean;
  pass: () => Promise<T>;
  noteworthy: (report: T) => boolean;
  logger: Logger;
}): PeriodicJob<T> {
  const { logger, messages } = options;
  let running: Promise<T> | undefined;
  let stopped = false;

  const runNow = (): Promise<T> => {
    running ??= options
      .pass()
      .then((report) => {
        logger[options.noteworthy(report) ? "info" : "debug"]({ report }, messages.done);
        return report;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const safeRun = () => {
    if (stopped) return;
    runNow().catch((err) => logger.error({ err: err instanceof Error ? err.message : String(err) }, messages.failed));
  };

  const timer = options.intervalMs > 0 ? setInterval(safeRun, options.intervalMs) : undefined;
  timer?.unref();
  if (options.runAtStart) safeRun();

  return {
    runNow,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
