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
