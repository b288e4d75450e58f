import { expect, type Page, test } from "@playwright/test";

/**
 * The colour theme (issue #31 item 2): with no choice the pages follow the system setting; a choice
 * saved as the app saves it (localStorage and the `theme` cookie, src/theme/theme.ts) pins a palette
 * on every page, and reaches prerendered pages before any script runs (the server sets
 * `data-theme` from the cookie).
 */

/** @veil/ui's page background (`--veil-background`) in each palette, as computed colours of <html>. */
const BACKGROUND = { light: "rgb(248, 250, 252)", dark: "rgb(11, 17, 32)" };

const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

test("with no choice the pages follow the system setting, prerendered and app shell alike @e2e", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  for (const path of ["/home", "/resetpassword"]) {
    await page.goto(path);
    await expect(page.locator("html")).not.toHaveAttribute("data-theme");
    expect(await pageBackground(page), path).toBe(BACKGROUND.dark);
  }
  await page.emulateMedia({ colorScheme: "light" });
  expect(await pageBackground(page)).toBe(BACKGROUND.light);
});

test("a saved choice overrides the system on every page, and one kept only in localStorage gets its cookie back @e2e", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.addInitScript(() => window.localStorage.setItem("theme", "light"));
  await page.goto("/faq");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  expect(await pageBackground(page)).toBe(BACKGROUND.light);
  // The start-up script wrote the cookie, so the server now sends pages already pinned.
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === "theme")?.value).toBe("light");
  const shell = await page.request.get("/resetpassword");
  expect(await shell.text()).toMatch(/<html data-theme="light" lang=/);
  await page.goto("/resetpassword");
  expect(await pageBackground(page)).toBe(BACKGROUND.light);
});

test("a prerendered page is in the chosen theme with JavaScript off (no flash before scripts) @e2e", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, colorScheme: "light" });
  await context.addCookies([{ name: "theme", value: "dark", url: baseURL ?? "" }]);
  const page = await context.newPage();
  for (const lang of ["en", "ru"]) {
    await context.addCookies([{ name: "lang", value: lang, url: baseURL ?? "" }]);
    await page.goto("/home");
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    expect(await pageBackground(page)).toBe(BACKGROUND.dark);
  }
  await context.close();
});
