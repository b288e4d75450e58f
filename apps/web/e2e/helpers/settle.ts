import { expect, type Page } from "@playwright/test";

/**
 * Waits for the app to render and settle: language applied, requests done, fonts loaded, and no
 * transition or finite animation still running, so checks read the page at rest (axe once read a
 * plan button's colours halfway through its hover transition, at 1.02:1).
 */
export async function settle(page: Page): Promise<void> {
  // Generous: on a loaded 2-core CI box hydration alone has taken several seconds.
  await expect(page.locator("html")).toHaveAttribute("lang", /^(en|ru)$/, { timeout: 20_000 });
  await page.waitForLoadState("networkidle");
  await page.evaluate(async () => {
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
  });
}
