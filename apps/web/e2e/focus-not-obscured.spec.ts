/**
 * WCAG 2.4.11 Focus Not Obscured: the public header is sticky (65 px), so a control reached by
 * Shift+Tab from below could scroll to the top of the window and sit under it. `scroll-padding-top`
 * on <html> (styles.css) makes the browser stop it below the header. Walked from the footer up to
 * the header, every stop must be below the header's bottom edge.
 */
import { expect, type Page, test } from "@playwright/test";
import { useStoredLanguage as storeLanguage } from "./helpers.js";

/** The focused element's top, and the header's bottom; null while focus is in the header itself. */
const focusAndHeader = (page: Page) =>
  page.evaluate(() => {
    const header = document.querySelector("header");
    const el = document.activeElement as HTMLElement | null;
    if (!header || !el || el === document.body || header.contains(el)) return null;
    const box = el.getBoundingClientRect();
    return {
      what: `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 40)}"`,
      top: box.top,
      headerBottom: header.getBoundingClientRect().bottom,
      sticky: getComputedStyle(header).position === "sticky",
    };
  });

for (const { path, lang, width } of [
  { path: "/faq", lang: "ru", width: 1280 },
  { path: "/home", lang: "en", width: 375 },
] as const) {
  test(`Shift+Tab up ${path} (${lang}, ${width} px) never puts focus under the sticky header @e2e`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 720 });
    await storeLanguage(page, lang);
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await page.getByRole("contentinfo").getByRole("link").last().focus();
    let stops = 0;
    for (let i = 0; i < 120; i++) {
      await page.keyboard.press("Shift+Tab");
      const at = await focusAndHeader(page);
      if (!at) break; // reached the header: the walk is done
      expect(at.sticky, "the header is sticky (else this test proves nothing)").toBe(true);
      expect(at.top, `${at.what} is under the header`).toBeGreaterThanOrEqual(at.headerBottom - 1);
      stops++;
    }
    // The page has questions / sections above the footer: the walk really went up the page.
    expect(stops).toBeGreaterThan(5);
  });
}
