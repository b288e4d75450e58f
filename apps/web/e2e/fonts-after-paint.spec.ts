import { expect, type Page, test } from "@playwright/test";
import { expectShippedFonts } from "@veil/test-kit";

/**
 * Inter joins the font stack after the first contentful paint (src/browser/fonts-after-paint.ts,
 * issue #30): the first paint waits for no font file, so none lies on the path to the largest
 * paint, and the text is drawn in Inter once it arrives. The start-up module itself is asked for
 * after that paint (@veil/contracts PAGE_START_SCRIPT), so every request of the page's script (the
 * plan check, the prefetches) comes after it too. Without scripts Inter is in the stack from
 * the start. That the swap moves no line is responsive.spec.ts's test with the fonts held back.
 */

/**
 * When the first contentful paint came, and when each font request, each script request (the
 * start-up module, the islands' prefetched code) and each request of the page's script (the plan
 * check, the other language's page) started: ms since navigation.
 */
const paintAndRequests = (page: Page) =>
  page.evaluate(() => {
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    return {
      firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
      fontStarts: resources.filter((entry) => entry.name.endsWith(".woff2")).map((entry) => entry.startTime),
      fontFiles: resources
        .filter((entry) => entry.name.endsWith(".woff2"))
        .map((entry) => new URL(entry.name).pathname.replace(/^.*\//, "")),
      scripts: resources
        .filter((entry) => entry.name.endsWith(".js"))
        .map((entry) => ({ url: new URL(entry.name).pathname, start: entry.startTime })),
      fetches: resources
        .filter((entry) => entry.initiatorType === "fetch")
        .map((entry) => ({ url: new URL(entry.name).pathname, start: entry.startTime })),
    };
  });

/** Inter has loaded and the next frame has been laid out with it. */
async function interDrawn(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.fonts].some((face) => face.family.includes("Inter Variable") && face.status === "loaded"),
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

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

    test("asks for no font, no script and sends no request of its own before the first contentful paint, then draws the text in Inter @e2e", async ({
      page,
    }) => {
      await page.goto("/home");
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(page.locator("html")).toHaveAttribute("data-fonts", "inter");
      await interDrawn(page);
      // The plan check waits for the load event and the first paint (islands/boot.ts).
      await expect.poll(async () => (await paintAndRequests(page)).fetches.map((f) => f.url)).toContain("/api/plans/");
      const { firstContentfulPaint, fontStarts, fontFiles, fetches, scripts } = await paintAndRequests(page);
      expect(firstContentfulPaint).not.toBeNull();
      // The start-up module is asked for by the page's inline start-up once the paint is shown.
      expect(scripts.map((s) => s.url)).toContainEqual(expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/));
      for (const { url, start } of scripts) expect(start, url).toBeGreaterThanOrEqual(firstContentfulPaint ?? 0);
      // The Latin cut on both pages, the Cyrillic file too on the Russian one.
      expect(fontStarts.length).toBeGreaterThanOrEqual(language === "ru" ? 2 : 1);
      for (const start of fontStarts) expect(start).toBeGreaterThanOrEqual(firstContentfulPaint ?? 0);
      // Every character the page draws is in the cut, so the whole Latin file is never fetched (the
      // start-up once asked for the page's textContent, whose line breaks lie in that file's range).
      expect(fontFiles).toContainEqual(expect.stringMatching(/^inter-latin-public-/));
      expect(fontFiles).not.toContainEqual(expect.stringMatching(/^inter-latin-wght-normal-/));
      for (const { url, start } of fetches) expect(start, url).toBeGreaterThanOrEqual(firstContentfulPaint ?? 0);
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
