import { expect, type Page, test } from "@playwright/test";
import { createAccount, logIn, uniqueEmail } from "./accounts.js";
import { useStoredLanguage, watchConsole } from "./helpers.js";

/** Width of the page's content: more than the viewport means sideways scrolling. */
const contentWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test.describe("320 px wide phones", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("public and auth pages fit without sideways scrolling @e2e", async ({ page }) => {
    for (const path of [
      "/home",
      "/faq",
      "/supportcenter",
      "/termsofuse",
      "/privacy",
      "/contactus",
      "/login",
      "/register",
      "/forgotpassword",
      "/payment?planId=2",
      "/no-such-page",
    ]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      expect(await contentWidth(page), path).toBeLessThanOrEqual(320);
    }
  });

  test("the account area fits without sideways scrolling @e2e", async ({ page, request }) => {
    const email = uniqueEmail("narrow");
    await createAccount(request, email);
    await logIn(page, email);
    for (const path of [
      "/account/profile",
      "/account/subscription",
      "/account/payments",
      "/account/change-password",
      "/account/change-password/reset",
      "/account/delete",
      "/account/supportcenter",
    ]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      expect(await contentWidth(page), path).toBeLessThanOrEqual(320);
    }
  });

  test("the code screens fit without sideways scrolling @e2e", async ({ page }) => {
    await page.goto("/emailconfirmation?email=a%40example.com");
    await page.waitForLoadState("networkidle");
    expect(await contentWidth(page)).toBeLessThanOrEqual(320);
  });
});

test.describe("375 px wide phones", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  // The account menu is one sideways-scrolling row there; long Russian labels push most entries
  // off screen, so the current one must be scrolled into view once the web font has settled.
  test("the account menu shows the current page's entry whole, in Russian too @e2e", async ({ page, request }) => {
    const email = uniqueEmail("menu-row");
    await createAccount(request, email);
    await logIn(page, email);
    await useStoredLanguage(page, "ru");
    for (const path of [
      "/account/profile",
      "/account/subscription",
      "/account/payments",
      "/account/change-password",
      "/account/delete",
      "/account/supportcenter",
    ]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await page.evaluate(() => document.fonts.ready);
      const current = page.getByRole("navigation", { name: "Разделы личного кабинета" }).locator("[aria-current=page]");
      await expect(current, path).toBeInViewport({ ratio: 0.99 });
    }
  });
});

test("signed in, the public header's action button leads to the account @e2e", async ({ page, request }) => {
  const email = uniqueEmail("header");
  await createAccount(request, email);
  await logIn(page, email);
  const console = watchConsole(page);
  await page.goto("/faq");
  await page.getByRole("link", { name: "Account" }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeFocused();
  // A prerendered page hydrates cleanly for a signed-in visitor too.
  expect(console.problems()).toEqual([]);
});

test.describe("a phone opening a page directly", () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test("sees no layout shift while the page loads, on prerendered and client-rendered pages @e2e", async ({ page }) => {
    // Every shift not caused by input, summed like Lighthouse's CLS; the budget is 0.01 (issue #8).
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { __shifts: number[] }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    for (const path of ["/home", "/faq", "/login", "/register", "/forgotpassword", "/payment?planId=2"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await page.evaluate(() => document.fonts.ready);
      const shift = await page.evaluate(() =>
        (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0),
      );
      expect(shift, `layout shift on ${path}`).toBeLessThanOrEqual(0.01);
    }
  });
});
