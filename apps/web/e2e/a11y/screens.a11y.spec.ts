import { AXE_WIDTHS } from "../helpers/axe.js";
import { checkScreen } from "../helpers/capture.js";
import { isScreenshotted, LANGS, ROUTES, STATES } from "../helpers/screens.js";
import { test } from "../helpers/world.js";

/**
 * Axe (WCAG 2.0/2.1/2.2 A+AA and best practices) on every screen in en and ru — at 375 px in
 * Russian and 1280 px in English (helpers/axe.ts, `axeWidthFor`) — and reflow from 375 and 1280 px
 * to 320 and 640 px in both. Screens that the @vrt suite screenshots get both checks there, on the
 * page it has already loaded (vrt/screens.vrt.spec.ts); this file covers every other state, each
 * opened once per language at 375 px and then resized to 1280 px (helpers/capture.ts).
 */
for (const screen of [...ROUTES, ...STATES].filter((s) => !isScreenshotted(s))) {
  test.describe(() => {
    test.use({ signedInAs: screen.as ?? null });
    for (const lang of LANGS) {
      test(`${screen.name} (${lang}) has no axe violations and reflows to 320 px @a11y`, async ({ page }) => {
        test.setTimeout(120_000);
        const widths = AXE_WIDTHS.filter((w) => !screen.widths || screen.widths.includes(w));
        await checkScreen(page, { screen, lang, widths, screenshots: false, reflowWidths: AXE_WIDTHS });
      });
    }
  });
}
