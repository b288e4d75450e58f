import type { Logger } from "pino";
import type { ReconcileReport } from "./service.js";

export interface Reconciler {
  /** Runs one pass now (waiting for a pass already running instead of overlapping it). */
  runNow(): Promise<ReconcileReport>;
  stop(): Promise<void>;
}

/**
 * Runs `pass` once at start (so a restart after a crash settles what the crash left pending) and
 * then every `intervalMs`; `intervalMs` 0 means only on demand. Passes never overlap.
 */
export function startReconciler(options: {
  intervalMs: number;
  pass: () => Promise<ReconcileReport>;
  logger: Logger;
  runAtStart?: boolean;
}): Reconciler {
  const { logger } = options;
  let running: Promise<ReconcileReport> | undefined;
  let stopped = false;

  const runNow = (): Promise<ReconcileReport> => {
    if (running) return running;
    running = options
      .pass()
      .then((report) => {
        const level = report.credited || report.rejected || report.failed || report.abandoned ? "info" : "debug";
        logger[level]({ report }, "reconcile pass finished");
        return report;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const safeRun = () => {
    if (stopped) return;
    runNow().catch((err) =>
      logger.error({ err: err instanceof Error ? err.message : String(err) }, "reconcile pass failed"),
    );
  };

  const timer = options.intervalMs > 0 ? setInterval(safeRun, options.intervalMs) : undefined;
  timer?.unref();
  if (options.runAtStart ?? true) safeRun();

  return {
    runNow,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
