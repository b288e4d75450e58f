import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  type Browser,
  expect,
  type Locator,
  type Page,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
  test,
} from "@playwright/test";

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

/** `PIXEL_EXACT`, or that with more of `toHaveScreenshot`'s options (`fullPage`, `timeout`). */
type ScreenshotExpectation = typeof PIXEL_EXACT & { fullPage?: boolean; timeout?: number };

/**
 * A soft `toHaveScreenshot(name)` that first tries the cheap way to pass. Chromium encodes the same
 * pixels into the same PNG bytes, so when one screenshot's bytes equal the baseline file's, the
 * capture passes there, without Playwright decoding both PNGs and comparing every pixel in the test
 * process (issue #27: on a long page that is most of a capture's time). Anything else — other
 * bytes, no baseline, a screenshot that failed, an `--update-snapshots=all` run — goes to
 * `toHaveScreenshot` itself, which decides and reports exactly as before. Equal bytes are equal
 * pixels, so this never passes a capture that the comparison would fail.
 */
export async function expectScreenshot(
  target: Page | Locator,
  name: string,
  expectation: ScreenshotExpectation,
): Promise<void> {
  const info = test.info();
  // The file `toHaveScreenshot([name])` compares with. As path segments, as it does: one segment
  // would be sanitised (`home.en.375.png` → `home-en-375.png`), two or more are joined as they are.
  // Segments cannot be combined with `kind: "screenshot"`, and without it the path comes from the
  // snapshots' template: used only where that is the screenshots' template too (the same name
  // resolves the same either way), else there is no fast path.
  const sameTemplate = info.snapshotPath(name, { kind: "screenshot" }) === info.snapshotPath(name);
  const baseline = sameTemplate ? info.snapshotPath(".", name) : undefined;
  if (baseline && info.config.updateSnapshots !== "all" && existsSync(baseline)) {
    const same = await test.step(`screenshot ${name}, its bytes against the baseline's`, async () => {
      const { animations, caret, scale, stylePath, fullPage, timeout } = expectation;
      // Bounded like `toHaveScreenshot` (the expect timeout, 5 s, unless the suite sets one): a
      // target that never shows must fail softly there, not hold this step until the test times out.
      const options = { animations, caret, scale, timeout: timeout ?? 5_000, style: readFileSync(stylePath, "utf8") };
      try {
        const shot = await ("goto" in target
          ? target.screenshot({ ...options, fullPage })
          : target.screenshot(options));
        return shot.equals(readFileSync(baseline));
      } catch {
        // A screenshot that failed here is taken again, and reported, by `toHaveScreenshot`.
        return false;
      }
    });
    if (same) return;
  }
  await expect.soft(target).toHaveScreenshot([name], expectation);
}

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
  // PaintHolding is off too, in the one `--disable-features` of CHROMIUM_ARGS (./chromium.ts): a
  // second such switch here would replace that list.
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
