/**
 * One page load, every width: the @vrt and @a11y screen suites open a route once per language and
 * then resize the same page through the widths, capturing and checking at each — instead of one
 * navigation (and one browser, one context, one settle) per width. A state (a screen with `act`)
 * is reached again at each width on the same page, as a user at that width would reach it. See
 * vrt/screens.vrt.spec.ts for how to add a screen.
 *
 * The order of work on a page is fixed (modes in order; widths ascending; at an axe width first the
 * screenshot, then the fonts check, then axe and the reflow resize), so a capture always follows
 * the same history on its page and renders the same run after run.
 */
import { expect, type Page, test } from "@playwright/test";
import { DISABLE_ANIMATIONS_CSS, expectShippedFonts, VIEWPORT_HEIGHT } from "@veil/test-kit";
import { type AXE_WIDTHS, expectAccessible, expectNoSidewaysScroll } from "./axe.js";
import { type Lang, open, type Screen } from "./screens.js";
import { settleLayout } from "./settle.js";

type AxeWidth = (typeof AXE_WIDTHS)[number];

/**
 * A colour mode the screens are looked at in, applied to the loaded page with `emulateMedia` (no
 * reload). The first mode's screenshots carry no suffix (`home.en.375.png`), every other mode's
 * its name (`home.en.375.dark.png`), so adding a mode adds baselines and renames none.
 * To add one: append it here, e.g. `{ name: "dark", media: { colorScheme: "dark" } }` or
 * `{ name: "forced-colors", media: { forcedColors: "active" } }`, then `pnpm vrt:update`.
 */
export interface ColourMode {
  name: string;
  media: Parameters<Page["emulateMedia"]>[0];
}
export const COLOUR_MODES: readonly ColourMode[] = [{ name: "light", media: { colorScheme: "light" } }];

/** What to do with a screen in one language. */
export interface ScreenPlan {
  screen: Screen;
  lang: Lang;
  /** Widths to look at, ascending; the page is opened at the first. */
  widths: readonly number[];
  /** Compare full-page screenshots at every width (else only the checks below run). */
  screenshots: boolean;
  /** Widths (of `widths`) at which axe and the reflow check run. */
  axeWidths: readonly AxeWidth[];
}

/** The screenshot settings of every web capture: pixel-exact, still, no caret. */
const SCREENSHOT = {
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
} as const;

/** `home.en.375.png`, or `home.en.375.dark.png` in a later colour mode. */
export function screenshotName(screen: Screen, lang: Lang, width: number, mode: ColourMode): string {
  const suffix = mode === COLOUR_MODES[0] ? "" : `.${mode.name}`;
  return `${screen.name}.${lang}.${width}${suffix}.png`;
}

/**
 * Opens `plan.screen` in `plan.lang` once, at the first width, then for each colour mode and each
 * width: resizes, lets the layout settle, compares the screenshot, checks the fonts, and at an axe
 * width runs axe and the reflow check. Screenshot differences are soft (the other widths still
 * run and report); an accessibility failure stops the test.
 */
export async function checkScreen(page: Page, plan: ScreenPlan): Promise<void> {
  const { screen, lang, widths } = plan;
  const first = widths[0];
  if (first === undefined) throw new Error(`${screen.name}: no widths`);
  const reachedByActing = screen.act !== undefined;
  await page.setViewportSize({ width: first, height: VIEWPORT_HEIGHT });
  await open(page, screen, lang);
  for (const [m, mode] of COLOUR_MODES.entries()) {
    if (m > 0) await page.emulateMedia(mode.media);
    for (const [w, width] of widths.entries()) {
      await test.step(`${mode.name}, ${width} px`, async () => {
        // Back to this width: the previous one, or the reflow check's narrow width after axe.
        if (w > 0 || m > 0 || page.viewportSize()?.width !== width) {
          await page.setViewportSize({ width, height: VIEWPORT_HEIGHT });
          // A state is reached again at each width, as a user at that width reaches it: where the
          // pointer rests after a click and where the page scrolled to both depend on the width
          // (resized instead, a hovered table row and a different scroll position showed).
          if (reachedByActing) await open(page, screen, lang);
          else await settleLayout(page);
        }
        if (plan.screenshots) {
          // A modal dialog is fixed to the viewport, and the page behind it stays where the click
          // that opened it scrolled it, a few rows apart from run to run: shoot it from the top.
          if (await page.getByRole("dialog").first().isVisible()) {
            await page.evaluate(() => window.scrollTo(0, 0));
            await settleLayout(page);
          }
          await expect.soft(page).toHaveScreenshot([screenshotName(screen, lang, width, mode)], SCREENSHOT);
          // Every text in the capture used a shipped font (after the capture, so the page is shot
          // in the same state as always; a font failure also explains a pixel diff).
          await expectShippedFonts(page);
          // Reflow at the captured width itself, on every capture (a long address once widened
          // three screens that every gate had passed: docs/product.md §2.14).
          await expectNoSidewaysScroll(page, `${screen.name} (${lang}, ${mode.name})`);
        }
        const axeWidth = plan.axeWidths.find((a) => a === width);
        if (axeWidth) await expectAccessible(page, `${screen.path} (${lang}, ${mode.name})`, axeWidth);
      });
    }
  }
}
