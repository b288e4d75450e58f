import { expect, type Page, test } from "@playwright/test";
import { expectShippedFonts } from "@veil/test-kit";

/**
 * Inter joins the font stack after the first contentful paint (src/browser/fonts-after-paint.ts,
 * issue #30): the first paint waits for no font file, so none lies on the path to the largest
 * paint, and the text is drawn in Inter once it arrives. Without scripts Inter is in the stack from
 * the start. That the swap moves no line is responsive.spec.ts's test with the fonts held back.
 */

/** When the first contentful paint came and when each font request started (ms since navigation). */
const paintAndFonts = (page: Page) =>
  page.evaluate(() => ({
    firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    fontStarts: performance
      .getEntriesByType("resource")
      .filter((entry) => entry.name.endsWith(".woff2"))
      .map((entry) => entry.startTime),
  }));

/** The fonts Chromium really drew an element's own text with: "Inter (web font)", "DejaVu Sans"… */
async function fontsOf(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    const { root } = (await cdp.send("DOM.getDocument")) as { root: { nodeId: number } };
    const { nodeId } = (await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector })) as { nodeId: number };
    const { fonts } = (await cdp.send("CSS.getPlatformFontsForNode", { nodeId })) as {
      fonts: { familyName: string; isCustomFont: boolean }[];
    };
    return fonts.map((font) => `${font.familyName}${font.isCustomFont ? " (web font)" : ""}`);
  } finally {
    await cdp.detach();
  }
}

for (const [language, locale] of [
  ["en", "en-US"],
  ["ru", "ru-RU"],
] as const) {
  test.describe(`a phone opening the landing page (${language})`, () => {
    test.use({ locale, viewport: { width: 412, height: 823 } });

    test("asks for no font before the first contentful paint, then draws the text in Inter @e2e", async ({ page }) => {
      await page.goto("/home");
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(page.locator("html")).toHaveAttribute("data-fonts", "inter");
      await page.waitForFunction(() => document.fonts.ready.then(() => document.fonts.status === "loaded"));
      const { firstContentfulPaint, fontStarts } = await paintAndFonts(page);
      expect(firstContentfulPaint).not.toBeNull();
      // The Latin cut on both pages, the Cyrillic file too on the Russian one.
      expect(fontStarts.length).toBeGreaterThanOrEqual(language === "ru" ? 2 : 1);
      for (const start of fontStarts) expect(start).toBeGreaterThanOrEqual(firstContentfulPaint ?? 0);
      expect(await fontsOf(page, "h1")).toEqual(["Inter (web font)"]);
      await expectShippedFonts(page);
    });
  });

  test.describe(`JavaScript off (${language})`, () => {
    test.use({ locale, viewport: { width: 412, height: 823 }, javaScriptEnabled: false });

    test("the text is drawn in Inter from the start @e2e", async ({ page }) => {
      await page.goto("/home");
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(page.locator("html")).not.toHaveAttribute("data-fonts", /.*/);
      await page.evaluate(() => document.fonts.ready);
      expect(await fontsOf(page, "h1")).toEqual(["Inter (web font)"]);
      await expectShippedFonts(page);
    });
  });
}
