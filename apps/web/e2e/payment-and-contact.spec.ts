import { expect, test } from "@playwright/test";
import { createAccount, logIn, uniqueEmail } from "./accounts.js";
import { useStoredLanguage } from "./helpers.js";

test.describe("payment screen errors (docs/product.md §8.3)", () => {
  test("a guest is stopped at plan choice with 'Action unavailable' @e2e", async ({ page }) => {
    await page.goto("/payment?planId=3");
    await expect(page.getByRole("tab", { name: /6 Months/ })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("button", { name: /Cryptocurrency/ }).click();
    await expect(page.getByRole("dialog", { name: "Action unavailable" })).toBeVisible();
  });

  test("a signed-in user who chooses Cryptocurrency before the session is read is not taken for a guest @e2e", async ({
    page,
    request,
  }) => {
    const email = uniqueEmail("earlyclick");
    await createAccount(request, email);
    await logIn(page, email);
    // A slow network: the auth client (which reads the stored session) arrives 1.5 s late.
    let release: () => void = () => {};
    const clientHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/assets/supabase-client-*.js", async (route) => {
      await clientHeld;
      await route.continue();
    });
    await page.goto("/payment?planId=1");
    await page.getByRole("button", { name: /Cryptocurrency/ }).click();
    release();
    await expect(page.getByRole("button", { name: "Back" })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Action unavailable" })).toHaveCount(0);
  });

  test("402 on payment start gives tokenUnavailable; other failures genericError; in a dialog @e2e", async ({
    page,
    request,
  }) => {
    const email = uniqueEmail("payerr");
    await createAccount(request, email);
    await logIn(page, email);
    let status = 402;
    await page.route("**/api/payment/web/init", (route) =>
      route.fulfill({ status, json: { detail: "Amount below the token minimum" } }),
    );
    await page.goto("/payment?planId=1");
    await page.getByRole("button", { name: /Cryptocurrency/ }).click();
    await page.locator("label").filter({ hasText: "USDT TRC-20" }).click();
    await page.getByRole("button", { name: "Pay with USDT TRC-20" }).click();
    const dialog = page.getByRole("dialog", { name: "Payment Error" });
    await expect(dialog).toContainText(
      "The selected token is unavailable or the amount is too low. Please try another token or payment method.",
    );
    await dialog.getByRole("button", { name: "Close" }).first().click();
    status = 500;
    await page.getByRole("button", { name: "Pay with USDT TRC-20" }).click();
    await expect(dialog).toContainText("An error occurred while creating the payment. Please try again later.");
  });

  test("the receipt e-mail is checked and sent with the payment start (docs/product.md §11.1) @e2e", async ({
    page,
    request,
  }) => {
    const email = uniqueEmail("receipt");
    await createAccount(request, email);
    await logIn(page, email);
    const inits: { body: Record<string, unknown>; language: string | null }[] = [];
    await page.route("**/api/payment/web/init", (route) => {
      inits.push({
        body: route.request().postDataJSON(),
        language: route.request().headers()["accept-language"] ?? null,
      });
      return route.fulfill({ status: 500, json: { detail: "stop here" } });
    });
    await page.goto("/payment?planId=1");
    const field = page.getByRole("textbox", { name: "Email for the receipt" });
    await expect(field).toHaveValue(email); // prefilled with the account's address
    await page.getByRole("button", { name: /Cryptocurrency/ }).click();
    await page.locator("label").filter({ hasText: "USDT TRC-20" }).click();

    await field.fill("not-an-email");
    await page.getByRole("button", { name: "Pay with USDT TRC-20" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(field).toBeFocused();
    expect(inits).toEqual([]);

    await field.fill("books@example.com");
    await page.getByRole("button", { name: "Pay with USDT TRC-20" }).click();
    await expect(page.getByRole("dialog", { name: "Payment Error" })).toBeVisible();
    expect(inits).toHaveLength(1);
    expect(inits[0]?.body).toMatchObject({ plan_id: 1, payment_method: "USDTTRC", receipt_email: "books@example.com" });
    expect(inits[0]?.language).toBe("en");
  });

  test("a token list that fails to load says so @e2e", async ({ page, request }) => {
    const email = uniqueEmail("tokens");
    await createAccount(request, email);
    await useStoredLanguage(page, "ru");
    await page.route("**/api/exnode/tokens", (route) => route.fulfill({ status: 503, json: { detail: "down" } }));
    await page.goto("/login");
    await page.getByRole("textbox", { name: "Электронная почта" }).fill(email);
    await page.getByRole("textbox", { name: "Пароль", exact: true }).fill("Correct-Horse-42");
    await page.getByRole("button", { name: "Войти" }).last().click();
    await expect(page).toHaveURL(/\/account\/profile$/);
    await page.goto("/payment?planId=2");
    await page.getByRole("button", { name: /Криптовалюта/ }).click();
    await expect(page.getByText("Не удалось загрузить список токенов")).toBeVisible();
  });
});

test.describe("contact form (docs/product.md §2.11, §4.7, §8.3)", () => {
  test("sends, shows success and clears the fields @e2e", async ({ page }) => {
    await page.goto("/contactus");
    await page.getByRole("textbox", { name: "Name" }).fill("Ana");
    await page.getByRole("textbox", { name: "Email" }).fill("ana@example.com");
    await page.getByRole("textbox", { name: "Message" }).fill("The app does not connect on my phone.");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Your message has been sent successfully!" }),
    ).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue("");
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue("");
  });

  test("a reply without success and a failed request show their messages, keeping the text @e2e", async ({ page }) => {
    let mode: "not-success" | "fail" = "not-success";
    await page.route("**/api/contact/web/send", (route) =>
      mode === "not-success" ? route.fulfill({ json: { status: "queued" } }) : route.abort("failed"),
    );
    await page.goto("/contactus");
    await page.getByRole("textbox", { name: "Name" }).fill("Ana");
    await page.getByRole("textbox", { name: "Email" }).fill("ana@example.com");
    await page.getByRole("textbox", { name: "Message" }).fill("Hello");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("alert")).toHaveText("An error occurred while sending the message.");
    mode = "fail";
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("alert")).toHaveText("Failed to send your message. Please try again later.");
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue("Hello");
  });
});
