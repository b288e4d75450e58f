import {
  DISABLE_ANIMATIONS_CSS,
  expectPinnedChromium,
  expectShippedFonts,
  VIEWPORT_HEIGHT,
  VIEWPORTS,
} from "@veil/test-kit";
import { componentName, expect, stories, test, visit } from "./helpers/storybook.js";

test.beforeEach(({ browser }) => expectPinnedChromium(browser));

const matrices = stories().filter((story) => story.name === "Matrix");

for (const story of matrices) {
  const component = componentName(story.title);
  for (const [label, width] of Object.entries(VIEWPORTS)) {
    test(`${component} Matrix at ${label} px looks unchanged @vrt`, async ({ isolatedPage: page }) => {
      await page.setViewportSize({ width, height: VIEWPORT_HEIGHT });
      await visit(page, { id: story.id });
      await expectShippedFonts(page);
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
