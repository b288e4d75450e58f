/**
 * WCAG 2.4.11 Focus Not Obscured: the public header is sticky (65 px), so a control reached by
 * Shift+Tab could sit under it. `scroll-padding-top` on <html> (styles.css) makes the browser treat
 * the band under the header as out of view and scroll the control below it.
 *
 * The walk goes from the footer up to the header, and puts every stop in the worst place first:
 * the page is scrolled so the control about to be reached lies just under the header (inside the
 * window, so without the padding Chromium sees it as visible and does not scroll), focus is on the
 * stop below it, and then Shift+Tab. A plain walk is not enough: Chromium centres a control that is
 * out of view, so on /home's tall sections a plain walk passed without the padding.
 */
import { expect, type Page, test } from "@playwright/test";
import { useStoredLanguage as storeLanguage } from "./helpers.js";

const TARGET = "data-focus-walk-target";
const ORIGIN = "data-focus-walk-origin";

/** Marks the focused element as `attr` (and no other); false while focus is in the header or on <body>. */
const markFocused = (page: Page, attr: string) =>
  page.evaluate((attr) => {
    for (const old of document.querySelectorAll(`[${attr}]`)) old.removeAttribute(attr);
    const header = document.querySelector("header");
    const el = document.activeElement as HTMLElement | null;
    if (!header || !el || el === document.body || header.contains(el)) return false;
    el.setAttribute(attr, "");
    return true;
  }, attr);

/**
 * Scrolls so the target lies under the header (wholly when it is shorter than the header, else its
 * top 4 px below the window's top) and puts focus back on the origin without scrolling. Returns
 * whether the target really is under the header now (not at the very top of a page that cannot
 * scroll that far).
 */
const hideTargetUnderHeader = (page: Page) =>
  page.evaluate(
    ({ TARGET, ORIGIN }) => {
      const header = document.querySelector("header") as HTMLElement;
      const target = document.querySelector(`[${TARGET}]`) as HTMLElement;
      const origin = document.querySelector(`[${ORIGIN}]`) as HTMLElement;
      const headerBottom = header.getBoundingClientRect().bottom;
      const box = target.getBoundingClientRect();
      const wantedTop = Math.max(4, headerBottom - box.height - 4);
      window.scrollBy({ top: box.top - wantedTop, behavior: "instant" });
      origin.focus({ preventScroll: true });
      const now = target.getBoundingClientRect();
      return now.top >= 0 && now.top < header.getBoundingClientRect().bottom - 1;
    },
    { TARGET, ORIGIN },
  );

/** Where the focused element is against the header after the step. */
const focusAndHeader = (page: Page) =>
  page.evaluate((TARGET) => {
    const header = document.querySelector("header") as HTMLElement;
    const el = document.activeElement as HTMLElement;
    return {
      what: `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 40)}"`,
      isTarget: el.hasAttribute(TARGET),
      top: el.getBoundingClientRect().top,
      headerBottom: header.getBoundingClientRect().bottom,
      sticky: getComputedStyle(header).position === "sticky",
    };
  }, TARGET);

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
    let hidden = 0;
    for (let i = 0; i < 120; i++) {
      // Find the next stop up, then go back to where focus was and hide that stop under the header.
      expect(await markFocused(page, ORIGIN)).toBe(true);
      await page.keyboard.press("Shift+Tab");
      if (!(await markFocused(page, TARGET))) break; // reached the header: the walk is done
      if (await hideTargetUnderHeader(page)) hidden++;
      await page.keyboard.press("Shift+Tab");
      const at = await focusAndHeader(page);
      expect(at.isTarget, `Shift+Tab reached ${at.what} again`).toBe(true);
      expect(at.sticky, "the header is sticky (else this test proves nothing)").toBe(true);
      expect(at.top, `${at.what} is under the header`).toBeGreaterThanOrEqual(at.headerBottom - 1);
    }
    // The page has questions / sections above the footer: the walk really went up the page, and
    // most stops were tried from under the header.
    expect(hidden).toBeGreaterThan(5);
  });
}
