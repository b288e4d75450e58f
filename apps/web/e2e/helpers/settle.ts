import { expect, type Page, test } from "@playwright/test";

/**
 * Waiting for the app to come to rest on explicit signals, not on `networkidle` (which always
 * waits 500 ms of network silence, on every page, measured as the largest fixed cost of a
 * screenshot test after the capture itself):
 *
 * - the app's own requests: `trackAppRequests` counts the page's `fetch` calls in flight (every
 *   request of the app and of supabase-js is a fetch), and settling waits until none is pending
 *   and no resource (script chunk, font, image) finished loading for a short quiet stretch, so a
 *   request that a response sets off (SWR: session, then the list) is seen too;
 * - fonts loaded and images decoded;
 * - no finite animation or transition running, and no scroller still gliding.
 */

/** How long nothing may be pending or arrive before the page counts as quiet. */
const QUIET_MS = 150;

/**
 * Counts the page's fetches in flight from its first script on (`window.__veilPendingRequests`).
 * Call before navigating; calling again on the same page does nothing more.
 */
export async function trackAppRequests(page: Page): Promise<void> {
  if (tracked.has(page)) return;
  tracked.add(page);
  await page.addInitScript(() => {
    const w = window as unknown as { __veilPendingRequests?: number; fetch: typeof fetch };
    if (w.__veilPendingRequests !== undefined) return;
    w.__veilPendingRequests = 0;
    const original = w.fetch;
    w.fetch = function trackedFetch(this: unknown, ...args: Parameters<typeof fetch>) {
      w.__veilPendingRequests = (w.__veilPendingRequests ?? 0) + 1;
      const done = () => {
        w.__veilPendingRequests = (w.__veilPendingRequests ?? 1) - 1;
      };
      const response = original.apply(this, args);
      response.then(done, done);
      return response;
    };
  });
}
const tracked = new WeakSet<Page>();

/**
 * Waits until the app has rendered and come to rest: language applied, no app request pending,
 * fonts loaded, and nothing moving, so checks read the page at rest (axe once read a plan button's
 * colours halfway through its hover transition, at 1.02:1).
 */
export async function settle(page: Page): Promise<void> {
  // A named step, so `pnpm test:timings` can tell settling from navigating and capturing.
  await test.step("settle", async () => {
    // Generous: on a loaded 2-core CI box hydration alone has taken several seconds.
    await expect(page.locator("html")).toHaveAttribute("lang", /^(en|ru)$/, { timeout: 20_000 });
    await page.evaluate(waitForQuietRequests, QUIET_MS);
    await page.evaluate(waitForStillLayout);
  });
}

/**
 * After a resize (or a colour-mode switch) of a page that has already settled: fonts, images,
 * animations and scrollers come to rest again. Requests are not waited for: a state that holds one
 * open on purpose (a loading state) stays as it is.
 */
export async function settleLayout(page: Page): Promise<void> {
  await test.step("settle", () => page.evaluate(waitForStillLayout));
}

/**
 * In the page: resolves once no fetch is pending and no resource has finished for `quietMs`.
 * Counted in timer ticks, not read from a clock: the tests fix the page's clock (Date) and a
 * timer tick is what is left to measure by.
 */
async function waitForQuietRequests(quietMs: number): Promise<void> {
  const TICK_MS = 25;
  const pending = () => (window as unknown as { __veilPendingRequests?: number }).__veilPendingRequests ?? 0;
  const arrived = () => performance.getEntriesByType("resource").length;
  let seen = arrived();
  let quietTicks = 0;
  while (quietTicks * TICK_MS < quietMs) {
    await new Promise((resolve) => setTimeout(resolve, TICK_MS));
    const now = arrived();
    quietTicks = pending() > 0 || now !== seen ? 0 : quietTicks + 1;
    seen = now;
  }
}

/** In the page: fonts, images, animations and scrollers at rest. */
async function waitForStillLayout(): Promise<void> {
  // Inter joins the font stack after the first paint (src/browser/fonts-after-paint.ts); until
  // then `fonts.ready` has nothing to wait for. Without scripts it is in the stack from the start.
  // Counted in frames (about 10 s), not read from a clock: the tests may fix the page's clock.
  for (let frames = 0; !document.documentElement.hasAttribute("data-fonts"); frames++) {
    if (matchMedia("(scripting: none)").matches) break;
    if (frames > 600) throw new Error("settle: <html data-fonts> was never set, so Inter never joined the font stack");
    await new Promise(requestAnimationFrame);
  }
  // A layout now, so the faces the attribute brings in start loading before `ready` is read.
  document.body.getBoundingClientRect();
  await document.fonts.ready;
  await Promise.all(
    Array.from(document.images).map((image) => (image.complete ? null : image.decode().catch(() => null))),
  );
  // Two frames first: a layout change under a still mouse updates hover (and starts its
  // transition) on the next frame.
  for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame);
  await Promise.all(
    document
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
      .map((animation) => animation.finished.catch(() => null)),
  );
  // A scroll still gliding (the home carousel snapping to the card a click scrolled into view)
  // is no animation: wait until no scroller moves for three frames in a row (at most 2 s).
  const positions = () =>
    `${Array.from(document.querySelectorAll<HTMLElement>("*"))
      .filter((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight)
      .map((el) => `${el.scrollLeft},${el.scrollTop}`)
      .join("|")}|${window.scrollX},${window.scrollY}`;
  const deadline = performance.now() + 2_000;
  let last = positions();
  let still = 0;
  while (still < 3 && performance.now() < deadline) {
    await new Promise(requestAnimationFrame);
    const now = positions();
    still = now === last ? still + 1 : 0;
    last = now;
  }
}
