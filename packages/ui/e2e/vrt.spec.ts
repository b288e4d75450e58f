import {
  COLOUR_MODES,
  expectPinnedChromium,
  expectScreenshot,
  expectShippedFonts,
  expectVisibleFocus,
  modePasses,
  modeSuffix,
  PIXEL_EXACT,
  VIEWPORT_HEIGHT,
  VIEWPORTS,
} from "@veil/test-kit";
import { componentName, settleStory, stories, test, visit } from "./helpers/storybook.js";

test.beforeEach(({ browser }) => expectPinnedChromium(browser));

const matrices = stories().filter((story) => story.name === "Matrix");

/**
 * Every Matrix story at 375, 768 and 1280 px in each colour mode (light, dark, forced colors;
 * COLOUR_MODES in @veil/test-kit), pixel-exact. One test per story: the story is opened once, at
 * the narrowest width, and the same page is resized through the widths and at each width switched
 * through the modes (`emulateMedia`), forced colors in a second pass (`modePasses`): one browser and
 * one navigation per story.
 * After the captures, in the dark and forced-colors modes, every element Tab reaches must show a
 * visible focus indicator (`expectVisibleFocus`). A new Matrix story joins by itself; it has no
 * baseline until `pnpm vrt:update` writes one.
 */
for (const story of matrices) {
  const component = componentName(story.title);
  const widths = Object.entries(VIEWPORTS);
  test(`${component} Matrix at ${widths.map(([label]) => label).join(", ")} px in ${COLOUR_MODES.map((m) => m.name).join(", ")} looks unchanged and shows focus @vrt`, async ({
    isolatedPage: page,
  }) => {
    // Nine captures and two focus walks, with room for a loaded box (seen: 78 s for three
    // captures at load 40).
    test.setTimeout(240_000);
    for (const [p, modes] of modePasses(COLOUR_MODES).entries()) {
      for (const [i, [label, width]] of widths.entries()) {
        if (p === 0 && i === 0) {
          await page.setViewportSize({ width, height: VIEWPORT_HEIGHT });
          await visit(page, { id: story.id });
        } else {
          if (modes[0]) await page.emulateMedia(modes[0].media);
          await page.setViewportSize({ width, height: VIEWPORT_HEIGHT });
          await settleStory(page);
        }
        // Fonts do not change with the colours: checked once per width.
        if (p === 0) await expectShippedFonts(page);
        // The pass's modes at this width before the next resize: a mode switch restyles, a resize
        // lays out again.
        for (const [m, mode] of modes.entries()) {
          await test.step(`${mode.name}, ${label} px`, async () => {
            if (m > 0) {
              await page.emulateMedia(mode.media);
              await settleStory(page);
            }
            // Soft: a difference at one width must not hide the others.
            await expectScreenshot(
              page.locator(".veil-story-root"),
              `${component}.Matrix.${label}${modeSuffix(mode)}.png`,
              PIXEL_EXACT,
            );
          });
        }
      }
    }
    // After every capture (the walk moves focus), at the widest width the page is left at.
    for (const mode of COLOUR_MODES.filter((m) => m.focus)) {
      await page.emulateMedia(mode.media);
      await expectVisibleFocus(page, `${story.id} (${mode.name})`);
    }
  });
}
