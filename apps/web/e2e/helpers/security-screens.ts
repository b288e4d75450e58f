/**
 * The Security screen's states for the @a11y, @vrt and ARIA gates (docs/product.md §11.4, §11.5),
 * on the world's `secure` (two-factor sign-in off) and `twofactor` (on) accounts, each also signed
 * in from another device. Reached through the real server; only its random values (a new
 * authenticator key and its QR code, new recovery codes) are swapped for fixed ones in its
 * answers, so a screenshot is the same every run.
 */
import { expect, type Page } from "@playwright/test";
import { mailedCode } from "../accounts.js";
import { type Lang, msg } from "./messages.js";
import type { Screen } from "./screens.js";
import { fixedTotpEnrolment } from "./totp.js";
import { ACCOUNTS } from "./world.js";

/** Ten codes in the server's alphabet and length (apps/server/src/auth/mfa/crypto.ts). */
const FIXED_RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `k4m9x7qp2ab8ht${i}z`);

/** The screen has loaded both cards: the two-factor status and the sessions list. */
async function loaded(page: Page, lang: Lang, twoFactorOn: boolean): Promise<void> {
  await expect(page.getByText(msg(lang, twoFactorOn ? "twoFactor.statusOn" : "twoFactor.statusOff"))).toBeVisible();
  await expect(page.getByRole("list", { name: msg(lang, "security.sessions.listLabel") })).toBeVisible();
}

/** The real enrolment, answered with FIXED_TOTP_SECRET's key and QR code. */
async function fixEnrolment(page: Page): Promise<void> {
  await page.route("**/auth/v1/factors", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    const response = await route.fetch();
    const body = (await response.json()) as { totp?: object };
    if (response.ok() && body.totp) body.totp = await fixedTotpEnrolment("localhost", ACCOUNTS.secure);
    await route.fulfill({ response, json: body });
  });
}

/** The real new recovery codes (generate or regenerate), answered with FIXED_RECOVERY_CODES. */
async function fixRecoveryCodes(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname.startsWith("/auth/v1/factors/recovery-codes"),
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { codes?: string[] };
      if (response.ok() && body.codes) body.codes = FIXED_RECOVERY_CODES;
      await route.fulfill({ response, json: body });
    },
  );
}

/**
 * The real sessions list with each session's (random) id swapped for a fixed one: the rows show
 * its first 8 characters ("Session ID …"). Set before the page loads, which reads the list at once.
 */
export async function fixSessionIds(page: Page): Promise<void> {
  await page.route("**/api/user/web/sessions", async (route) => {
    if (route.request().method() !== "GET") return route.continue();
    const response = await route.fetch();
    const body = (await response.json()) as unknown;
    if (!response.ok() || !Array.isArray(body)) return route.fulfill({ response });
    const json = body.map((session: { id: string }, i: number) => ({
      ...session,
      id: `5e55${String(i).padStart(4, "0")}-0000-4000-8000-000000000000`,
    }));
    await route.fulfill({ response, json });
  });
}

/** Two-factor sign-in off, and the sessions list with this device and the Firefox one. */
export const SECURITY_ROUTES: Screen[] = [
  {
    name: "account-security",
    path: "/account/security",
    as: "secure",
    act: (page, lang) => loaded(page, lang, false),
  },
];

export const SECURITY_STATES: Screen[] = [
  {
    name: "account-security.enrolling",
    path: "/account/security",
    as: "secure",
    act: async (page, lang) => {
      await loaded(page, lang, false);
      await fixEnrolment(page);
      const enable = page.getByRole("button", { name: msg(lang, "twoFactor.enable") });
      const enableBox = await enable.boundingBox();
      await enable.click();
      // The world's session signed in with the password, so the first time it proves the mailbox
      // with the mailed code (README, "Security"); the world's clock stands still, so later visits
      // (the other widths and language) are within the 10 minutes and go straight to the set-up.
      const qr = page.getByRole("img", { name: msg(lang, "twoFactor.setup.qrAlt") });
      const mailBox = page.getByRole("textbox", { name: msg(lang, "reauthentication.codeLabel") });
      await expect(qr.or(mailBox)).toBeVisible();
      if (await mailBox.isVisible()) {
        await mailBox.fill(await mailedCode(page.request, ACCOUNTS.secure));
        await page.getByRole("button", { name: msg(lang, "twoFactor.reauthConfirm") }).click();
        // The pointer rests where it would without the code step, not on the set-up's button.
        if (enableBox) await page.mouse.move(enableBox.x + enableBox.width / 2, enableBox.y + enableBox.height / 2);
      }
      await expect(qr).toBeVisible();
      await expect(page.getByText("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP")).toBeVisible();
    },
    screenshot: true,
  },
  {
    name: "account-security.on",
    path: "/account/security",
    as: "twofactor",
    act: (page, lang) => loaded(page, lang, true),
    screenshot: true,
  },
  {
    name: "account-security.recovery-codes",
    path: "/account/security",
    as: "twofactor",
    act: async (page, lang) => {
      await loaded(page, lang, true);
      await fixRecoveryCodes(page);
      await page.getByRole("button", { name: msg(lang, "twoFactor.newCodes") }).click();
      await expect(
        page.getByRole("list", { name: msg(lang, "twoFactor.codes.title") }).getByRole("listitem"),
      ).toHaveCount(10);
    },
    screenshot: true,
  },
  {
    name: "account-security.disabling",
    path: "/account/security",
    as: "twofactor",
    act: async (page, lang) => {
      await loaded(page, lang, true);
      await page.getByRole("button", { name: msg(lang, "twoFactor.disable") }).click();
      await expect(page.getByRole("button", { name: msg(lang, "twoFactor.disableConfirm") })).toBeVisible();
    },
  },
];
