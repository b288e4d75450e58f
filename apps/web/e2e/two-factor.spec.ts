/**
 * Two-factor sign-in in the browser, against the real server (docs/product.md §11.4), in English
 * and Russian: turned on from Security (QR code and the key as text), a code from an authenticator
 * (computed here with `otpauth`, as an app does) confirms it, the recovery codes are shown once;
 * signing in then asks for the code (a wrong one is refused with its message), a recovery code
 * works once, and turning it off needs a code. The English run does the setup by keyboard only.
 *
 * Codes of one 30-second step work once (the server refuses a replay), so this file starts a
 * server of its own with a test clock, frozen at the real time, and moves it 30 s before each code
 * instead of waiting.
 */
import { type APIRequestContext, test as base, expect as baseExpect, type Page } from "@playwright/test";
import { createAccount, mailedCode, PASSWORD, uniqueEmail } from "./accounts.js";
import { startBuiltServer } from "./helpers/built-server.js";
import { expectVisibleFocus, tabTo } from "./helpers/keyboard.js";
import { LANGS, type Lang, msg } from "./helpers/messages.js";
import { totpCode } from "./helpers/totp.js";
import { useStoredLanguage as storeLanguage } from "./helpers.js";

/** Pages of the account area load their data after a reload; a busy 2-core machine takes a while. */
const expect = baseExpect.configure({ timeout: 15_000 });

const test = base.extend<object, { clockServer: string }>({
  clockServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const server = await startBuiltServer({
        TEST_CLOCK_START: new Date().toISOString(),
        // The clock hardly moves, so rate-limit windows never pass; sign-ins add up.
        RATE_LIMIT_TOKEN_PER_5MIN: "10000",
        RATE_LIMIT_VERIFY_PER_5MIN: "10000",
        RATE_LIMIT_ACCOUNT_LOOKUP_PER_5MIN: "10000",
      });
      try {
        await use(server.url);
      } finally {
        server.process.kill("SIGTERM");
      }
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ clockServer }, use) => use(clockServer),
});

/** The authenticator app's current code, one 30-second step after the last one given. */
async function nextCode(api: APIRequestContext, secret: string): Promise<string> {
  const res = await api.post("/dev/clock", { data: { advanceSeconds: 30 } });
  expect(res.ok(), await res.text()).toBe(true);
  const { now } = (await res.json()) as { now: string };
  return totpCode(secret, now);
}

/** Email and password on the login screen (the code step, if any, follows on the same page). */
async function enterPassword(page: Page, lang: Lang, email: string): Promise<void> {
  await page.goto("/login");
  await page.getByRole("textbox", { name: msg(lang, "common.emailLabel") }).fill(email);
  await page.getByRole("textbox", { name: msg(lang, "common.passwordLabel"), exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: msg(lang, "loginScreen.submit") }).click();
}

