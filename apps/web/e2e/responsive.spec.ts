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

/**
 * Records every layout shift not caused by input; the function returned sums them like
 * Lighthouse's CLS once the page has settled (by default: network idle and fonts ready).
 */
async function recordLayoutShifts(page: Page): Promise<(settled?: () => Promise<unknown>) => Promise<number>> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  return async (settled = () => page.waitForLoadState("networkidle")) => {
    await settled();
    await page.evaluate(() => document.fonts.ready);
    return page.evaluate(() =>
      (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0),
    );
  };
}

test.describe("a phone opening a page directly", () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test("sees no layout shift while the page loads, on prerendered and client-rendered pages @e2e", async ({ page }) => {
    // The budget is 0.01 (issue #8).
    const layoutShift = await recordLayoutShifts(page);
    for (const path of ["/home", "/faq", "/login", "/register", "/forgotpassword", "/payment?planId=2"]) {
      await page.goto(path);
      expect(await layoutShift(), `layout shift on ${path}`).toBeLessThanOrEqual(0.01);
    }
  });

  test("sees no layout shift when Inter arrives after the text has painted, in both languages @e2e", async ({
    page,
    context,
    baseURL,
  }) => {
    // A slow phone or a loaded machine: the text paints in the metric-matched fallback of the
    // machine's own system font (src/fonts.css) and must not move when Inter swaps in. Before the
    // fallbacks covered DejaVu Sans, the landing heading wrapped to three lines here, then two.
    await page.route(/\.woff2$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    const layoutShift = await recordLayoutShifts(page);
    // Inter has swapped in and the next frame has been laid out (networkidle would add 0.5 s a page).
    const interDrawn = async () => {
      await page.waitForFunction(
        () =>
          document.fonts.status === "loaded" &&
          [...document.fonts].some((face) => face.family.includes("Inter Variable") && face.status === "loaded"),
      );
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    };
    for (const lang of ["en", "ru"]) {
      await context.addCookies([{ name: "lang", value: lang, url: baseURL ?? "" }]);
      for (const width of [360, 412]) {
        await page.setViewportSize({ width, height: 800 });
        for (const path of ["/home", "/faq", "/login"]) {
          await page.goto(path);
          await expect(page.locator("html")).toHaveAttribute("lang", lang);
          expect(await layoutShift(interDrawn), `layout shift on ${path} (${lang}) at ${width} px`).toBeLessThanOrEqual(
            0.01,
          );
        }
      }
    }
  });
});
