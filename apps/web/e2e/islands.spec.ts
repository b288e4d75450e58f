import { expect, test } from "@playwright/test";
import { holdRequests } from "./helpers.js";

/**
 * The prerendered pages hydrate only their islands, on the first interaction (docs/architecture.md
 * §1.3): nothing of React runs before it, and the interaction that wakes them is not lost.
 */

/** The app's scripts but the page's start-up (`/assets/index-*.js`). */
const APP_CHUNKS = /\/assets\/(?!index-)[^/]+\.js$/;

test("the landing page runs only its start-up script until the visitor interacts @e2e", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/home");
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
  expect(scripts).toHaveLength(1);
  expect(scripts[0]).toMatch(/^\/assets\/index-[\w-]+\.js$/);

  // The very first interaction is a click on a plan: React loads, and the click still counts.
  await page.getByRole("button", { name: /Choose plan 1 Year/ }).click();
  await expect(page.getByRole("dialog", { name: "Action unavailable" })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(1);
});

test("a returning Russian visitor gets the Russian page and only its start-up script, even with storage cleared @e2e", async ({
  browser,
  baseURL,
}) => {
  // The `lang` cookie is the saved choice the server reads; localStorage is empty and the browser
  // speaks English, so nothing but the cookie says Russian.
  const context = await browser.newContext({ locale: "en-US" });
  await context.addCookies([{ name: "lang", value: "ru", url: baseURL ?? "" }]);
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/home");
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  await expect(page.getByRole("heading", { level: 1, name: "Ваш интернет — под надёжной вуалью" })).toBeVisible();
  expect(scripts).toHaveLength(1);
  expect(scripts[0]).toMatch(/^\/assets\/index-[\w-]+\.js$/);
  await context.close();
});

test("a link in the static part of a prerendered page lets the app take over, focus on the new heading @e2e", async ({
  page,
}) => {
  await page.goto("/privacy");
  await page.waitForLoadState("networkidle");
  await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Terms of use" }).click();
  await expect(page).toHaveURL(/\/termsofuse$/);
  await expect(page.getByRole("heading", { level: 1, name: "Terms of use" })).toBeFocused();
  // The app owns the page now: Back returns to the previous page without a reload.
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Privacy policy" })).toBeVisible();
});

test("a link in the static part still opens its page when the app's code cannot be loaded @e2e", async ({ page }) => {
  // Every script but the page's start-up fails, as on a connection that drops after the page came,
  // or after a deploy removed the old build's chunks.
  await page.route(APP_CHUNKS, (route) => route.abort());
  const refused: string[] = [];
  page.on("requestfailed", (request) => refused.push(new URL(request.url()).pathname));
  await page.goto("/privacy");
  await page.waitForLoadState("networkidle");
  await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Terms of use" }).click();
  await expect(page).toHaveURL(/\/termsofuse$/);
  // The start-up did try to let the app take over (the link was not simply left to the browser).
  expect(refused.some((path) => /^\/assets\/start-[\w-]+\.js$/.test(path))).toBe(true);
  await expect(page.getByRole("heading", { level: 1, name: "Terms of use" })).toBeVisible();
});

test("the login form runs no React until the visitor interacts; what is typed and sent before it arrives is kept and handled @e2e", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/login");
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
  expect(scripts).toHaveLength(1);
  // Enabled by the start-up script (it cannot send natively: formmethod="dialog").
  const submit = page.getByRole("button", { name: "Log in" });
  await expect(submit).toBeEnabled();

  // Hold the islands' code back, so all of this happens before React owns the form.
  const release = await holdRequests(page, APP_CHUNKS);
  const email = page.getByRole("textbox", { name: "Email" });
  const password = page.getByRole("textbox", { name: "Password", exact: true });
  await email.fill("not-an-email");
  await password.fill("Secret-Pass-1");
  await password.press("Enter");
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Please enter a valid email address")).toHaveCount(0);

  release();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(email).toHaveValue("not-an-email");
  await expect(password).toHaveValue("Secret-Pass-1");
  await expect(page).toHaveURL(/\/login$/);
});

for (const { what, chunks } of [
  { what: "the islands' code", chunks: APP_CHUNKS },
  { what: "the login form's own code", chunks: /\/assets\/auth-[\w-]+\.js$/ },
]) {
  test(`a login sent while ${what} cannot be loaded stops looking busy, keeps what was typed, and works once it comes @e2e`, async ({
    page,
  }) => {
    await page.goto("/login");
    await page.waitForLoadState("networkidle");
    // Held, then refused: a connection that dropped after the page came.
    const release = await holdRequests(page, chunks);
    const submit = page.getByRole("button", { name: "Log in" });
    const email = page.getByRole("textbox", { name: "Email" });
    const password = page.getByRole("textbox", { name: "Password", exact: true });
    await email.fill("not-an-email");
    await password.fill("Secret-Pass-1");
    await submit.click();
    // Busy at once (the start-up's answer), then no longer once the code is refused: nothing is on its way.
    await expect(submit).toHaveAttribute("aria-busy", "true");
    release("abort");
    await expect(submit).not.toHaveAttribute("aria-busy", "true");
    await expect(submit).toBeEnabled();
    await expect(email).toHaveValue("not-an-email");
    await expect(password).toHaveValue("Secret-Pass-1");
    await expect(page.getByText("Please enter a valid email address")).toHaveCount(0);

    // The connection is back: the next press asks for the code again, and the form answers it.
    await page.unroute(chunks);
    await submit.click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
}
