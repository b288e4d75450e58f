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
import {
  COLOUR_MODES,
  type ColourMode,
  expectShippedFonts,
  expectVisibleFocus,
  modeSuffix,
  PIXEL_EXACT,
  VIEWPORT_HEIGHT,
} from "@veil/test-kit";
import { type AXE_WIDTHS, expectAccessible, expectColourAccessible, expectNoSidewaysScroll } from "./axe.js";
import { type Lang, open, type Screen } from "./screens.js";
import { settleLayout } from "./settle.js";

type AxeWidth = (typeof AXE_WIDTHS)[number];

/**
 * The colour modes (light, dark, forced colors) are @veil/test-kit's, shared with the Storybook
 * suite. The web suite runs the ones named in VEIL_WEB_COLOUR_MODES (default `light`): the dark and
 * forced-colors baselines of the web screens are not written yet (issue #31; the app still pins
 * `data-theme="light"` until its theme switch lands), so `light,dark,forced` is opt-in until they are.
 */
export const WEB_COLOUR_MODES: readonly ColourMode[] = COLOUR_MODES.filter((mode) =>
  (process.env.VEIL_WEB_COLOUR_MODES ?? "light").split(",").includes(mode.name),
);

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
  /**
   * After every capture, walk the page with Tab in each mode with `focus` (dark, forced colors) at
   * the widest width and fail on an element without a visible focus indicator. Focus styles do not
   * depend on the language, so the suite asks for it in one.
   */
  focusCheck?: boolean;
}

/** The screenshot settings of every web capture: pixel-exact, still, no caret. */
const SCREENSHOT = {
  ...PIXEL_EXACT,
  fullPage: true,
  // Two identical captures in a row come first; long pages on a loaded box take a while.
  timeout: 30_000,
} as const;

/** `home.en.375.png`, or `home.en.375.dark.png` in a later colour mode. */
export function screenshotName(screen: Screen, lang: Lang, width: number, mode: ColourMode): string {
  return `${screen.name}.${lang}.${width}${modeSuffix(mode)}.png`;
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
  for (const [m, mode] of WEB_COLOUR_MODES.entries()) {
    // The a11y-only screens (no screenshots) are checked in the first mode only: the later modes
    // are for what the VRT suite covers (issue #31).
    if (m > 0 && !plan.screenshots) break;
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
        const where = `${screen.path} (${lang}, ${mode.name})`;
        // All of axe and the reflow resize in the first mode; the colour rules again in dark (the
        // layout and the markup are the same in every mode; see COLOUR_MODES).
        if (axeWidth && mode.axe === "all") await expectAccessible(page, where, axeWidth);
        else if (axeWidth && mode.axe === "colour") await expectColourAccessible(page, where);
      });
    }
  }
  if (plan.focusCheck) {
    // Last: the Tab walk moves focus (and may fire blur handlers), so no capture follows it.
    const widest = widths[widths.length - 1] ?? first;
    if (page.viewportSize()?.width !== widest) {
      await page.setViewportSize({ width: widest, height: VIEWPORT_HEIGHT });
      if (!reachedByActing) await settleLayout(page);
    }
    for (const mode of WEB_COLOUR_MODES.filter((m) => m.focus)) {
      await page.emulateMedia(mode.media);
      await expectVisibleFocus(page, `${screen.path} (${lang}, ${mode.name}, ${widest} px)`);
    }
  }
}
