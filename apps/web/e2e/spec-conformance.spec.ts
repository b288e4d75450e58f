import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { createAccount, mailedCode, PASSWORD, typeCode, uniqueEmail, untilMailAllowed } from "./accounts.js";
import { useStoredLanguage } from "./helpers.js";

/**
 * The deviations a line-by-line audit of the product spec found in the browser (issue #19), one
 * test each, in English and Russian wherever the item is about text. Error cases the server cannot
 * produce on demand are faked with `page.route`, as the audit did.
 */

const TEXT = {
  en: {
    email: "Email",
    password: "Password",
    logIn: "Log in",
    logOut: "Log out",
    close: "Close",
    actionUnavailable: "Action unavailable",
    month: /^1 Month/,
    year: /^1 Year/,
    week: /^1 Week/,
    userBlocked: "Your account has been blocked",
    accountNotFound: "Account not registered",
    invalidEmail: "Please enter a valid email address",
    sendCode: "Send code",
    enterEmail: "Please enter your email",
    profileLoading: "Loading your profile…",
    inactive: "Inactive",
    active: "Active",
    noActiveSubscription: "You have no active subscription",
    noPayments: "You have no payments yet.",
    subscriptionNav: "Subscription Status",
    paymentsNav: "Payment History",
    publicFooterLinks: ["Benefits", "Pricing", "About", "Cancel a subscription", "Refunds"],
    privacy: "Privacy policy",
    copyright: /© \d{4} Veil\. All rights reserved\./,
  },
  ru: {
    email: "Электронная почта",
    password: "Пароль",
    logIn: "Войти",
    logOut: "Выйти",
    close: "Закрыть",
    actionUnavailable: "Действие недоступно",
    month: /^1 месяц/,
    year: /^1 год/,
    week: /^1 неделя/,
    userBlocked: "Ваш аккаунт заблокирован",
    accountNotFound: "Аккаунт не зарегистрирован",
    invalidEmail: "Введите корректный адрес электронной почты",
    sendCode: "Отправить код",
    enterEmail: "Пожалуйста, введите почту",
    profileLoading: "Загружаем профиль…",
    inactive: "Неактивна",
    active: "Активна",
    noActiveSubscription: "У вас нет активной подписки",
    noPayments: "У вас пока нет платежей.",
    subscriptionNav: "Статус подписки",
    paymentsNav: "История платежей",
    publicFooterLinks: ["Преимущества", "Тарифы", "О сервисе", "Отмена подписки", "Возврат средств"],
    privacy: "Политика конфиденциальности",
    copyright: /© \d{4} Veil\. Все права защищены\./,
  },
} as const;
type Lang = keyof typeof TEXT;
const LANGS = Object.keys(TEXT) as Lang[];

/**
 * Starts `page` signed in as `email` without the login screen: the session comes from the auth
 * API and is stored where supabase-js keeps it. The login screen's e-mail look-up is limited per
 * IP (30 per 5 minutes) on the one server the whole suite shares, and these tests are not about
 * logging in. Ends on the profile.
 */
async function signedIn(page: Page, request: APIRequestContext, email: string): Promise<void> {
  const res = await request.post("/auth/v1/token?grant_type=password", {
    headers: { apikey: "veil-dev-anon-key", "Content-Type": "application/json" },
    data: { email, password: PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const session = await res.text();
  await page.goto("/home");
  await page.evaluate(
    ([value, address]) => {
      localStorage.setItem("veil-auth", value);
      localStorage.setItem("email", address);
    },
    [session, email] as const,
  );
  await page.goto("/account/profile");
  await expect(page).toHaveURL(/\/account\/profile$/);
}

/** Holds every request to `url` until `release()` is called, then answers it with `json`. */
async function holdRequests(page: Page, url: string, json: unknown): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.fulfill({ json });
  });
  return { release };
}

