import type { Page } from "@playwright/test";
import { expect, test, visit } from "../helpers/storybook.js";

/**
 * The page behind a modal dialog must not scroll (docs/product.md §2.6 and §2.9: "Page scrolling is locked while this
 * dialog is open"), by wheel, touch or keys, and stacked dialogs unlock only when the last closes. jsdom
 * can only see the lock attribute; this suite checks real scrolling in Chromium on the
 * Dialog/ScrollLock story (a long page with the trigger in a sticky bar).
 */
const STORY = "components-dialog--scroll-lock";
const START_Y = 400;

// Touch input needs a touch-capable context.
test.use({ hasTouch: true });

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/**
 * A finger dragged 480 px upwards (which scrolls the page down), sent as raw touch events through
 * the DevTools protocol: Playwright itself can only tap. Chromium turns them into a real touch
 * scroll (checked by the control test).
 */
async function swipeUp(page: Page, x: number, fromY: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y: fromY }] });
  for (let y = fromY - 20; y >= fromY - 480; y -= 20) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y }] });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

/**
 * Tries every way of scrolling the page a user has: wheel and touch over the overlay and over the
 * panel, and keys.
 */
async function tryToScroll(page: Page) {
  const viewport = page.viewportSize() ?? { width: 1280, height: 900 };
  await page.mouse.move(40, viewport.height - 40); // over the overlay, away from the panel
  await page.mouse.wheel(0, 600);
  await page.mouse.move(viewport.width / 2, viewport.height / 2); // over the panel
  await page.mouse.wheel(0, 600);
  await swipeUp(page, 40, viewport.height - 40);
  await swipeUp(page, viewport.width / 2, viewport.height / 2 + 200);
  await page.keyboard.press("PageDown");
  await page.keyboard.press("End");
  // Scrolling is asynchronous (smooth scrolling, wheel handling): give it frames to happen.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 150)))),
  );
}

test.beforeEach(async ({ page }) => {
  await visit(page, { id: STORY });
  await page.evaluate((y) => window.scrollTo(0, y), START_Y);
  await expect.poll(() => scrollY(page)).toBe(START_Y);
});

test("the page scrolls when no dialog is open (control) @kbd", async ({ page }) => {
  await tryToScroll(page);
  expect(await scrollY(page)).toBeGreaterThan(START_Y);
});

test("a swipe alone scrolls the page when no dialog is open (control for touch) @kbd", async ({ page }) => {
  await swipeUp(page, 200, 800);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(START_Y);
});

test("wheel, touch and keys leave the page where it was while a dialog is open @kbd", async ({ page }) => {
  await page.getByRole("button", { name: "Open dialog" }).click();
  await expect(page.getByRole("dialog", { name: "Page is locked" })).toBeVisible();
  await tryToScroll(page);
  expect(await scrollY(page)).toBe(START_Y);
  // A swipe that starts on the overlay is a scroll attempt, not a click outside.
  await expect(page.getByRole("dialog", { name: "Page is locked" })).toBeVisible();
});

test("Escape closes the dialog, returns focus and releases the lock @kbd", async ({ page }) => {
  const trigger = page.getByRole("button", { name: "Open dialog" });
  await trigger.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Page is locked" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(trigger).toBeFocused();
  await tryToScroll(page);
  expect(await scrollY(page)).toBeGreaterThan(START_Y);
});

test("Tab keeps focus inside the open dialog @kbd", async ({ page }) => {
  await page.getByRole("button", { name: "Open dialog" }).click();
  const dialog = page.getByRole("dialog", { name: "Page is locked" });
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
});

test("stacked dialogs keep the page locked until the last one closes @kbd", async ({ page }) => {
  await page.getByRole("button", { name: "Open dialog" }).click();
  await page.getByRole("button", { name: "Open second dialog" }).click();
  await expect(page.getByRole("dialog", { name: "Second dialog" })).toBeVisible();

  await page.getByRole("button", { name: "Close second dialog" }).click();
  await expect(page.getByRole("dialog", { name: "Second dialog" })).toHaveCount(0);
  await expect(page.getByRole("dialog", { name: "Page is locked" })).toBeVisible();
  await tryToScroll(page);
  expect(await scrollY(page), "page scrolled after only the top dialog closed").toBe(START_Y);
  await expect(page.getByRole("dialog", { name: "Page is locked" })).toBeVisible();

  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await tryToScroll(page);
  expect(await scrollY(page), "page still locked after the last dialog closed").toBeGreaterThan(START_Y);
});
