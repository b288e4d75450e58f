import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Page } from "@playwright/test";
import { axeViolations } from "../../../apps/web/e2e/helpers/axe.js";
// The workspace's private test kit, by path: this app is no workspace member.
import { expectShippedFonts, PIXEL_EXACT, VIEWPORT_HEIGHT, VIEWPORTS } from "../../../packages/test-kit/src/index.js";
import { staticAppTest } from "../../static-app-test.js";

/**
 * The consumer app (examples/consumer: its own Vite, React and Tailwind, @veil/ui installed from the
 * packed tarball) renders every component: axe finds nothing, every text uses a shipped font, and
 * the page looks as its baselines. Build it first: node examples/consumer/build.mjs.
 */
const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist");

const test = staticAppTest(DIST, "node examples/consumer/build.mjs");

async function open(page: Page): Promise<void> {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Every @veil/ui component" })).toBeVisible();
  await page.evaluate(async () => {
    await document.fonts.ready;
    for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame);
  });
}

for (const width of [VIEWPORTS[375], VIEWPORTS[1280]]) {
  test(`the consumer app at ${width} px passes axe and looks unchanged @vrt @a11y`, async ({ appPage: page }) => {
    await page.setViewportSize({ width, height: VIEWPORT_HEIGHT });
    await open(page);
    expect(await axeViolations(page)).toEqual([]);
    // Tailwind saw the package's classes in node_modules: a component class from dist is styled.
    await expect(page.getByRole("button", { name: "Primary" })).toHaveCSS("background-color", "rgb(67, 56, 202)");
    await expectShippedFonts(page);
    await expect(page).toHaveScreenshot([`consumer.${width}.png`], {
      ...PIXEL_EXACT,
      fullPage: true,
    });
  });
}

test("the consumer app opens the package's dialog and language menu @a11y", async ({ appPage: page }) => {
  await open(page);
  await page.getByRole("button", { name: "Open dialog" }).click();
  await expect(page.getByRole("dialog", { name: "Action unavailable" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Open dialog" })).toBeFocused();
});
