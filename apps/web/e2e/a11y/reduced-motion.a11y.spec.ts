import type { Page } from "@playwright/test";
import { open, ROUTES, type Screen, STATES, settle } from "../helpers/screens.js";
import { expect, test } from "../helpers/world.js";

/** Animations that are still running and long enough to be seen. */
const runningAnimations = (page: Page) =>
  page.evaluate(() =>
    document
      .getAnimations()
      .filter((a) => a.playState === "running")
      .map((a) => {
        const timing = a.effect?.getComputedTiming();
        const target = (a.effect as KeyframeEffect | null)?.target as Element | null;
        return {
          name: (a as CSSAnimation).animationName ?? a.constructor.name,
          duration: Number(timing?.duration ?? 0),
          on: target?.className?.toString().slice(0, 60) ?? "",
        };
      })
      .filter((a) => a.duration > 1),
  );

/** The CSS transitions on the page (reading them brings the style up to date first), named. */
const transitionsStarted = (page: Page) =>
  page.evaluate(() =>
    document
      .getAnimations()
      .filter((a) => a instanceof CSSTransition)
      .map((a) => {
        const target = (a.effect as KeyframeEffect | null)?.target as Element | null;
        return `${(a as CSSTransition).transitionProperty} on <${target?.tagName.toLowerCase()} class="${target?.className?.toString().slice(0, 40)}">`;
      }),
  );

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
