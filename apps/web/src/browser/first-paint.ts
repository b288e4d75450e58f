/** What of a window this needs (a test passes a stand-in). */
export type PaintingWindow = Pick<Window, "requestAnimationFrame" | "setTimeout"> & {
  PerformanceObserver?: typeof PerformanceObserver;
};

/**
 * Runs `then` once the page has shown its first contentful paint: when the browser delivers the
 * `first-contentful-paint` entry (after the frame was presented; an earlier one is delivered too).
 * Where the browser reports no paint entries, in a task after the next frame. A hidden tab paints
 * nothing, so it waits until the tab is shown.
 *
 * Work that waits for it stays off the path to the largest paint: Lighthouse's simulation counts
 * every request that ended before that paint as part of LCP, and on a fast visit the load event
 * comes before the first paint (BENCHMARKS.md, "Inter after the first paint").
 */
export function afterFirstPaint(then: () => void, view: PaintingWindow = window): void {
  if (view.PerformanceObserver?.supportedEntryTypes?.includes("paint")) {
    // Buffered: a paint before this call is delivered too. Read from the observer's own list, not
    // `performance.getEntriesByName`, which a page's clock stand-in may replace (Playwright's does).
    const observer = new view.PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      then();
    });
    observer.observe({ type: "paint", buffered: true });
    return;
  }
  afterNextFrame(then, view);
}

/**
 * Runs `then` in a task after the next frame, so what the current task changed is on screen before
 * it runs (a task queued from a frame callback runs after that frame). A hidden tab draws no frames:
 * it runs once the tab is shown.
 */
export function afterNextFrame(
  then: () => void,
  view: Pick<Window, "requestAnimationFrame" | "setTimeout"> = window,
): void {
  view.requestAnimationFrame(() => view.setTimeout(then, 0));
}
