import { expect, test } from "@playwright/test";
import { createAccount, uniqueEmail } from "./accounts.js";
import { useStoredLanguage } from "./helpers.js";

/** The validation and error messages of docs/product.md §5 and §8, in Russian (English is covered by the flow specs). */
test.describe("messages in Russian", () => {
  test.beforeEach(async ({ page }) => {
    await useStoredLanguage(page, "ru");
  });

  test("registration: required, mismatch, existing e-mail @e2e", async ({ page, request }) => {
    await page.goto("/register");
    await page.getByRole("button", { name: "Зарегистрироваться" }).last().click();
    await expect(page.getByText("Все поля обязательны").first()).toBeVisible();
    const email = uniqueEmail("ru-exists");
    await createAccount(request, email);
    await page.getByRole("textbox", { name: "Электронная почта" }).fill(email);
    await page.getByRole("textbox", { name: "Пароль", exact: true }).fill("abc12345");
    await page.getByRole("textbox", { name: "Повторите пароль" }).fill("abc12346");
    await page.getByRole("button", { name: "Зарегистрироваться" }).last().click();
    await expect(page.getByText("Пароли не совпадают")).toBeVisible();
    await page.getByRole("textbox", { name: "Повторите пароль" }).fill("abc12345");
    await page.getByRole("button", { name: "Зарегистрироваться" }).last().click();
    await expect(page.getByRole("alert")).toHaveText("Эта почта уже зарегистрирована");
  });

  test("forgot password: e-mail required, unknown account @e2e", async ({ page }) => {
    await page.goto("/forgotpassword");
    await page.getByRole("button", { name: "Отправить код" }).click();
    await expect(page.getByText("Пожалуйста, введите почту")).toBeVisible();
    await page.getByRole("textbox", { name: "Электронная почта" }).fill(uniqueEmail("ru-ghost"));
    await page.getByRole("button", { name: "Отправить код" }).click();
    await expect(page.getByRole("alert")).toHaveText("Аккаунт не зарегистрирован");
  });

  test("code screen: wrong code @e2e", async ({ page, request }) => {
    const email = uniqueEmail("ru-code");
    const headers = { apikey: "veil-dev-anon-key", "Content-Type": "application/json" };
    await request.post("/auth/v1/signup", { headers, data: { email, password: "Correct-Horse-42" } });
    await page.goto(`/emailconfirmation?email=${encodeURIComponent(email)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Подтвердите почту" })).toBeVisible();
    await page.getByRole("textbox", { name: "Код подтверждения" }).fill("000000");
    await page.getByRole("button", { name: "Подтвердить" }).click();
    await expect(page.getByRole("alert")).toHaveText("Неверный код или почта");
  });

  test("the code mail comes in Russian even from an English-language browser @e2e", async ({ page, request }) => {
    const email = uniqueEmail("ru-mail");
    await page.goto("/register");
    await page.getByRole("textbox", { name: "Электронная почта" }).fill(email);
    await page.getByRole("textbox", { name: "Пароль", exact: true }).fill("Correct-Horse-42");
    await page.getByRole("textbox", { name: "Повторите пароль" }).fill("Correct-Horse-42");
    await page.locator("main form button[type=submit]").click();
    await expect(page).toHaveURL(/\/emailconfirmation/);
    await expect
      .poll(async () => {
        const res = await request.get(`/dev/mailbox/messages?to=${encodeURIComponent(email)}`);
        return ((await res.json()) as { subject: string }[])[0]?.subject ?? "";
      })
      .toBe("Код подтверждения Veil");
  });

  test("404 page @e2e", async ({ page }) => {
    await page.goto("/nowhere");
    await expect(page.getByRole("heading", { level: 1, name: "Упс! Страница не найдена." })).toBeVisible();
    await expect(page.getByRole("link", { name: "На главную" })).toHaveAttribute("href", "/home");
  });
});
