import { expect, test } from "@playwright/test";
import { createAccount, logIn, PASSWORD, uniqueEmail } from "./accounts.js";

test.describe("account area (docs/product.md §2.10, §4.5)", () => {
  // The gateway simulator is served from the server's own address (127.0.0.1) and its pay page
  // carries `form-action 'self'`, so its redirect back to an app opened at "localhost" is blocked
  // by Chromium (reported to the server owners). The app itself is origin-agnostic, so these
  // flows run on 127.0.0.1, where the simulator's redirect stays same-origin.
  test.use({ baseURL: `http://127.0.0.1:${process.env.E2E_WEB_PORT ?? 8181}` });

  test("buy a plan with the gateway simulator; the subscription and the payment show up @e2e", async ({
    page,
    request,
  }) => {
    const email = uniqueEmail("buy");
    await createAccount(request, email);
    await logIn(page, email);

    await page.getByRole("link", { name: "Subscription Status" }).click();
    await expect(page.getByRole("heading", { name: "You have no active subscription" })).toBeVisible();
    await page.getByRole("button", { name: /Choose plan 1 Month/ }).click();
    await expect(page).toHaveURL(/\/payment\?planId=2$/);
    await expect(page.getByRole("tab", { name: /1 Month/ })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("complementary")).toContainText("$5");

    await expect(page.getByRole("button", { name: /Russian card/ })).toBeDisabled();
    await page.getByRole("button", { name: /Cryptocurrency/ }).click();
    await expect(page.getByRole("radio")).not.toHaveCount(0);
    await page.locator("label").filter({ hasText: "USDT TRC-20" }).click();
    await page.getByRole("button", { name: "Pay with USDT TRC-20" }).click();

    // The simulator's hosted page, then back to the profile.
    await page.locator('button[value="pay"]').click();
    await expect(page).toHaveURL(/\/account\/profile$/);
    await expect(page.getByText("Active", { exact: true })).toBeVisible({ timeout: 15_000 });

    await page.getByRole("link", { name: "Subscription Status" }).click();
    await expect(page.getByText("30 days")).toBeVisible();
    await expect(page.getByText("1 Month")).toBeVisible();
    await page.getByRole("button", { name: "Extend subscription" }).click();
    await expect(page.getByRole("button", { name: /Choose plan 1 Year/ })).toBeVisible();

    await page.getByRole("link", { name: "Payment History" }).click();
    const row = page.getByRole("row").filter({ hasText: "USDT TRC-20" });
    await expect(row).toContainText("$5");
    await expect(row).toContainText("Paid");
  });

  test("Back on the token step returns to the methods and clears the token @e2e", async ({ page, request }) => {
    const email = uniqueEmail("back");
    await createAccount(request, email);
    await logIn(page, email);
    await page.goto("/payment?planId=4");
    await page.getByRole("button", { name: /Cryptocurrency/ }).click();
    await page.locator("label").filter({ hasText: "USDT TRC-20" }).click();
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByRole("button", { name: /Cryptocurrency/ })).toBeVisible();
    await page.getByRole("button", { name: /Cryptocurrency/ }).click();
    await expect(page.getByRole("button", { name: /^Pay with/ })).toHaveCount(0);
  });

  test("Russian plurals for days left @e2e", async ({ page, request }) => {
    const email = uniqueEmail("ru");
    await createAccount(request, email);
    await page.addInitScript(() => window.localStorage.setItem("lang", "ru"));
    await page.goto("/login");
    await page.getByRole("textbox", { name: "Электронная почта" }).fill(email);
    await page.getByRole("textbox", { name: "Пароль", exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Войти" }).last().click();
    await expect(page).toHaveURL(/\/account\/profile$/);
    await page.goto("/payment?planId=1");
    await page.getByRole("button", { name: /Криптовалюта/ }).click();
    await page.locator("label").filter({ hasText: "USDT TRC-20" }).click();
    await page.getByRole("button", { name: "Оплатить в USDT TRC-20" }).click();
    await page.locator('button[value="pay"]').click();
    await expect(page).toHaveURL(/\/account\/profile$/);
    await page.getByRole("link", { name: "Статус подписки" }).click();
    await expect(page.getByText("7 дней")).toBeVisible({ timeout: 15_000 });
  });

  test("change password from the account, then log in with it @e2e", async ({ page, request }) => {
    const email = uniqueEmail("change");
    await createAccount(request, email);
    await logIn(page, email);
    await page.getByRole("link", { name: "Change Password" }).click();
    await page.getByRole("link", { name: "Change password", exact: true }).click();
    await expect(page).toHaveURL(/\/account\/change-password\/reset$/);
    await page.getByRole("button", { name: "Save password" }).click();
    await expect(page.getByText("Fill in all fields").first()).toBeVisible();
    await page.getByRole("textbox", { name: "New password" }).fill("Changed-Pass-99");
    await page.getByRole("textbox", { name: "Repeat password" }).fill("Changed-Pass-99");
    await page.getByRole("button", { name: "Save password" }).click();
    await expect(page).toHaveURL(/\/account\/profile$/);
    await expect(page.getByText("Password updated successfully")).toBeVisible();
    await page.getByRole("button", { name: "Log out" }).click();
    // Signed out once the app is on /login; navigating sooner would race the sign-out.
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, email, "Changed-Pass-99");
  });

  test("delete the account: password confirmation, signed out on /home, login refused @e2e", async ({
    page,
    request,
  }) => {
    const email = uniqueEmail("delete");
    await createAccount(request, email);
    await logIn(page, email);
    await page.getByRole("link", { name: "Delete Account" }).click();
    await page.getByRole("button", { name: "Delete account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.getByRole("textbox", { name: "Password", exact: true }).fill("not-my-password");
    await dialog.getByRole("button", { name: "Delete permanently" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("The password is incorrect");
    await dialog.getByRole("textbox", { name: "Password", exact: true }).fill(PASSWORD);
    await dialog.getByRole("button", { name: "Delete permanently" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText("Your account has been deleted.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();

    await page.goto("/login");
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Account not registered");
  });
});

test("payment history shows 5 rows, then all; pending reads 'In progress'; empty text @e2e", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("history");
  await createAccount(request, email);
  let rows: unknown[] = [];
  await page.route("**/api/payment/web/all", (route) => route.fulfill({ json: rows }));
  await logIn(page, email);
  await page.getByRole("link", { name: "Payment History" }).click();
  await expect(page.getByText("You have no payments yet.")).toBeVisible();

  rows = Array.from({ length: 7 }, (_, i) => ({
    date: `2026-0${i + 1}-15T10:00:00Z`,
    amount: 5,
    method: "USDTTRC",
    status: i === 0 ? "pending" : i === 1 ? "rejected" : "success",
  }));
  await page.reload();
  const body = page.getByRole("table").getByRole("rowgroup").last();
  await expect(body.getByRole("row")).toHaveCount(5);
  await expect(page.getByRole("table")).toContainText("In progress");
  await expect(page.getByRole("table")).toContainText("Rejected");
  await page.getByRole("button", { name: "View all" }).click();
  await expect(body.getByRole("row")).toHaveCount(7);
  await page.getByRole("button", { name: "Hide" }).click();
  await expect(body.getByRole("row")).toHaveCount(5);
});
