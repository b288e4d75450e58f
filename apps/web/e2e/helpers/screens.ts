/**
 * Every route of docs/product.md §2.1 and every state a user can reach on them, described once and used by the
 * @a11y (axe), @vrt (screenshots) and ARIA-snapshot suites, so the gates can never drift apart.
 * States are reached the way a user reaches them (clicks, submits, the real server's answers);
 * only failures the seeded server cannot produce on demand (a 402 on payment start, a list that is
 * still loading) are simulated with `page.route`.
 */
import { expect, type Page, test } from "@playwright/test";
// Renamed: a plain async helper, not a React hook (Biome judges by the name).
import { useStoredLanguage as storeLanguage } from "../helpers.js";
import { DEVICE_ROUTES, DEVICE_STATES } from "./device-screens.js";
import { type Lang, msg } from "./messages.js";
import { fixSessionIds, SECURITY_ROUTES, SECURITY_STATES } from "./security-screens.js";
import { settle, trackAppRequests } from "./settle.js";
import { ACCOUNTS, type AccountName } from "./world.js";

export { LANGS, type Lang, msg } from "./messages.js";
export { settle };

export interface Screen {
  /** File-name safe id, e.g. "login.errors". */
  name: string;
  path: string;
  /** Signed in as this seeded account; a guest otherwise. */
  as?: AccountName;
  /** Brings the loaded page into the state (a user's clicks and keys). */
  act?: (page: Page, lang: Lang) => Promise<void>;
  /** Only at these widths (the mobile menu exists below 1100 px). */
  widths?: readonly number[];
  /** Captured at exactly these widths instead of the states' 375 and 1280 px (the long-value screens: 320, 375). */
  captureWidths?: readonly number[];
  /** Part of the screenshot suite's state set (every plain route always is). */
  screenshot?: boolean;
}

/** A plan card's button: "Choose plan" followed by the plan's name (read from the card). */
const choosePlan = (lang: Lang, plan: "week" | "month" | "halfYear" | "year") =>
  new RegExp(`${msg(lang, "pricing.choose")}.*${msg(lang, `plans.${plan}.name`)}`);

const submit = (page: Page) => page.locator("main form button[type=submit]").first().click();

/**
 * Submits the form empty and waits for its answer: focus on the first field marked invalid. On a
 * prerendered page the click wakes React and the submission is replayed once it has hydrated,
 * which on a loaded machine outlasted the settle's quiet stretch (the field got focus, and its
 * caret, after the forced-colors shot had made the focused element read-only).
 */
const submitEmpty = async (page: Page) => {
  await submit(page);
  await expect(page.locator(":focus")).toHaveAttribute("aria-invalid", "true");
};

/** The plain routes of the route table of docs/product.md §2.1 (`/` only redirects to /home). */
export const ROUTES: Screen[] = [
  { name: "home", path: "/home" },
  { name: "supportcenter", path: "/supportcenter" },
  { name: "faq", path: "/faq" },
  { name: "termsofuse", path: "/termsofuse" },
  { name: "privacy", path: "/privacy" },
  { name: "contactus", path: "/contactus" },
  { name: "login", path: "/login" },
  { name: "register", path: "/register" },
  { name: "forgotpassword", path: "/forgotpassword" },
  { name: "emailconfirmation", path: `/emailconfirmation?email=${encodeURIComponent(ACCOUNTS.new)}` },
  {
    name: "emailconfirmation_reset_pass",
    path: `/emailconfirmation_reset_pass?email=${encodeURIComponent(ACCOUNTS.paid)}`,
  },
  { name: "resetpassword", path: "/resetpassword" },
  { name: "payment", path: "/payment?planId=4" },
  {
    // The route is reached through the reminder mail's signed link: its question.
    name: "unsubscribe",
    path: "/unsubscribe",
    act: async (page, lang) => {
      await openUnsubscribeLink(page, "reminded");
      await expect(page.getByRole("heading", { name: msg(lang, "unsubscribe.ask.title") })).toBeVisible();
    },
  },
  { name: "account-profile", path: "/account/profile", as: "paid" },
  { name: "account-subscription", path: "/account/subscription", as: "paid" },
  { name: "account-payments", path: "/account/payments", as: "paid" },
  { name: "account-change-password", path: "/account/change-password", as: "paid" },
  { name: "account-change-password-reset", path: "/account/change-password/reset", as: "paid" },
  { name: "account-delete", path: "/account/delete", as: "paid" },
  { name: "account-supportcenter", path: "/account/supportcenter", as: "paid" },
  ...SECURITY_ROUTES,
  ...DEVICE_ROUTES,
  { name: "not-found", path: "/no-such-page" },
];