async function signOut(page: Page, lang: Lang): Promise<void> {
  await page.getByRole("button", { name: msg(lang, "account.logout") }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Presses Tab until `name`'s button (or link) has focus, then Enter. */
async function pressButton(page: Page, role: "button" | "link", name: string): Promise<void> {
  await tabTo(page, page.getByRole(role, { name, exact: true }));
  await page.keyboard.press("Enter");
}

for (const lang of LANGS) {
  const t = (key: string) => msg(lang, key);
  const byKeyboard = lang === "en";

  test(`two-factor sign-in: on with a QR code, asked at sign-in, recovery code once, off with a code (${lang})${byKeyboard ? " @kbd" : ""} @e2e`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const email = uniqueEmail(`two-factor-${lang}`);
    await createAccount(request, email);
    await storeLanguage(page, lang);
    await enterPassword(page, lang, email);
    await expect(page).toHaveURL(/\/account\/profile$/);
    await page.waitForLoadState("networkidle");

    // Turn it on from the sidebar's Security link.
    if (byKeyboard) await pressButton(page, "link", t("account.nav.security"));
    else await page.getByRole("link", { name: t("account.nav.security") }).click();
    await expect(page).toHaveURL(/\/account\/security$/);
    await expect(page.getByRole("heading", { level: 1, name: t("security.title") })).toBeVisible();
    await expect(page.getByText(t("twoFactor.statusOff"))).toBeVisible();
    if (byKeyboard) await pressButton(page, "button", t("twoFactor.enable"));
    else await page.getByRole("button", { name: t("twoFactor.enable") }).click();
    // A password session proves the mailbox first: the mailed code, then the set-up (README, "Security").
    const mailBox = page.getByRole("textbox", { name: t("reauthentication.codeLabel") });
    await expect(mailBox).toBeFocused();
    await mailBox.fill(await mailedCode(request, email));
    if (byKeyboard) await pressButton(page, "button", t("twoFactor.reauthConfirm"));
    else await page.getByRole("button", { name: t("twoFactor.reauthConfirm") }).click();

    const qr = page.getByRole("img", { name: t("twoFactor.setup.qrAlt") });
    await expect(qr).toBeVisible();
    expect(await qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml,/);
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const shown =
      (await page.getByText(t("twoFactor.setup.secretLabel")).locator("xpath=following-sibling::p[1]").textContent()) ??
      "";
    const secret = shown.replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const codeBox = page.getByRole("textbox", { name: t("twoFactor.signIn.codeLabel") });
    await expect(codeBox).toBeFocused();
    const confirm = page.getByRole("button", { name: t("twoFactor.setup.confirm") });
    await expect(confirm).toBeDisabled();
    if (byKeyboard) {
      await expectVisibleFocus(page, "the code field");
      await page.keyboard.type(await nextCode(request, secret));
      await pressButton(page, "button", t("twoFactor.setup.confirm"));
    } else {
      await codeBox.fill(await nextCode(request, secret));
      await confirm.click();
    }

    // The recovery codes, once: the heading takes focus, ten codes in a list.
    const codesHeading = page.getByRole("heading", { name: t("twoFactor.codes.title") });
    await expect(codesHeading).toBeFocused();
    const codes = await page
      .getByRole("list", { name: t("twoFactor.codes.title") })
      .getByRole("listitem")
      .allTextContents();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-z]{4}(-[0-9a-z]{4}){3}$/);
    if (byKeyboard) await pressButton(page, "button", t("twoFactor.codes.done"));
    else await page.getByRole("button", { name: t("twoFactor.codes.done") }).click();
    await expect(page.getByRole("status").filter({ hasText: t("twoFactor.turnedOn") })).toBeVisible();
    await page.reload();
    await expect(page.getByText(t("twoFactor.statusOn"))).toBeVisible();
    await expect(codesHeading).toHaveCount(0);
    await expect(page.getByText(codes[0] ?? "-")).toHaveCount(0);

    // Signing in now asks for the code; a wrong one is refused, the right one signs in.
    await signOut(page, lang);
    await enterPassword(page, lang, email);
    await expect(page.getByRole("heading", { name: t("twoFactor.signIn.title") })).toBeVisible();
    await expect(page.getByText(t("twoFactor.signIn.intro"))).toBeVisible();
    const code = await nextCode(request, secret);
    await page
      .getByRole("textbox", { name: t("twoFactor.signIn.codeLabel") })
      .fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: t("twoFactor.signIn.submit") }).click();
    await expect(page.getByRole("alert")).toHaveText(t("twoFactor.signIn.invalidCode"));
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole("textbox", { name: t("twoFactor.signIn.codeLabel") }).fill(code);
    await page.getByRole("button", { name: t("twoFactor.signIn.submit") }).click();
    await expect(page).toHaveURL(/\/account\/profile$/);
    await expect(page.getByText(email)).toBeVisible();

    // A recovery code stands in for the app's code, once.
    const signInWithRecoveryCode = async (recoveryCode: string) => {
      await signOut(page, lang);
      await enterPassword(page, lang, email);
      await page.getByRole("button", { name: t("twoFactor.signIn.useRecovery") }).click();
      await page.getByRole("textbox", { name: t("twoFactor.signIn.recoveryCodeLabel") }).fill(recoveryCode);
      await page.getByRole("button", { name: t("twoFactor.signIn.submit") }).click();
    };
    await signInWithRecoveryCode(codes[0] ?? "");
    await expect(page).toHaveURL(/\/account\/profile$/);
    await signInWithRecoveryCode(codes[0] ?? "");
    await expect(page.getByRole("alert")).toHaveText(t("twoFactor.signIn.invalidCode"));
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole("button", { name: t("twoFactor.signIn.useApp") }).click();
    await page.getByRole("textbox", { name: t("twoFactor.signIn.codeLabel") }).fill(await nextCode(request, secret));
    await page.getByRole("button", { name: t("twoFactor.signIn.submit") }).click();
    await expect(page).toHaveURL(/\/account\/profile$/);

    // Turning it off needs a code: none, or a wrong one, leaves it on.
    await page.getByRole("link", { name: t("account.nav.security") }).click();
    await page.getByRole("button", { name: t("twoFactor.disable") }).click();
    await expect(page.getByText(t("twoFactor.disableIntro"))).toBeVisible();
    const turnOff = page.getByRole("button", { name: t("twoFactor.disableConfirm") });
    await expect(turnOff).toBeDisabled();
    const offCode = await nextCode(request, secret);
    await page
      .getByRole("textbox", { name: t("twoFactor.signIn.codeLabel") })
      .fill(offCode === "000000" ? "111111" : "000000");
    await turnOff.click();
    await expect(page.getByRole("alert")).toHaveText(t("twoFactor.signIn.invalidCode"));
    await page.getByRole("textbox", { name: t("twoFactor.signIn.codeLabel") }).fill(offCode);
    await turnOff.click();
    await expect(page.getByRole("status").filter({ hasText: t("twoFactor.turnedOff") })).toBeVisible();
    await expect(page.getByRole("button", { name: t("twoFactor.enable") })).toBeVisible();

    // And the password alone signs in again.
    await signOut(page, lang);
    await enterPassword(page, lang, email);
    await expect(page).toHaveURL(/\/account\/profile$/);
  });
}
