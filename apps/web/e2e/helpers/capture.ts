/**
 * One page load, every width: the @vrt and @a11y screen suites open a route once per language and
 * then resize the same page through the widths, capturing and checking at each — instead of one
 * navigation (and one browser, one context, one settle) per width. A state (a screen with `act`)
 * is reached again at each width on the same page, as a user at that width would reach it. See
 * vrt/screens.vrt.spec.ts for how to add a screen.
 *
 * The order of work on a page is fixed (light and dark in one pass over the widths, forced colors
 * in a second: `modePasses`; widths ascending; at each width the pass's modes in order, each with
 * its screenshot, in the first mode the fonts check, then axe where it reads this language; last
 * at a gate width the reflow resize), so a capture always follows the same history on its page and
 * renders the same run after run.
 */
import { type Page, test } from "@playwright/test";
import {
  COLOUR_MODES,
  type ColourMode,
  expectScreenshot,
  expectShippedFonts,
  expectVisibleFocus,
  modePasses,
  modeSuffix,
  PIXEL_EXACT,
  VIEWPORT_HEIGHT,
} from "@veil/test-kit";
import {
  type AxeWidth,
  axeWidthFor,
  expectAccessible,
  expectColourAccessible,
  expectNoSidewaysScroll,
  expectReflow,
} from "./axe.js";
import { type Lang, open, type Screen } from "./screens.js";
import { settleLayout } from "./settle.js";

/**
 * The colour modes (light, dark, forced colors) are @veil/test-kit's, shared with the Storybook
 * suite. The web suite runs all three (issue #31); VEIL_WEB_COLOUR_MODES (e.g. `light`) narrows a
 * local run to the ones it names. With no theme chosen the app follows `prefers-color-scheme`, so the
 * emulated dark mode shows its dark palette.
 */
export const WEB_COLOUR_MODES: readonly ColourMode[] = COLOUR_MODES.filter((mode) =>
  (process.env.VEIL_WEB_COLOUR_MODES ?? "light,dark,forced").split(",").includes(mode.name),
);

/** Makes the focused text field read-only (true) or editable again (false); whether there was one. */
const caretless = (page: Page, on: boolean) =>
  page.evaluate((readOnly) => {
    const field = document.activeElement;
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return false;
    field.readOnly = readOnly;
    return true;
  }, on);

/** What to do with a screen in one language. */
export interface ScreenPlan {
  screen: Screen;
  lang: Lang;
  /** Widths to look at, ascending; the page is opened at the first. */
  widths: readonly number[];
  /** Compare full-page screenshots at every width (else only the checks below run). */
  screenshots: boolean;
  /**
   * Widths (of `widths`) from which the reflow check runs (375 → 320 px, 1280 → 640 px). Axe runs
   * at one of them, chosen by language (`axeWidthFor`), in every colour mode that has axe.
   */
  reflowWidths: readonly AxeWidth[];
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
 * Opens `plan.screen` in `plan.lang` once, at the first width, then in each pass of colour modes
 * (`modePasses`) for each width: resizes (a state is reached again), and for each of the pass's
 * modes switches to it, compares the screenshot, at the language's axe width runs axe; fonts and
 * sideways scroll are checked in the first mode, and at a gate width the reflow check runs last.
 * Screenshot differences are soft (the other widths still run and report); an accessibility
 * failure stops the test.
 */
export async function checkScreen(page: Page, plan: ScreenPlan): Promise<void> {
  const { screen, lang, widths } = plan;
  const first = widths[0];
  if (first === undefined) throw new Error(`${screen.name}: no widths`);
  const reachedByActing = screen.act !== undefined;
  const axeWidth = axeWidthFor(lang, widths);
  await page.setViewportSize({ width: first, height: VIEWPORT_HEIGHT });
  await open(page, screen, lang);
  // The a11y-only screens (no screenshots) are checked in the first mode only: the later modes
  // are for what the VRT suite covers (issue #31).
  const passes = modePasses(plan.screenshots ? WEB_COLOUR_MODES : WEB_COLOUR_MODES.slice(0, 1));
  for (const [p, modes] of passes.entries()) {
    for (const [w, width] of widths.entries()) {
      // Back to this width: the previous one, the reflow check's narrow width, or a new pass.
      if (p > 0 || w > 0 || page.viewportSize()?.width !== width) {
        if (modes[0]) await page.emulateMedia(modes[0].media);
        await page.setViewportSize({ width, height: VIEWPORT_HEIGHT });
        // A state is reached again at each width, as a user at that width reaches it: where the
        // pointer rests after a click and where the page scrolled to both depend on the width
        // (resized instead, a hovered table row and a different scroll position showed).
        if (reachedByActing) await open(page, screen, lang);
        else await settleLayout(page);
      }
      // Every colour mode of the pass on the page as it is at this width: a mode changes colours
      // only, so the state is not reached again for it (issue #27: one page load, several captures).
      for (const [m, mode] of modes.entries()) {
        await test.step(`${mode.name}, ${width} px`, async () => {
          if (m > 0) {
            await page.emulateMedia(mode.media);
            await settleLayout(page);
          }
          if (plan.screenshots) {
            // A modal dialog is fixed to the viewport, and the page behind it stays where the click
            // that opened it scrolled it, a few rows apart from run to run: shoot it from the top.
            if (await page.getByRole("dialog").first().isVisible()) {
              await page.evaluate(() => window.scrollTo(0, 0));
              await settleLayout(page);
            }
            // Forced colors paint the caret in a system colour whatever `caret: "hide"` sets, and it
            // blinks: a focused text field is made read-only (no caret, same focus ring) for the shot.
            const noCaret = mode.name === "forced" && (await caretless(page, true));
            await expectScreenshot(page, screenshotName(screen, lang, width, mode), SCREENSHOT);
            if (noCaret) await caretless(page, false);
            if (p === 0 && m === 0) {
              // Every text in the capture used a shipped font (after the capture, so the page is
              // shot in the same state as always; a font failure also explains a pixel diff). Fonts
              // and layout are the same in every colour mode, so these two run in the first.
              await expectShippedFonts(page);
              // Reflow at the captured width itself, on every capture (a long address once widened
              // three screens that every gate had passed: docs/product.md §2.14).
              await expectNoSidewaysScroll(page, `${screen.name} (${lang})`);
            }
          }
          const where = `${screen.path} (${lang}, ${mode.name})`;
          // All of axe in the first mode; the colour rules again in dark (the layout and the markup
          // are the same in every mode; see COLOUR_MODES), at the same width.
          if (width === axeWidth && mode.axe === "all") await expectAccessible(page, where);
          else if (width === axeWidth && mode.axe === "colour") await expectColourAccessible(page, where);
        });
      }
      // The reflow resize last at this width, in the first pass (layout does not change with the colours).
      const reflowFrom = plan.reflowWidths.find((r) => r === width);
      if (reflowFrom && p === 0) await expectReflow(page, `${screen.path} (${lang})`, reflowFrom);
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
