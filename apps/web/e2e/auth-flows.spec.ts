import { expect, test } from "@playwright/test";
import { createAccount, logIn, mailedCode, PASSWORD, typeCode, uniqueEmail, untilMailAllowed } from "./accounts.js";
import { useStoredLanguage } from "./helpers.js";

test.describe("authentication flows (docs/product.md §4.2–§4.4, §5, §8)", () => {
  test("register, confirm with the mailed code, land on the profile @e2e", async ({ page, request }) => {
    const email = uniqueEmail("register");
    await page.goto("/register");
    await expect(page.getByRole("link", { name: "Support" })).toHaveAttribute("href", "/contactus");
    await page.getByRole("textbox", { name: "Email" }).fill(`  ${email} `);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(PASSWORD);
    await page.getByRole("textbox", { name: "Repeat password" }).fill(PASSWORD);
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page).toHaveURL(`/emailconfirmation?email=${encodeURIComponent(email)}`);
    await expect(page.getByRole("button", { name: "Confirm" })).toBeDisabled();
    await expect(page.getByText(/Resend code in 00:(30|29|28)/)).toBeVisible();

    await typeCode(page, await mailedCode(request, email));
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/\/account\/profile$/);
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText("Inactive")).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("email"))).toBe(email);
  });

  test("a wrong code is refused and clears the boxes; resend after the countdown mails a new code @e2e", async ({
    page,
    request,
  }) => {
    const email = uniqueEmail("badcode");
    await page.clock.install();
    await page.goto("/register");
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(PASSWORD);
    await page.getByRole("textbox", { name: "Repeat password" }).fill(PASSWORD);
    await page.getByRole("button", { name: "Register" }).click();
    const good = await mailedCode(request, email);
    const mailedBy = Date.now();
    const bad = good === "000000" ? "111111" : "000000";
    await typeCode(page, bad);
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid code or email");
    const box = page.getByRole("textbox", { name: /code/i });
    await expect(box).toHaveValue("");
    await expect(box).toBeFocused();
    await expect(page.getByRole("button", { name: "Confirm" })).toBeDisabled();

    // The countdown restarted with the failure; the resend button appears when it ends.
    await expect(page.getByRole("button", { name: "Resend code" })).toHaveCount(0);
    const since = new Date(await page.evaluate(() => Date.now())).toISOString();
    await page.clock.fastForward(31_000);
    await untilMailAllowed(page, mailedBy);
    await page.getByRole("button", { name: "Resend code" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Code sent again" })).toBeVisible();
    await expect(box).toBeFocused();
    await typeCode(page, await mailedCode(request, email, since));
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/\/account\/profile$/);
  });

  test("register validation: required fields, mismatch, existing e-mail @e2e", async ({ page, request }) => {
    await page.goto("/register");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText("All fields are required").first()).toBeVisible();
    await page.getByRole("textbox", { name: "Email" }).fill("someone@example.com");
    await page.getByRole("textbox", { name: "Password", exact: true }).fill("abc12345");
    await page.getByRole("textbox", { name: "Repeat password" }).fill("abc12346");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();

    const email = uniqueEmail("exists");
    await createAccount(request, email);
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByRole("textbox", { name: "Repeat password" }).fill("abc12345");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByRole("alert")).toHaveText("This email is already registered");
  });

  test("login errors in English and Russian @e2e", async ({ page, request }) => {
    const email = uniqueEmail("loginerr");
    await createAccount(request, email);
    await page.goto("/login");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByText("Please fill out all fields").first()).toBeVisible();
    await page.getByRole("textbox", { name: "Email" }).fill("not-an-email");
    await page.getByRole("textbox", { name: "Password", exact: true }).fill("x");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await page.getByRole("textbox", { name: "Email" }).fill(uniqueEmail("nobody"));
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Account not registered");
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill("wrong-password-1");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");

    await useStoredLanguage(page, "ru");
    await page.reload();
    await page.getByRole("button", { name: "Войти" }).last().click();
    await expect(page.getByText("Пожалуйста, заполните все поля").first()).toBeVisible();
    await page.getByRole("textbox", { name: "Электронная почта" }).fill(email);
    await page.getByRole("textbox", { name: "Пароль", exact: true }).fill("wrong-password-1");
    await page.getByRole("button", { name: "Войти" }).last().click();
    await expect(page.getByRole("alert")).toHaveText("Неверная почта или пароль");
  });

  test("log in, see the account area, log out @e2e", async ({ page, request }) => {
    const email = uniqueEmail("login");
    await createAccount(request, email);
    await logIn(page, email);
    // The spec's six sections, Security and Devices (docs/product.md §2.2, §11.5).
    await expect(page.getByRole("navigation", { name: "Account sections" }).getByRole("link")).toHaveCount(8);
    await page.goto("/login");
    await expect(page).toHaveURL(/\/account\/profile$/);
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("email"))).toBeNull();
    await page.goto("/account/payments");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("forgot password: code, new password, profile; the new password works @e2e", async ({ page, request }) => {
    const email = uniqueEmail("forgot");
    await createAccount(request, email);
    const signupMailedBy = Date.now();
    await page.goto("/forgotpassword");
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText("Please enter your email")).toBeVisible();
    await page.getByRole("textbox", { name: "Email" }).fill(uniqueEmail("ghost"));
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByRole("alert")).toHaveText("Account not registered");

    const since = new Date().toISOString();
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await untilMailAllowed(page, signupMailedBy);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page).toHaveURL(`/emailconfirmation_reset_pass?email=${encodeURIComponent(email)}`);
    await expect(page.getByText("Code has been sent")).toBeVisible();
    await typeCode(page, await mailedCode(request, email, since));
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/\/resetpassword\?/);
    expect(await page.evaluate(() => localStorage.getItem("isRecoveringPassword"))).toBe("1");
    // Recovering: the header does not treat the user as signed in, and the account area is closed.
    await expect(page.getByRole("link", { name: "Support" })).toBeVisible();
    await expect(page).not.toHaveURL(/access_token/);

    await page.getByRole("textbox", { name: "New password" }).fill("Another-Pass-77");
    await page.getByRole("textbox", { name: "Repeat password" }).fill("Another-Pass-78");
    await page.getByRole("button", { name: "Save password" }).click();
    await expect(page.getByText("The passwords do not match")).toBeVisible();
    await page.getByRole("textbox", { name: "Repeat password" }).fill("Another-Pass-77");
    await page.getByRole("button", { name: "Save password" }).click();
    await expect(page).toHaveURL(/\/account\/profile$/);
    await expect(page.getByText("Password updated successfully")).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("isRecoveringPassword"))).toBeNull();

    await page.getByRole("button", { name: "Log out" }).click();
    // Signed out once the app is on /login; navigating sooner would race the sign-out.
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, email, "Another-Pass-77");
  });
});
