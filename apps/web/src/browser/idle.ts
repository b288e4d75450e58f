/**
 * Work a page does on its own, ahead of the visitor: when the browser is idle, and not for a
 * visitor who asked to save data.
 */

/** Whether the visitor asked to save data (a browser's or the phone's data saver). */
export function savesData(): boolean {
  return Boolean((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData);
}

/**
 * Runs `then` when the browser is idle (at the latest after `timeout` ms), or after half a second
 * where it cannot tell (Safari has no idle callback). Returns a function that calls it off.
 */
export function whenIdle(then: () => void, timeout = 3_000): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const idle = window.requestIdleCallback(() => then(), { timeout });
    return () => window.cancelIdleCallback(idle);
  }
  const timer = setTimeout(then, 500);
  return () => clearTimeout(timer);
}

/** How long one idle task may run over a list before it leaves the rest to the next (ms). */
const SLICE_MS = 4;

/**
 * Calls `each` on every item when the browser is idle, a few at a time: each idle task stops after
 * `SLICE_MS` (one item at least) and leaves the rest to the next one, so a long list never makes
 * one long task (issue #30: the 30 prefetch links of /login, appended in one idle callback, were a
 * 46 ms task on this machine, four times that at Lighthouse's phone speed). Returns a function that
 * calls the rest off.
 */
export function whenIdleEach<T>(items: readonly T[], each: (item: T) => void): () => void {
  let next = 0;
  let stopped = false;
  let cancel = () => {};
  const slice = () => {
    const started = performance.now();
    do each(items[next++] as T);
    while (!stopped && next < items.length && performance.now() - started < SLICE_MS);
    if (!stopped && next < items.length) cancel = whenIdle(slice);
  };
  if (items.length > 0) cancel = whenIdle(slice);
  return () => {
    stopped = true;
    cancel();
  };
}
