import { type Browser, expect, test } from "@playwright/test";
import { createAccount, logIn, uniqueEmail } from "./accounts.js";

/**
 * Security → Sessions (docs/product.md §11.5) with two real browsers: each signs in, one sees
 * both and ends the other, and the other is signed out on its next request.
 */
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

async function signedInDevice(browser: Browser, baseURL: string | undefined, email: string, userAgent?: string) {
  const context = await browser.newContext({ baseURL, ...(userAgent ? { userAgent } : {}) });
  const page = await context.newPage();
  await logIn(page, email);
  return { context, page };
}

test.describe("sessions (docs/product.md §11.5)", () => {
  // Two browsers each signing in through the login screen: slow on a busy 2-core machine.
  test.describe.configure({ timeout: 90_000 });

  test("one device sees both sessions and ends the other, which is signed out on its next request @e2e", async ({
    browser,
    baseURL,
    request,
  }) => {
    const email = uniqueEmail("sessions");
    await createAccount(request, email);
    const laptop = await signedInDevice(browser, baseURL, email, FIREFOX_WINDOWS);
    const desk = await signedInDevice(browser, baseURL, email);
    try {
      const page = desk.page;
      await page.goto("/account/security");
      await expect(page.getByRole("heading", { level: 1, name: "Security" })).toBeVisible();
      const list = page.getByRole("list", { name: "Signed-in devices" });
      const mine = list.getByRole("listitem").first();
      await expect(mine).toContainText("This device");
      await expect(mine).toContainText(/^Chrome \d+ on /);
      const firefox = list.getByRole("listitem", { name: "Firefox 133 on Windows" });
      await expect(firefox).toBeVisible();
      await expect(firefox).toContainText("Last active");

      await firefox.getByRole("button", { name: "End session: Firefox 133 on Windows" }).click();
      const dialog = page.getByRole("dialog", { name: "End this session?" });
      await expect(dialog).toContainText("Firefox 133 on Windows will be signed out of your account.");
      await dialog.getByRole("button", { name: "End session" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("status").filter({ hasText: "The session has ended." })).toBeVisible();
      await expect(firefox).toHaveCount(0);
      await expect(list).toBeFocused();

      // The ended device still holds its tokens; its next request is refused and it lands on the
      // login screen, and stays signed out.
      await laptop.page.reload();
      await expect(laptop.page).toHaveURL(/\/login$/, { timeout: 15_000 });
      await laptop.page.goto("/account/profile");
      await expect(laptop.page).toHaveURL(/\/login$/);

      // This device is unaffected.
      await page.reload();
      await expect(page.getByRole("list", { name: "Signed-in devices" }).getByRole("listitem").first()).toContainText(
        "This device",
      );
    } finally {
      await laptop.context.close();
      await desk.context.close();
    }
  });

  test("End all other sessions leaves only this device @e2e", async ({ browser, baseURL, request }) => {
    const email = uniqueEmail("sessions-others");
    await createAccount(request, email);
    const laptop = await signedInDevice(browser, baseURL, email, FIREFOX_WINDOWS);
    const desk = await signedInDevice(browser, baseURL, email);
    try {
      const page = desk.page;
      await page.goto("/account/security");
      await page.getByRole("button", { name: "End all other sessions" }).click();
      const dialog = page.getByRole("dialog", { name: "End all other sessions?" });
      await dialog.getByRole("button", { name: "End other sessions" }).click();
      await expect(dialog).toBeHidden();
      const rows = page.getByRole("list", { name: "Signed-in devices" }).getByRole("listitem");
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText("This device");
      await expect(page.getByText("No other device is signed in.")).toBeVisible();

      await laptop.page.goto("/account/security");
      await expect(laptop.page).toHaveURL(/\/login$/, { timeout: 15_000 });
    } finally {
      await laptop.context.close();
      await desk.context.close();
    }
  });
});
