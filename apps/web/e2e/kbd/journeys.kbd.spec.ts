import { expect, type Page, test } from "@playwright/test";
import { createAccount, mailedCode, PASSWORD, uniqueEmail } from "../accounts.js";
import { expectFocusNotLost, expectVisibleFocus, tabTo } from "../helpers/keyboard.js";

/**
 * Keyboard-only journeys (docs/product.md §4): only Tab, Shift+Tab, Enter, Space, arrows, Escape and typing
 * into fields. Every Tab stop must show a focus ring; after a route change or a closed dialog focus
 * must be on something, never dropped on <body>.
 */

async function afterNavigation(page: Page, url: RegExp, step: string): Promise<void> {
  await expect(page).toHaveURL(url);
  await page.waitForLoadState("networkidle");
  await expectFocusNotLost(page, step);
}

test("register → code → profile → choose plan → token → pay → back to the account, by keyboard @kbd", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("kbd-buy");
  await page.goto("/register");
  await page.waitForLoadState("networkidle");

  await tabTo(page, page.getByRole("textbox", { name: "Email" }));
  await page.keyboard.type(email);
  await tabTo(page, page.getByRole("textbox", { name: "Password", exact: true }));
  await page.keyboard.type(PASSWORD);
  await tabTo(page, page.getByRole("textbox", { name: "Repeat password" }));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press("Enter");
  await afterNavigation(page, /\/emailconfirmation\?/, "after registering");

  const code = await mailedCode(request, email);
  const box = page.getByRole("textbox", { name: "Confirmation code" });
  if (!(await box.evaluate((el) => el === document.activeElement))) await tabTo(page, box);
  await expectVisibleFocus(page, "code field");
  await page.keyboard.type(code);
  await tabTo(page, page.getByRole("button", { name: "Confirm" }));
  await page.keyboard.press("Enter");
  await afterNavigation(page, /\/account\/profile$/, "after confirming the code");
  await expect(page.getByText(email)).toBeVisible();

  await tabTo(page, page.getByRole("link", { name: "Subscription Status" }));
  await page.keyboard.press("Enter");
  await afterNavigation(page, /\/account\/subscription$/, "on the subscription page");
  await tabTo(page, page.getByRole("button", { name: /Choose plan 1 Month/ }));
  await page.keyboard.press("Enter");
  await afterNavigation(page, /\/payment\?planId=2$/, "on the payment page");

  await tabTo(page, page.getByRole("button", { name: /Cryptocurrency/ }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("radio").first()).toBeVisible();
  await expectFocusNotLost(page, "after choosing cryptocurrency");
  // Native radios in a fieldset: one Tab stop; arrows move between tokens, Space picks one.
  await tabTo(page, page.getByRole("group", { name: "Choose a token" }));
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("Space");
  await expect(page.getByRole("radio", { name: /USDT TRC-20/ })).toBeChecked();
  await tabTo(page, page.getByRole("button", { name: "Pay with USDT TRC-20" }));
  await page.keyboard.press("Enter");

  // The gateway simulator's hosted page.
  await expect(page).toHaveURL(/\/sim\/exnode\/pay\//);
  await tabTo(page, page.locator('button[value="pay"]'));
  await page.keyboard.press("Enter");
  // Coming back from the gateway is a fresh page load, not a route change: focus starts at the
  // top of the document, and the first Tab must reach the skip link with a visible ring.
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.getByText("Active", { exact: true })).toBeVisible({ timeout: 15_000 });
  await tabTo(page, page.getByRole("link", { name: "Skip to main content" }), { max: 1 });
});

test("login → change password → logout, by keyboard @kbd", async ({ page, request }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail("kbd-pass");
  await createAccount(request, email);
  await page.goto("/login");
  await page.waitForLoadState("networkidle");
  await tabTo(page, page.getByRole("textbox", { name: "Email" }));
  await page.keyboard.type(email);
  await tabTo(page, page.getByRole("textbox", { name: "Password", exact: true }));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press("Enter");
  await afterNavigation(page, /\/account\/profile$/, "after logging in");

  await tabTo(page, page.getByRole("link", { name: "Change Password" }));
  await page.keyboard.press("Enter");
  await afterNavigation(page, /\/account\/change-password$/, "on change password");
  await tabTo(page, page.getByRole("link", { name: "Change password", exact: true }));
  await page.keyboard.press("Enter");
  await afterNavigation(page, /\/account\/change-password\/reset$/, "on the new-password form");

  await tabTo(page, page.getByRole("textbox", { name: "New password" }));
  await page.keyboard.type("Changed-Pass-99");
  await tabTo(page, page.getByRole("textbox", { name: "Repeat password" }));
  await page.keyboard.type("Changed-Pass-99");
  await page.keyboard.press("Enter");
  await afterNavigation(page, /\/account\/profile$/, "after saving the password");
  await expect(page.getByText("Password updated successfully")).toBeVisible();

  // Log out sits in the header, above the content: going back is shorter.
  await tabTo(page, page.getByRole("button", { name: "Log out" }), { back: true });
  await page.keyboard.press("Enter");
  await afterNavigation(page, /\/login$/, "after logging out");
});

test("dialogs and menus close with Escape and give focus back to what opened them @kbd", async ({ page }) => {
  await page.goto("/home");
  await page.waitForLoadState("networkidle");

  const choose = page.getByRole("button", { name: /Choose plan 1 Year/ });
  await tabTo(page, choose);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Action unavailable" });
  await expect(dialog).toBeVisible();
  await expectVisibleFocus(page, "inside 'Action unavailable'");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(choose).toBeFocused();
  await expectVisibleFocus(page, "after closing 'Action unavailable'");

  const language = page
    .getByRole("banner")
    .getByRole("button", { name: /English/ })
    .first();
  await tabTo(page, language, { back: true });
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menu")).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await expectVisibleFocus(page, "in the language menu");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toBeHidden();
  await expect(language).toBeFocused();
  await expectVisibleFocus(page, "after closing the language menu");
});
