import { expect, test } from "@playwright/test";
import { useStoredLanguage, waitForApp, watchConsole } from "./helpers.js";

const PAGES = [
  { path: "/home", en: "Your internet, veiled from prying eyes", ru: "Ваш интернет — под надёжной вуалью" },
  { path: "/faq", en: "Frequently asked questions", ru: "Частые вопросы" },
  { path: "/supportcenter", en: "Support center", ru: "Центр поддержки" },
  { path: "/termsofuse", en: "Terms of use", ru: "Условия использования" },
  { path: "/privacy", en: "Privacy policy", ru: "Политика конфиденциальности" },
  { path: "/contactus", en: "Contact us", ru: "Связаться с нами" },
  { path: "/login", en: "Log in", ru: "Вход" },
  { path: "/register", en: "Create an account", ru: "Создание аккаунта" },
  { path: "/forgotpassword", en: "Forgot password", ru: "Забыли пароль" },
] as const;

for (const { path, en, ru } of PAGES) {
  test(`${path} renders in English and Russian without console problems @e2e`, async ({ page }) => {
    const console = watchConsole(page);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: en })).toBeVisible();
    await waitForApp(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    await useStoredLanguage(page, "ru");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: ru })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await waitForApp(page);
    expect(console.problems()).toEqual([]);
  });
}

test("the browser language decides when nothing is stored @e2e", async ({ browser }) => {
  const context = await browser.newContext({ locale: "ru-RU" });
  const page = await context.newPage();
  await page.goto("/faq");
  await expect(page.getByRole("heading", { level: 1, name: "Частые вопросы" })).toBeVisible();
  await context.close();
});

test("a Russian visitor gets the page in Russian before any script runs, and it hydrates cleanly @e2e", async ({
  browser,
}) => {
  // Without JavaScript: what the server sent is what the visitor sees first.
  const noScript = await browser.newContext({ locale: "ru-RU", javaScriptEnabled: false });
  const bare = await noScript.newPage();
  await bare.goto("/faq");
  await expect(bare.locator("html")).toHaveAttribute("lang", "ru");
  await expect(bare.getByRole("heading", { level: 1, name: "Частые вопросы" })).toBeVisible();
  await expect(bare).toHaveTitle("Вопросы и ответы — Veil VPN");
  await noScript.close();

  const context = await browser.newContext({ locale: "ru-RU" });
  const page = await context.newPage();
  const console = watchConsole(page);
  await page.goto("/faq");
  await waitForApp(page);
  await expect(page.getByRole("heading", { level: 1, name: "Частые вопросы" })).toBeVisible();
  expect(console.problems()).toEqual([]);
  await context.close();
});

test("a chosen language wins over the browser's on the next visit's first paint @e2e", async ({ browser }) => {
  const context = await browser.newContext({ locale: "ru-RU" });
  const page = await context.newPage();
  await page.goto("/termsofuse");
  await waitForApp(page);
  await page.getByRole("button", { name: /Язык/ }).click();
  await page.getByRole("menuitemradio", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  // The server now sends English HTML to this Russian-language browser.
  const html = await (await page.request.get("/termsofuse")).text();
  expect(html).toContain('<html lang="en"');
  await context.close();
});

test("the language switch changes the page and persists across reloads @e2e", async ({ page }) => {
  await page.goto("/termsofuse");
  await waitForApp(page);
  await page.getByRole("button", { name: /Language/ }).click();
  await page.getByRole("menuitemradio", { name: "Русский" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Условия использования" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  expect(await page.evaluate(() => window.localStorage.getItem("lang"))).toBe("ru");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Условия использования" })).toBeVisible();
  await expect(page).toHaveTitle("Условия использования — Veil VPN");
});

test("FAQ hash opens and scrolls to its entry @e2e", async ({ page }) => {
  await page.goto("/faq#q7");
  await expect(page.getByRole("button", { name: "How do I cancel my subscription?" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await expect(page.getByText(/we will turn off renewal/)).toBeVisible();
  await expect(page.locator("#q7")).toBeInViewport();
  await expect(page.getByRole("button", { name: "How do I start using Veil?" })).toHaveAttribute(
    "aria-expanded",
    "false",
  );
});

test("support centre topic cards lead to their FAQ entries @e2e", async ({ page }) => {
  await page.goto("/supportcenter");
  const topics = page.getByRole("region", { name: "Help topics" }).getByRole("link");
  await expect(topics).toHaveCount(6);
  const hrefs = await topics.evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  expect(hrefs).toEqual(["/faq#q1", "/faq#q3", "/faq#q4", "/faq#q5", "/faq#q7", "/faq#q8"]);
  await topics.filter({ hasText: "Refunds" }).click();
  await expect(page).toHaveURL(/\/faq#q8$/);
  await expect(page.getByRole("button", { name: "Can I get a refund?" })).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("heading", { level: 1, name: "Frequently asked questions" })).toBeFocused();
});

test("a guest choosing a plan gets 'Action unavailable', with page scroll locked @e2e", async ({ page }) => {
  await page.goto("/home#pricing");
  await waitForApp(page);
  await page.getByRole("button", { name: /Choose plan 1 Year/ }).click();
  const dialog = page.getByRole("dialog", { name: "Action unavailable" });
  await expect(dialog).toBeVisible();
  // The page behind must not move: wheel over the overlay and keyboard paging both stay put.
  const before = await page.evaluate(() => window.scrollY);
  await page.mouse.move(10, 10);
  await page.mouse.wheel(0, 800);
  await page.keyboard.press("PageDown");
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.scrollY)).toBe(before);
  // …and the same wheel does scroll once the dialog is gone (the check above could not pass by accident).
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.mouse.wheel(0, 800);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before);
  await page.getByRole("button", { name: /Choose plan 1 Year/ }).click();
  await expect(dialog.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
  await dialog.getByRole("link", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test("footer section links scroll to the landing page anchors @e2e", async ({ page }) => {
  await page.goto("/privacy");
  await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Pricing" }).click();
  await expect(page).toHaveURL(/\/home#pricing$/);
  await expect(page.locator("#pricing")).toBeInViewport();
});

test("with no plans from the server the pricing section says so @e2e", async ({ page }) => {
  await page.route("**/api/plans/", (route) => route.fulfill({ json: [] }));
  await page.goto("/home");
  await expect(page.getByRole("region", { name: "Plans and prices" })).toContainText(
    "No plans are available right now. Please check back later.",
  );
});

test("the fourth plan is highlighted @e2e", async ({ page }) => {
  await page.goto("/home");
  const cards = page.getByRole("region", { name: "Plans and prices" }).getByRole("article");
  await expect(cards).toHaveCount(4);
  await expect(cards.nth(3)).toHaveAttribute("data-highlighted", "true");
  await expect(cards.nth(3)).toContainText("Best value");
});

test("a prerendered auth page at its trailing-slash URL hydrates cleanly and offers support @e2e", async ({ page }) => {
  const console = watchConsole(page);
  await page.goto("/login/");
  await waitForApp(page);
  await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Support" })).toBeVisible();
  expect(console.problems()).toEqual([]);
});
