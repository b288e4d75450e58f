import {
  DISABLE_ANIMATIONS_CSS,
  expectPinnedChromium,
  expectShippedFonts,
  VIEWPORT_HEIGHT,
  VIEWPORTS,
} from "@veil/test-kit";
import { componentName, expect, settleStory, stories, test, visit } from "./helpers/storybook.js";

test.beforeEach(({ browser }) => expectPinnedChromium(browser));

const matrices = stories().filter((story) => story.name === "Matrix");

/**
 * Every Matrix story at 375, 768 and 1280 px, pixel-exact. One test per story: the story is opened
 * once, at the narrowest width, and the page resized through the others (one browser, one
 * navigation and one render instead of one per width). A new Matrix story joins by itself; it has
 * no baseline until `pnpm vrt:update` writes one.
 */
for (const story of matrices) {
  const component = componentName(story.title);
  const widths = Object.entries(VIEWPORTS);
  test(`${component} Matrix at ${widths.map(([label]) => label).join(", ")} px looks unchanged @vrt`, async ({
    isolatedPage: page,
  }) => {
    // Three captures, each with the default budget of the one capture a test used to take, and
    // room for a loaded box (seen: 78 s for three captures at load 40).
    test.setTimeout(120_000);
    for (const [i, [label, width]] of widths.entries()) {
      await test.step(`${label} px`, async () => {
        await page.setViewportSize({ width, height: VIEWPORT_HEIGHT });
        if (i === 0) await visit(page, { id: story.id });
        else await settleStory(page);
        await expectShippedFonts(page);
        // Soft: a difference at one width must not hide the others.
        await expect.soft(page.locator(".veil-story-root")).toHaveScreenshot([`${component}.Matrix.${label}.png`], {
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
  });
}
