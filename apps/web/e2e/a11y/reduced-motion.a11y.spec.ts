import type { Page } from "@playwright/test";
import { open, ROUTES, type Screen, STATES, settle } from "../helpers/screens.js";
import { expect, test } from "../helpers/world.js";

/** Every animation and transition on the page (reading them brings the style up to date first). */
const animationsOnPage = (page: Page) =>
  page.evaluate(() =>
    document.getAnimations().map((a) => {
      const target = (a.effect as KeyframeEffect | null)?.target as Element | null;
      return {
        name:
          a instanceof CSSTransition
            ? `transition of ${a.transitionProperty}`
            : ((a as CSSAnimation).animationName ?? a.constructor.name),
        running: a.playState === "running",
        duration: Number(a.effect?.getComputedTiming().duration ?? 0),
        on: target?.className?.toString().slice(0, 60) ?? "",
      };
    }),
  );

/** Animations that are still running and long enough to be seen. */
const runningAnimations = async (page: Page) =>
  (await animationsOnPage(page))
    .filter((a) => a.running && a.duration > 1)
    .map(({ name, duration, on }) => ({ name, duration, on }));

/** The CSS transitions on the page, named with their property and element. */
const transitionsStarted = async (page: Page) =>
  (await animationsOnPage(page))
    .filter((a) => a.name.startsWith("transition of "))
    .map((a) => `${a.name} on "${a.on}"`);

test.describe("prefers-reduced-motion: reduce", () => {
  test.use({ reducedMotion: "reduce" });

  test("a FAQ hash jumps straight to the entry, with no smooth scroll @a11y", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/faq#q8");
    await settle(page);
    await expect(page.locator("#q8")).toBeInViewport();
    // Smooth scrolling would still be moving here; a jump has already landed.
    const first = await page.evaluate(() => window.scrollY);
    await page.waitForTimeout(100);
    expect(await page.evaluate(() => window.scrollY)).toBe(first);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).not.toBe("smooth");
  });

  test("a change of colour scheme starts no transition, not even an instant one @a11y", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, ROUTES.find((s) => s.name === "home") as Screen, "en");
    // The palette follows the system: every coloured element changes at once. Before, each got a
    // 0.01 ms transition (about 500 on this page), which the browser still had to start and finish.
    for (const colorScheme of ["dark", "light"] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await transitionsStarted(page), `switching to ${colorScheme}`).toEqual([]);
    }
  });

  for (const name of ["home", "home.action-unavailable", "home.language-menu"]) {
    test(`${name}: nothing animates @a11y`, async ({ page }) => {
      const screen = [...ROUTES, ...STATES].find((s) => s.name === name) as Screen;
      await page.setViewportSize({ width: 375, height: 800 });
      await open(page, screen, "en");
      expect(await runningAnimations(page)).toEqual([]);
    });
  }
});