/** Opens the header's collapsed menu (below 1100 px). */
async function openMobileMenu(page: Page, lang: Lang): Promise<void> {
  const toggle = page.getByRole("banner").getByRole("button", { name: msg(lang, "header.openMenu") });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
}

/** Opens the unsubscribe link of the renewal reminder the world mailed to `account` (docs/product.md §11.3). */
async function openUnsubscribeLink(page: Page, account: AccountName): Promise<void> {
  const res = await page.request.get(`/dev/mailbox/messages?to=${encodeURIComponent(ACCOUNTS[account])}`);
  const mails = (await res.json()) as { text: string; headers: Record<string, string> }[];
  const reminder = mails.find((m) => m.headers["List-Unsubscribe"]);
  const link = /\/unsubscribe\?token=\S+/.exec(reminder?.text ?? "")?.[0];
  expect(link, `a renewal reminder mailed to ${ACCOUNTS[account]}`).toBeTruthy();
  await page.goto(link ?? "");
}

/** Requests that never answer, to hold a screen in its loading state. */
async function hang(page: Page, pattern: string): Promise<void> {
  await page.route(pattern, () => {
    /* never fulfilled: the screen stays loading */
  });
}

async function wrongCode(page: Page, lang: Lang): Promise<void> {
  await page.getByRole("textbox", { name: msg(lang, "emailConfirmation.codeLabel") }).fill("000000");
  await submit(page);
  await expect(page.getByRole("alert")).toHaveText(msg(lang, "emailConfirmation.invalidCode"));
  // The countdown restarted; settle the focus ring on the cleared first box.
}

async function openTokens(page: Page, lang: Lang): Promise<void> {
  await page.getByRole("button", { name: new RegExp(msg(lang, "paymentScreen.method.crypto")) }).click();
  await expect(page.getByRole("radio").first()).toBeVisible();
}

/**
 * docs/product.md §2.14: the screens that show the signed-in address, as the 60-character `long`
 * account (or a guest given that address) sees them on phones, 320 and 375 px. The reflow check
 * after each capture fails when the address widens the page.
 */
const LONG_WIDTHS = [320, 375] as const;
const longEmail = encodeURIComponent(ACCOUNTS.long);
export const LONG_VALUE_STATES: Screen[] = (
  [
    { name: "long.account-profile", path: "/account/profile", as: "long" },
    { name: "long.account-subscription", path: "/account/subscription", as: "long" },
    { name: "long.account-payments", path: "/account/payments", as: "long" },
    { name: "long.payment", path: "/payment?planId=2", as: "long" },
    { name: "long.payment.tokens", path: "/payment?planId=2", as: "long", act: openTokens },
    { name: "long.emailconfirmation", path: `/emailconfirmation?email=${longEmail}` },
    { name: "long.emailconfirmation_reset_pass", path: `/emailconfirmation_reset_pass?email=${longEmail}` },
    { name: "long.resetpassword", path: `/resetpassword?email=${longEmail}` },
  ] satisfies Screen[]
).map((screen) => ({ ...screen, screenshot: true, captureWidths: LONG_WIDTHS }));

