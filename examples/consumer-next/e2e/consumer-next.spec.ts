import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, test as base, expect, type Page } from "@playwright/test";
import { axeViolations } from "../../../apps/web/e2e/helpers/axe.js";
// The workspace's private test kit, by path: this app is no workspace member.
import {
  DISABLE_ANIMATIONS_CSS,
  expectPinnedChromium,
  expectShippedFonts,
  freshRasterBrowser,
  VIEWPORT_HEIGHT,
  VIEWPORTS,
} from "../../../packages/test-kit/src/index.js";
import { serveStatic } from "../../../packages/ui/e2e/helpers/static-server.js";

/**
 * The Next.js consumer (examples/consumer-next: App Router, @veil/ui from the packed tarball, the
 * precompiled @veil/ui/styles.css and no Tailwind) renders every component from a server component:
 * the HTML holds them before any script runs, axe finds nothing, every text uses a shipped font, the
 * interactive parts work after hydration, and the page looks as its baselines.
 * Build it first: node examples/consumer-next/build.mjs.
 *
 * Waits are explicit signals with finite, generous budgets: the first attempt to put this project in
 * `npm test` timed out under load (load 40 on 2 cores) on the default 5 s expect budget.
 */
const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../out");

/** Budget of one wait for a signal (heading, hydration, a stable capture) on a loaded box. */
const SIGNAL_TIMEOUT = 30_000;

const test = base.extend<{ rasterBrowser: Browser; appPage: Page }, { appUrl: string }>({
  appUrl: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the fixtures argument to be destructured
    async ({}, use) => {
      if (!existsSync(path.join(OUT, "index.html"))) {
        throw new Error(`${OUT} is missing: build the Next.js consumer first (node examples/consumer-next/build.mjs).`);
      }
      const server = await serveStatic(OUT);
      await use(server.url);
      await server.close();
    },
    { scope: "worker" },
  ],
  rasterBrowser: freshRasterBrowser,
  appPage: async ({ rasterBrowser: browser, appUrl }, use) => {
    const context = await browser.newContext({
      baseURL: appUrl,
      viewport: { width: 1280, height: VIEWPORT_HEIGHT },
      deviceScaleFactor: 1,
      locale: "en-US",
      timezoneId: "UTC",
      colorScheme: "light",
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    await use(page);
    await context.close();
  },
});

// A fresh browser, a navigation, hydration, axe and a full-page capture: room for a loaded box.
test.describe.configure({ timeout: 120_000 });

const HEADING = "Every @veil/ui component, from a server component";

/**
 * Opens the page and waits for what the checks need, each by its own signal: the server-rendered
 * heading, React's hydration (client-parts.tsx marks <html data-hydrated> from an effect, which runs
 * only once the page is hydrated), the web fonts, and two frames for the last layout to paint.
 */
async function open(page: Page): Promise<void> {
  await page.goto("/", { timeout: SIGNAL_TIMEOUT });
  await expect(page.getByRole("heading", { level: 1, name: HEADING })).toBeVisible({ timeout: SIGNAL_TIMEOUT });
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: SIGNAL_TIMEOUT });
  await page.evaluate(async () => {
    await document.fonts.ready;
    for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame);
  });
}

test("the server component's HTML already holds the components @a11y", async ({ appPage: page }) => {
  // The file as served, before any script ran: what the server components rendered at build time.
  const html = await (await page.request.get("/", { timeout: SIGNAL_TIMEOUT })).text();
  for (const slot of [
    "header",
    "button",
    "card",
    "otp-input",
    "payments-table",
    "token-grid",
    "accordion",
    "device-list",
    "config-card",
    "qr-code",
    "footer",
  ]) {
    expect(html, `data-slot="${slot}" in the prerendered HTML`).toContain(`data-slot="${slot}"`);
  }
  expect(html).toContain("Payment history");
});

for (const width of [VIEWPORTS[375], VIEWPORTS[1280]]) {
  test(`the Next.js consumer at ${width} px passes axe and looks unchanged @vrt @a11y`, async ({
    appPage: page,
    rasterBrowser,
  }) => {
    expectPinnedChromium(rasterBrowser);
    await page.setViewportSize({ width, height: VIEWPORT_HEIGHT });
    await open(page);
    expect(await axeViolations(page)).toEqual([]);
    // The precompiled stylesheet styles the package's classes without Tailwind in this app.
    await expect(page.getByRole("button", { name: "Primary" })).toHaveCSS("background-color", "rgb(67, 56, 202)");
    await expectShippedFonts(page);
    await expect(page).toHaveScreenshot([`consumer-next.${width}.png`], {
      fullPage: true,
      animations: "disabled",
      caret: "hide",
      scale: "css",
      stylePath: DISABLE_ANIMATIONS_CSS,
      // Only the spinner moves; it is frozen by animations: "disabled".
      threshold: 0,
      maxDiffPixels: 0,
      // Two identical captures in a row are needed; a full page at load 40 took longer than 5 s.
      timeout: SIGNAL_TIMEOUT,
    });
  });
}

test("the Next.js consumer's client parts work after hydration @a11y", async ({ appPage: page }) => {
  await open(page);
  await page.getByRole("button", { name: "Open dialog" }).click();
  await expect(page.getByRole("dialog", { name: "Action unavailable" })).toBeVisible({ timeout: SIGNAL_TIMEOUT });
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Open dialog" })).toBeFocused({ timeout: SIGNAL_TIMEOUT });
  await page.getByRole("button", { name: "View all" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Showing 2 of 2 payments" })).toBeVisible({
    timeout: SIGNAL_TIMEOUT,
  });
});
