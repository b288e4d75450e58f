import { expect, test } from "@playwright/test";
import { waitForApp, watchConsole } from "./helpers.js";

test("/ redirects to the landing page, which hydrates without warnings @e2e", async ({ page }) => {
  const console = watchConsole(page);
  await page.goto("/");
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your internet, veiled from prying eyes" })).toBeVisible();
  await waitForApp(page);
  expect(console.problems()).toEqual([]);
});

test("prerendered pages carry content, title and meta before any script runs @e2e", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/home");
  await expect(page).toHaveTitle("Veil VPN — private, fast VPN for Android");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Plans from \$2/);
  await expect(page.locator('meta[name="keywords"]')).toHaveAttribute("content", /VPN/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/home$/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Veil VPN/);
  const image = await page.locator('meta[property="og:image"]').getAttribute("content");
  const imageResponse = await page.request.get(new URL(image ?? "", "http://x").pathname);
  expect(imageResponse.headers()["content-type"]).toBe("image/png");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your internet, veiled from prying eyes");
  await expect(page.getByRole("heading", { name: "1 Year" })).toBeVisible();
  await page.goto("/faq");
  await expect(page).toHaveTitle("FAQ — Veil VPN");
  await expect(
    page.getByText("1 week costs $2, 1 month $5, 6 months $25 and 1 year $45.", { exact: false }),
  ).toHaveCount(1);
  await context.close();
});

test("a prerendered form cannot be sent before its script runs, so a password never lands in the URL @e2e", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/login");
  await expect(page).toHaveTitle(/Log in/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Veil VPN account/);
  await page.getByRole("textbox", { name: "Email" }).fill("someone@example.com");
  await page.getByRole("textbox", { name: "Password", exact: true }).fill("Secret-Pass-1");
  await expect(page.getByRole("button", { name: "Log in" })).toBeDisabled();
  await page.getByRole("textbox", { name: "Password", exact: true }).press("Enter");
  await expect(page).toHaveURL(/\/login$/);
  for (const [path, button] of [
    ["/register", "Register"],
    ["/forgotpassword", "Send code"],
    ["/contactus", "Send message"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("button", { name: button, exact: true })).toBeDisabled();
  }
  await context.close();
});

test("an unknown path shows the 404 page with a way home @e2e", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  // A real 404 for search engines and tools, not the app shell with 200.
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found." })).toBeVisible();
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Back to homepage" }).click();
  await expect(page).toHaveURL(/\/home$/);
});
