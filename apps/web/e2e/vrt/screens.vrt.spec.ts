import type { Browser, Page } from "@playwright/test";

import {
  DISABLE_ANIMATIONS_CSS,
  expectPinnedChromium,
  expectShippedFonts,
  freshRasterBrowser,
  VIEWPORT_HEIGHT,
  VIEWPORTS,
} from "@veil/test-kit";
import { AXE_WIDTHS, expectAccessible } from "../helpers/axe.js";
import { LANGS, open, ROUTES, type Screen, STATES } from "../helpers/screens.js";
import { expect, FIXED_NOW, test as worldTest } from "../helpers/world.js";

/**
 * Full-page screenshots of every route (en, ru × 375, 768, 1280 px) and of the key states (en, ru
 * × 375, 1280 px) on the seeded, clock-frozen server, compared pixel for pixel. At 375 and 1280 px
 * the same page then gets the @a11y checks (axe, reflow), so one page load serves both gates. Same stability rules
 * as the @veil/ui Matrix suite: Debian's Chromium at a pinned major, a fresh browser per capture,
 * deterministic rasterisation, deviceScaleFactor 1, en-US/UTC, reduced motion, bundled fonts
 * awaited, animations and carets off. Nothing is masked: every date, count and countdown on these
 * screens is fixed by the seeded data and the frozen clocks.
 *
 * `isolatedPage`: a page in a browser of its own (text rasterisation depends on what the browser drew before;
 * measured in the @veil/ui suite), signed in when the screen needs it.
 */
const test = worldTest.extend<{ rasterBrowser: Browser; isolatedPage: Page }>({
  rasterBrowser: freshRasterBrowser,
  isolatedPage: async ({ rasterBrowser: browser, world, signedInAs }, use) => {
    expectPinnedChromium(browser);
    const context = await browser.newContext({
      baseURL: world.url,
      viewport: { width: 1280, height: VIEWPORT_HEIGHT },
      deviceScaleFactor: 1,
      locale: "en-US",
      timezoneId: "UTC",
      colorScheme: "light",
      reducedMotion: "reduce",
      ...(signedInAs ? { storageState: await world.storageStateOf(signedInAs) } : {}),
    });
    const page = await context.newPage();
    await page.clock.setFixedTime(FIXED_NOW);
    await use(page);
    await context.close();
  },
});

const STATE_WIDTHS = [VIEWPORTS[375], VIEWPORTS[1280]];

const shots: { screen: Screen; widths: readonly number[] }[] = [
  ...ROUTES.map((screen) => ({ screen, widths: Object.values(VIEWPORTS) })),
  ...STATES.filter((s) => s.screenshot).map((screen) => ({
    screen,
    widths: STATE_WIDTHS.filter((w) => !screen.widths || screen.widths.includes(w)),
  })),
];

for (const { screen, widths } of shots) {
  test.describe(() => {
    test.use({ signedInAs: screen.as ?? null });
    for (const lang of LANGS) {
      for (const width of widths) {
        const axeWidth = AXE_WIDTHS.find((w) => w === width);
        const title = axeWidth
          ? `${screen.name} (${lang}) at ${width} px looks unchanged, passes axe and reflows @vrt @a11y`
          : `${screen.name} (${lang}) at ${width} px looks unchanged @vrt`;
        test(title, async ({ isolatedPage: page }) => {
          test.setTimeout(90_000);
          await page.setViewportSize({ width, height: VIEWPORT_HEIGHT });
          await open(page, screen, lang);
          // Soft: a pixel change must not hide an accessibility failure on the same page.
          await expect.soft(page).toHaveScreenshot([`${screen.name}.${lang}.${width}.png`], {
            fullPage: true,
            animations: "disabled",
            caret: "hide",
            scale: "css",
            stylePath: DISABLE_ANIMATIONS_CSS,
            // Pixel-exact, as in the @veil/ui suite: renders here are identical run to run.
            threshold: 0,
            maxDiffPixels: 0,
            // Two identical captures in a row come first; long pages on a loaded box take a while.
            timeout: 30_000,
          });
          // Every text in the capture used a shipped font (after the capture, so the page is shot at
          // the same moment after `open` as always; a font failure also explains a pixel diff).
          await expectShippedFonts(page);
          // The @a11y gate on the page already loaded (see a11y/screens.a11y.spec.ts).
          if (axeWidth) await expectAccessible(page, screen.path, axeWidth);
        });
      }
    }
  });
}