/** The states of docs/product.md §2/§4/§8 a user can reach, beyond a route's first paint. */
export const STATES: Screen[] = [
  { name: "login.errors", path: "/login", act: submitEmpty, screenshot: true },
  {
    name: "login.wrong-password",
    path: "/login",
    act: async (page, lang) => {
      await page.getByRole("textbox", { name: msg(lang, "common.emailLabel") }).fill("nobody@example.com");
      await page.getByRole("textbox", { name: msg(lang, "common.passwordLabel"), exact: true }).fill("Wrong-pass-1");
      await submit(page);
      await expect(page.getByRole("alert")).toBeVisible();
    },
  },
  { name: "register.errors", path: "/register", act: submitEmpty, screenshot: true },
  {
    name: "register.mismatch",
    path: "/register",
    act: async (page, lang) => {
      await page.getByRole("textbox", { name: msg(lang, "common.emailLabel") }).fill("someone@example.com");
      await page.getByRole("textbox", { name: msg(lang, "common.passwordLabel"), exact: true }).fill("abc12345");
      await page.getByRole("textbox", { name: msg(lang, "registerScreen.repeatPassword") }).fill("abc12346");
      await submit(page);
      await expect(page.getByText(msg(lang, "registerScreen.errors.passwordMismatch"))).toBeVisible();
    },
  },
  { name: "forgotpassword.errors", path: "/forgotpassword", act: submitEmpty },
  {
    name: "contactus.error",
    path: "/contactus",
    act: async (page, lang) => {
      await page.route("**/api/contact/web/send", (route) => route.abort("failed"));
      await page.getByRole("textbox", { name: msg(lang, "contact.name") }).fill("Ana");
      await page.getByRole("textbox", { name: msg(lang, "contact.email") }).fill("ana@example.com");
      await page.getByRole("textbox", { name: msg(lang, "contact.message") }).fill("Hello");
      await submit(page);
      await expect(page.getByRole("alert")).toBeVisible();
    },
    screenshot: true,
  },
  {
    name: "contactus.sent",
    path: "/contactus",
    act: async (page, lang) => {
      await page.getByRole("textbox", { name: msg(lang, "contact.name") }).fill("Ana");
      await page.getByRole("textbox", { name: msg(lang, "contact.email") }).fill("ana@example.com");
      await page.getByRole("textbox", { name: msg(lang, "contact.message") }).fill("The app does not connect.");
      await submit(page);
      await expect(page.getByText(msg(lang, "contact.success"))).toBeVisible();
    },
  },
  {
    name: "emailconfirmation.error",
    path: `/emailconfirmation?email=${encodeURIComponent(ACCOUNTS.new)}`,
    act: wrongCode,
    screenshot: true,
  },
  {
    name: "emailconfirmation_reset_pass.error",
    path: `/emailconfirmation_reset_pass?email=${encodeURIComponent(ACCOUNTS.paid)}`,
    act: wrongCode,
  },
  {
    name: "account-change-password-reset.errors",
    path: "/account/change-password/reset",
    as: "paid",
    act: submitEmpty,
  },
  {
    name: "home.action-unavailable",
    path: "/home",
    act: async (page, lang) => {
      // Bring the year card into the carousel first and let the snap finish: a click that scrolls
      // it in itself raced the snap, and the carousel behind the dialog stopped on either card.
      const choose = page.getByRole("button", { name: choosePlan(lang, "year") });
      await choose.evaluate((button) => button.scrollIntoView({ block: "center", inline: "nearest" }));
      await settle(page);
      await choose.click();
      await expect(page.getByRole("dialog")).toBeVisible();
    },
    screenshot: true,
  },
  {
    name: "payment.payment-error",
    path: "/payment?planId=2",
    as: "paid",
    act: async (page, lang) => {
      await page.route("**/api/payment/web/init", (route) =>
        route.fulfill({ status: 402, json: { detail: "Amount below the token minimum" } }),
      );
      await openTokens(page, lang);
      await page.locator("label").filter({ hasText: "USDT TRC-20" }).click();
      await page
        .getByRole("button", { name: new RegExp(msg(lang, "paymentScreen.crypto.pay", { token: ".+" })) })
        .click();
      await expect(page.getByRole("dialog", { name: msg(lang, "paymentScreen.crypto.errorTitle") })).toBeVisible();
    },
    screenshot: true,
  },
  {
    name: "account-delete.confirm",
    path: "/account/delete",
    as: "new",
    act: async (page, lang) => {
      await page.getByRole("button", { name: msg(lang, "deleteAccount.button") }).click();
      const dialog = page.getByRole("dialog", { name: msg(lang, "deleteAccount.confirmTitle") });
      await dialog.getByRole("button", { name: msg(lang, "deleteAccount.confirm") }).click();
      await expect(dialog.getByText(/./).first()).toBeVisible();
    },
    screenshot: true,
  },
  {
    name: "home.mobile-menu",
    path: "/home",
    widths: [375],
    act: async (page, lang) => {
      await openMobileMenu(page, lang);
    },
    screenshot: true,
  },
  {
    name: "home.language-menu",
    path: "/home",
    act: async (page, lang) => {
      // Below 1100 px the switch lives in the collapsed menu.
      if ((page.viewportSize()?.width ?? 1280) < 1100) await openMobileMenu(page, lang);
      await page
        .getByRole("banner")
        .getByRole("button", { name: new RegExp(msg(lang, "language.label")) })
        .click();
      await expect(page.getByRole("menu")).toBeVisible();
    },
    screenshot: true,
  },
  {
    name: "payment.tokens-expanded",
    path: "/payment?planId=4",
    as: "paid",
    act: async (page, lang) => {
      await openTokens(page, lang);
      // The simulator offers the 10 tokens of docs/product.md §3.2, under the 12 shown at first (§9), so the
      // whole grid is already out and there is no "Show more"; with a longer list, expand it.
      const more = page.getByRole("button", { name: msg(lang, "paymentScreen.crypto.showMore") });
      if (await more.count()) await more.click();
      await page.locator("label").filter({ hasText: "USDT TRC-20" }).click();
      await expect(page.getByRole("radio", { name: /USDT TRC-20/ })).toBeChecked();
    },
    screenshot: true,
  },
  {
    name: "payment.tokens-loading",
    path: "/payment?planId=1",
    as: "paid",
    act: async (page, lang) => {
      await hang(page, "**/api/exnode/tokens");
      await page.getByRole("button", { name: new RegExp(msg(lang, "paymentScreen.method.crypto")) }).click();
      await expect(page.getByText(msg(lang, "paymentScreen.crypto.loading")).first()).toBeAttached();
    },
  },
  {
    name: "payment.tokens-failed",
    path: "/payment?planId=1",
    as: "paid",
    act: async (page, lang) => {
      await page.route("**/api/exnode/tokens", (route) => route.fulfill({ status: 503, json: { detail: "down" } }));
      await page.getByRole("button", { name: new RegExp(msg(lang, "paymentScreen.method.crypto")) }).click();
      await expect(page.getByText(msg(lang, "paymentScreen.crypto.errorLoading"))).toBeVisible();
    },
  },
  {
    name: "account-payments.view-all",
    path: "/account/payments",
    as: "paid",
    act: async (page, lang) => {
      await page.getByRole("button", { name: msg(lang, "payments.viewAll") }).click();
      await expect(page.getByRole("button", { name: msg(lang, "payments.hide") })).toBeVisible();
    },
    screenshot: true,
  },
  { name: "account-payments.empty", path: "/account/payments", as: "new", screenshot: true },
  {
    name: "account-payments.loading",
    path: "/account/payments",
    as: "paid",
    act: async (page, lang) => {
      await expect(page.getByText(msg(lang, "payments.loading")).first()).toBeAttached();
    },
  },
  { name: "account-subscription.inactive", path: "/account/subscription", as: "new", screenshot: true },
  {
    name: "account-subscription.extend",
    path: "/account/subscription",
    as: "paid",
    act: async (page, lang) => {
      await page.getByRole("button", { name: msg(lang, "subscription.extend") }).click();
      await expect(page.getByRole("button", { name: choosePlan(lang, "year") })).toBeVisible();
    },
  },
  { name: "account-profile.inactive", path: "/account/profile", as: "new" },
  {
    name: "unsubscribe.done",
    path: "/unsubscribe",
    act: async (page, lang) => {
      await openUnsubscribeLink(page, "unsubscribed");
      await expect(page.getByRole("heading", { name: msg(lang, "unsubscribe.done.title") })).toBeVisible();
    },
    screenshot: true,
  },
  {
    name: "unsubscribe.invalid",
    path: "/unsubscribe?token=bm8tc3VjaC1jdXN0b21lcg.Zm9yZ2VkLXNpZ25hdHVyZQ",
    act: async (page, lang) => {
      await expect(page.getByRole("heading", { name: msg(lang, "unsubscribe.invalid.title") })).toBeVisible();
    },
    screenshot: true,
  },
  {
    name: "unsubscribe.loading",
    path: "/unsubscribe?token=bm8tc3VjaC1jdXN0b21lcg.Zm9yZ2VkLXNpZ25hdHVyZQ",
    act: async (page, lang) => {
      await expect(page.getByText(msg(lang, "unsubscribe.checking"))).toBeAttached();
    },
  },
  {
    name: "faq.hash",
    path: "/faq#q3",
    act: async (page) => {
      await expect(page.locator("#q3")).toBeInViewport();
    },
  },
  ...SECURITY_STATES,
  ...DEVICE_STATES,
  ...LONG_VALUE_STATES,
];

