import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Page } from "@playwright/test";
import { axeViolations } from "../../../apps/web/e2e/helpers/axe.js";
// The workspace's private test kit, by path: this app is no workspace member.
import {
  expectPinnedChromium,
  expectShippedFonts,
  PIXEL_EXACT,
  VIEWPORT_HEIGHT,
  VIEWPORTS,
} from "../../../packages/test-kit/src/index.js";
import { staticAppTest } from "../../static-app-test.js";

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

const test = staticAppTest(OUT, "node examples/consumer-next/build.mjs");

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
      ...PIXEL_EXACT,
      fullPage: true,
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