for (const lang of LANGS) {
  const tx = TEXT[lang];

  test.describe(`spec conformance (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await useStoredLanguage(page, lang);
    });

    test(`1. a guest closes the dialog opened from the plan tabs (×, Escape, outside click) @e2e`, async ({ page }) => {
      await page.goto("/payment?planId=2");
      const dialog = page.getByRole("dialog", { name: tx.actionUnavailable });
      const month = page.getByRole("tab", { name: tx.month });
      await expect(month).toHaveAttribute("aria-selected", "true");

      // A real mouse click on another tab; the corner × closes it.
      await page.getByRole("tab", { name: tx.year }).click();
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: tx.close }).click();
      // Focus goes back to the plan that is still selected (focusing the clicked, unselected tab
      // would select it and reopen the dialog at once).
      await expect(month).toBeFocused();
      await expect(dialog).toBeHidden();
      await expect(month).toHaveAttribute("aria-selected", "true");

      // The keyboard: ArrowRight moves to the next plan; Escape closes.
      await page.keyboard.press("ArrowRight");
      await expect(dialog).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(month).toBeFocused();
      await expect(dialog).toBeHidden();

      // A click outside the panel.
      await page.getByRole("tab", { name: tx.week }).click();
      await expect(dialog).toBeVisible();
      // The dialog starts listening for outside clicks a task after it opens (so the click that
      // opened it does not close it). On a loaded CI box a click sent the moment the dialog showed
      // once landed before that and was ignored; a person's click never comes that fast, so the
      // click is repeated until the dialog has closed (it must close by an outside click).
      await expect(async () => {
        if (await dialog.isVisible()) await page.mouse.click(5, 5);
        await expect(dialog).toBeHidden({ timeout: 1_000 });
      }).toPass({ timeout: 10_000 });
      await expect(month).toBeFocused();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/payment\?planId=2$/);
    });

    test(`4. a blocked user is told so in the page's language (by-email answers 403) @e2e`, async ({ page }) => {
      await page.route("**/api/user/web/by-email", (route) =>
        route.fulfill({ status: 403, json: { detail: "Your account has been blocked" } }),
      );
      await page.goto("/login");
      await page.getByRole("textbox", { name: tx.email }).fill(uniqueEmail(`blocked-${lang}`));
      await page.getByRole("textbox", { name: tx.password, exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: tx.logIn }).last().click();
      await expect(page.getByRole("alert")).toHaveText(tx.userBlocked);

      await page.goto("/forgotpassword");
      await page.getByRole("textbox", { name: tx.email }).fill(uniqueEmail(`blocked-${lang}`));
      await page.getByRole("button", { name: tx.sendCode }).click();
      await expect(page.getByRole("alert")).toHaveText(tx.userBlocked);
    });

    test(`5. profile, subscription and payments show loading, never 'Inactive', until the data answers @e2e`, async ({
      page,
      request,
    }) => {
      const email = uniqueEmail(`loading-${lang}`);
      await createAccount(request, email);
      await signedIn(page, request, email);

      // An active subscriber whose subscription info is slow to come.
      const subscription = await holdRequests(page, "**/api/subscription/web/info", {
        is_active: true,
        plan_name: "1 Month",
        days_left: 30,
      });
      const asked = page.waitForRequest("**/api/subscription/web/info");
      await page.reload();
      await asked;
      await expect(page.getByText(tx.profileLoading)).toBeVisible();
      await expect(page.getByText(tx.inactive, { exact: true })).toHaveCount(0);
      subscription.release();
      await expect(page.getByText(tx.active, { exact: true })).toBeVisible();
      await expect(page.getByText(tx.profileLoading)).toHaveCount(0);
      await page.unroute("**/api/subscription/web/info");

      // Subscription and payments, opened directly, with both calls held.
      const heldSubscription = await holdRequests(page, "**/api/subscription/web/info", {
        is_active: false,
        plan_name: null,
        days_left: 0,
      });
      const heldPayments = await holdRequests(page, "**/api/payment/web/all", []);
      for (const path of ["/account/subscription", "/account/payments"]) {
        const bothAsked = Promise.all([
          page.waitForRequest("**/api/subscription/web/info"),
          page.waitForRequest("**/api/payment/web/all"),
        ]);
        await page.goto(path);
        await bothAsked;
        await expect(page.locator("[aria-busy=true]")).not.toHaveCount(0);
        await expect(page.getByText(tx.noActiveSubscription)).toHaveCount(0);
        await expect(page.getByText(tx.noPayments)).toHaveCount(0);
      }
      heldSubscription.release();
      heldPayments.release();
      await expect(page.getByText(tx.noPayments)).toBeVisible();
    });

    test(`7. the account area has its own footer, not the public one @e2e`, async ({ page, request }) => {
      const email = uniqueEmail(`footer-${lang}`);
      await createAccount(request, email);
      await signedIn(page, request, email);
      const footer = page.getByRole("contentinfo");
      await expect(footer).toHaveCount(1);
      await expect(footer).toContainText(tx.copyright);
      await expect(footer.getByRole("link", { name: tx.privacy })).toBeVisible();
      for (const name of tx.publicFooterLinks) await expect(page.getByRole("link", { name })).toHaveCount(0);
      await expect(footer.getByRole("heading")).toHaveCount(0);

      // The public pages keep theirs.
      await page.goto("/faq");
      for (const name of tx.publicFooterLinks) {
        await expect(page.getByRole("contentinfo").getByRole("link", { name })).toBeVisible();
      }
    });

    test(`8. a new submit clears the previous server message on /login and /forgotpassword @e2e`, async ({ page }) => {
      // The look-up's 404 for an unknown account is answered here, sparing the server's per-IP limit.
      await page.route("**/api/user/web/by-email", (route) =>
        route.fulfill({ status: 404, json: { detail: "Not found" } }),
      );
      await page.goto("/login");
      await page.getByRole("textbox", { name: tx.email }).fill(uniqueEmail(`stale-${lang}`));
      await page.getByRole("textbox", { name: tx.password, exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: tx.logIn }).last().click();
      await expect(page.getByRole("alert")).toHaveText(tx.accountNotFound);
      await page.getByRole("textbox", { name: tx.email }).fill("not-an-email");
      await page.getByRole("button", { name: tx.logIn }).last().click();
      await expect(page.getByText(tx.invalidEmail)).toBeVisible();
      await expect(page.getByText(tx.accountNotFound)).toHaveCount(0);

      await page.goto("/forgotpassword");
      await page.getByRole("textbox", { name: tx.email }).fill(uniqueEmail(`stale-${lang}`));
      await page.getByRole("button", { name: tx.sendCode }).click();
      await expect(page.getByRole("alert")).toHaveText(tx.accountNotFound);
      await page.getByRole("textbox", { name: tx.email }).fill("");
      await page.getByRole("button", { name: tx.sendCode }).click();
      await expect(page.getByText(tx.enterEmail)).toBeVisible();
      await expect(page.getByText(tx.accountNotFound)).toHaveCount(0);
    });
  });
}

