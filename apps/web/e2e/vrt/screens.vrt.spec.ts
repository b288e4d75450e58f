import type { Browser, Page } from "@playwright/test";

import { expectPinnedChromium, freshRasterBrowser, VIEWPORT_HEIGHT, VIEWPORTS } from "@veil/test-kit";
import { AXE_WIDTHS } from "../helpers/axe.js";
import { checkScreen } from "../helpers/capture.js";
import { LANGS, ROUTES, type Screen, STATES } from "../helpers/screens.js";
import { FIXED_NOW, test as worldTest } from "../helpers/world.js";

/**
 * Full-page screenshots of every route (en, ru × 375, 768, 1280 px) and of the key states (en, ru
 * × 375, 1280 px) on the seeded, clock-frozen server, compared pixel for pixel; the same page also
 * gets the @a11y checks: reflow from 375 and 1280 px to 320 and 640 px, and axe at 375 px in
 * Russian and 1280 px in English (helpers/axe.ts, `axeWidthFor`). One test per screen
 * and language: the screen is opened once and the page resized through the widths
 * (helpers/capture.ts), so one navigation serves every width and both gates. Same stability rules
 * as the @veil/ui Matrix suite: Debian's Chromium at a pinned major, a fresh browser per test,
 * deterministic rasterisation, deviceScaleFactor 1, en-US/UTC, reduced motion, bundled fonts
 * awaited, animations and carets off. Nothing is masked: every date, count and countdown on these
 * screens is fixed by the seeded data and the frozen clocks.
 *
 * How to add a screen or state (helpers/screens.ts is the one list every gate reads):
 * - a route: add `{ name, path }` (and `as: "paid"` etc. when signed in) to ROUTES — it is
 *   screenshotted at 375, 768 and 1280 px in both languages;
 * - a state: add `{ name, path, act, screenshot: true }` to STATES (`act` brings the loaded page
 *   into the state as a user would); `widths: [375]` limits it to some widths, `captureWidths`
 *   replaces them (the long-value screens: 320 and 375 px). A state without
 *   `screenshot: true` gets axe and reflow only (a11y/screens.a11y.spec.ts);
 * - then `E2E_WEB_PORT=… pnpm vrt:update`, look at the new PNGs, commit them on their own.
 * The state must survive a resize (it is reached at the first width, then the page is resized);
 * one that does not (a menu that only exists at some widths) is given `widths` of its own.
 *
 * `isolatedPage`: a page in a browser of its own (text rasterisation depends on what the browser
 * drew before; measured in the @veil/ui suite), signed in when the screen needs it.
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

const STATE_WIDTHS: readonly number[] = [VIEWPORTS[375], VIEWPORTS[1280]];

const shots: { screen: Screen; widths: readonly number[] }[] = [
  ...ROUTES.map((screen) => ({ screen, widths: Object.values(VIEWPORTS) })),
  ...STATES.filter((s) => s.screenshot).map((screen) => ({
    screen,
    widths: screen.captureWidths ?? STATE_WIDTHS.filter((w) => !screen.widths || screen.widths.includes(w)),
  })),
];

for (const { screen, widths } of shots) {
  test.describe(() => {
    test.use({ signedInAs: screen.as ?? null });
    for (const lang of LANGS) {
      test(`${screen.name} (${lang}) at ${widths.join(", ")} px looks unchanged, passes axe and reflows @vrt @a11y`, async ({
        isolatedPage: page,
      }) => {
        // Up to three captures, an axe run and two reflow checks on a loaded box.
        test.setTimeout(180_000);
        await checkScreen(page, {
          screen,
          lang,
          widths,
          screenshots: true,
          reflowWidths: AXE_WIDTHS,
          focusCheck: lang === LANGS[0],
        });
      });
    }
  });
}
