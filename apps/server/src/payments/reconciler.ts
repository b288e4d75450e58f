import { every, type PeriodicJob } from "../jobs/index.js";
import type { Logger } from "../logger.js";
import type { ReconcileReport } from "./crediting.js";

export type Reconciler = PeriodicJob<ReconcileReport>;

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
  return every({
    messages: { done: "reconcile pass finished", failed: "reconcile pass failed" },
    intervalMs: options.intervalMs,
    runAtStart: options.runAtStart ?? true,
    pass: options.pass,
    noteworthy: (report) => Boolean(report.credited || report.rejected || report.failed || report.abandoned),
    logger: options.logger,
  });
}
