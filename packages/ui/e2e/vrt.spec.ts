import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  componentName,
  DISABLE_ANIMATIONS_CSS,
  expect,
  stories,
  test,
  VIEWPORT_HEIGHT,
  VIEWPORTS,
  visit,
} from "./helpers/storybook.js";

/**
 * Baselines were taken with this Chromium major version. A different major renders text and
 * shadows slightly differently, so the suite stops with a clear message instead of a wall of
 * diffs; re-baselining is a deliberate step (`pnpm vrt:update`, then update this file).
 */
const pinned = JSON.parse(
  readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "vrt-browser.json"), "utf8"),
) as { chromiumMajor: number };

test.beforeEach(({ browser }) => {
  const major = Number(browser.version().split(".")[0]);
  expect(
    major,
    `VRT baselines were made with Chromium ${pinned.chromiumMajor}; this is ${browser.version()}. Re-baseline with pnpm vrt:update and update e2e/vrt-browser.json.`,
  ).toBe(pinned.chromiumMajor);
});

const matrices = stories().filter((story) => story.name === "Matrix");

for (const story of matrices) {
  const component = componentName(story.title);
  for (const [label, width] of Object.entries(VIEWPORTS)) {
    test(`${component} Matrix at ${label} px looks unchanged @vrt`, async ({ isolatedPage: page }) => {
      await page.setViewportSize({ width, height: VIEWPORT_HEIGHT });
      await visit(page, { id: story.id });
      await expect(page.locator(".veil-story-root")).toHaveScreenshot([`${component}.Matrix.${label}.png`], {
        animations: "disabled",
        caret: "hide",
        scale: "css",
        stylePath: DISABLE_ANIMATIONS_CSS,
        // Pixel-exact: renders here are byte-identical run to run, and Playwright's default
        // per-pixel threshold (0.2) let a whole new card border and skeleton colour pass unnoticed.
        threshold: 0,
        maxDiffPixels: 0,
      });
    });
  }
}