/** Loading states hold requests before the page loads; everything else acts after load. */
const BEFORE_LOAD: Record<string, (page: Page) => Promise<void>> = {
  "account-payments.loading": (page) => hang(page, "**/api/payment/web/all"),
  "unsubscribe.loading": (page) => hang(page, "**/api/reminders/status*"),
  "account-devices.loading": (page) => hang(page, "**/api/devices"),
};

/** Opens `screen` in `lang` and brings it into its state. */
export async function open(page: Page, screen: Screen, lang: Lang): Promise<void> {
  await storeLanguage(page, lang);
  await trackAppRequests(page);
  await BEFORE_LOAD[screen.name]?.(page);
  if (screen.path === "/account/security") await fixSessionIds(page);
  await page.goto(screen.path);
  if (BEFORE_LOAD[screen.name]) await expect(page.locator("html")).toHaveAttribute("lang", lang);
  else await settle(page);
  const { act } = screen;
  if (act) await test.step("act (bring into state)", () => act(page, lang));
  if (!BEFORE_LOAD[screen.name] && !screen.name.includes("loading")) await settle(page);
}

/**
 * Screens the @vrt suite opens anyway: every route and the states marked `screenshot`. At the axe
 * widths it also runs axe and the reflow check on them, so each page load serves both gates; the
 * @a11y screen suite covers only the rest.
 */
export const isScreenshotted = (screen: Screen): boolean => ROUTES.includes(screen) || screen.screenshot === true;