test.describe("spec conformance (language-neutral)", () => {
  for (const failure of ["500", "network"] as const) {
    test(`2. log out ends the local session when the sign-out call fails (${failure}) @e2e`, async ({
      page,
      request,
    }) => {
      const email = uniqueEmail(`logout-${failure}`);
      await createAccount(request, email);
      await signedIn(page, request, email);
      expect(await page.evaluate(() => localStorage.getItem("veil-auth"))).not.toBeNull();
      await page.route("**/auth/v1/logout**", (route) =>
        failure === "500" ? route.fulfill({ status: 500, json: { message: "boom" } }) : route.abort("failed"),
      );
      await page.getByRole("button", { name: TEXT.en.logOut }).click();
      await expect(page).toHaveURL(/\/login$/);
      expect(await page.evaluate(() => localStorage.getItem("veil-auth"))).toBeNull();
      expect(await page.evaluate(() => localStorage.getItem("email"))).toBeNull();
      // Reopening the account area asks to log in again.
      await page.goto("/account/profile");
      await expect(page).toHaveURL(/\/login$/);
      await page.reload();
      await expect(page).toHaveURL(/\/login$/);
    });
  }

  test("3. the recovery hand-off never puts the access token in the address bar @e2e", async ({ page, request }) => {
    const email = uniqueEmail("handoff");
    await createAccount(request, email);
    const signupMailedBy = Date.now();
    const seen: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) seen.push(frame.url());
    });
    await untilMailAllowed(page, signupMailedBy);
    const since = new Date().toISOString();
    await page.goto("/forgotpassword");
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page).toHaveURL(/\/emailconfirmation_reset_pass\?/);
    await typeCode(page, await mailedCode(request, email, since));
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(`/resetpassword?email=${encodeURIComponent(email)}`);
    // The reset screen works from the session the auth client holds.
    await expect(page.getByRole("textbox", { name: "New password" })).toBeVisible();
    expect(seen.filter((url) => url.includes("access_token"))).toEqual([]);
  });
});
