import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, expect, type PlaywrightWorkerArgs, type PlaywrightWorkerOptions } from "@playwright/test";

const here = path.dirname(fileURLToPath(import.meta.url));

/** Viewport widths of the visual-regression suites (phone, tablet, desktop). */
export const VIEWPORTS = { 375: 375, 768: 768, 1280: 1280 } as const;
export const VIEWPORT_HEIGHT = 900;

/** Stylesheet injected before screenshots: no transitions, no carets, no entry transforms. */
export const DISABLE_ANIMATIONS_CSS = path.join(here, "disable-animations.css");

/**
 * The settings every baseline comparison uses: still (animations off, our stylesheet, no caret),
 * in CSS pixels, and pixel-exact. Renders here are identical run to run, and Playwright's default
 * per-pixel threshold (0.2) once let a whole new card border and skeleton colour pass unnoticed.
 */
export const PIXEL_EXACT = {
  animations: "disabled",
  caret: "hide",
  scale: "css",
  stylePath: DISABLE_ANIMATIONS_CSS,
  threshold: 0,
  maxDiffPixels: 0,
} as const;

/** Where the Chromium major version the baselines were made with is pinned. */
export const VRT_BROWSER_PIN = path.resolve(here, "../vrt-browser.json");

/**
 * Stops a screenshot test with a clear message when the browser is not the Chromium major the
 * baselines were taken with. A different major renders text and shadows slightly differently, so
 * this replaces a wall of diffs; re-baselining is a deliberate step (`pnpm vrt:update`, then update
 * the pin in `packages/test-kit/vrt-browser.json`).
 */
export function expectPinnedChromium(browser: Browser): void {
  const pinned = JSON.parse(readFileSync(VRT_BROWSER_PIN, "utf8")) as { chromiumMajor: number };
  const major = Number(browser.version().split(".")[0]);
  expect(
    major,
    `VRT baselines were made with Chromium ${pinned.chromiumMajor}; this is ${browser.version()}. Re-baseline with pnpm vrt:update and update packages/test-kit/vrt-browser.json.`,
  ).toBe(pinned.chromiumMajor);
}

/**
 * Extra Chromium switches for screenshots. Under load (2 cores shared with other suites) the
 * anti-aliased edges of rounded corners came out differently between two captures of the same
 * page; these make rasterisation single-pass and independent of CPU features and frame timing
 * (the set DevExpress/devextreme-demos#1135 settled on).
 */
const DETERMINISTIC_RASTER_ARGS = [
  "--disable-partial-raster",
  "--disable-skia-runtime-opts",
  "--run-all-compositor-stages-before-draw",
  "--disable-features=PaintHolding",
  "--disable-threaded-animation",
  "--disable-checker-imaging",
  "--num-raster-threads=1",
];

/**
 * Fixture: a fresh Chromium for one test, with the deterministic-raster switches. Screenshots need
 * it: Chromium's text rasterisation depends on what the browser drew before (measured: the same
 * story at 1280 px differed in ~5,700 text pixels depending on which stories the worker's browser
 * had rendered first; a worker-wide browser with a new context per capture was tried and failed CI
 * on Footer.Matrix.1280), so every capture starts from a browser of its own.
 */
export async function freshRasterBrowser(
  { playwright, launchOptions }: PlaywrightWorkerArgs & PlaywrightWorkerOptions,
  use: (browser: Browser) => Promise<void>,
): Promise<void> {
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), ...DETERMINISTIC_RASTER_ARGS],
  });
  await use(browser);
  await browser.close();
}
