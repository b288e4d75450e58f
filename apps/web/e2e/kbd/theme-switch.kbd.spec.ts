import { expect, type Page, test } from "@playwright/test";
import { createAccount, PASSWORD, uniqueEmail } from "../accounts.js";
import { axeViolations } from "../helpers/axe.js";
import { expectVisibleFocus, tabTo } from "../helpers/keyboard.js";
import { LANGS, type Lang, msg } from "../helpers/messages.js";

/**
 * The theme switch of the account header (issue #31 item 2), by keyboard only, in both languages:
 * Tab to it, open it, choose Dark (the page turns dark at once and passes axe in that palette), a
 * reload keeps it (the server sends the page with `data-theme` from the `theme` cookie, so the
 * first paint is dark), choose System again, and Escape closes the menu without a change. Focus
 * goes back to the switch every time the menu closes.
 */

/** @veil/ui's page background (`--veil-background`) in each palette, as computed colours of <html>. */
const BACKGROUND = { light: "rgb(248, 250, 252)", dark: "rgb(11, 17, 32)" };

const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
const themeCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === "theme")?.value;

async function logIn(page: Page, lang: Lang, email: string): Promise<void> {
  await page.goto("/login");
  await page.getByRole("textbox", { name: msg(lang, "common.emailLabel") }).fill(email);
  await page.getByRole("textbox", { name: msg(lang, "common.passwordLabel"), exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: msg(lang, "loginScreen.submit") }).click();
  // Signing in takes a few seconds when the machine is busy with the rest of the suite.
  await expect(page).toHaveURL(/\/account\/profile$/, { timeout: 15_000 });
  await expect(page.getByText(email)).toBeVisible();
}

for (const lang of LANGS) {
  test.describe(() => {
    // The system asks for light: a dark page can only be the switch's doing.
    test.use({ locale: lang === "en" ? "en-US" : "ru-RU", colorScheme: "light" });

    test(`the account header's theme switch by keyboard (${lang}): dark at once and after a reload, back to system, Escape @kbd @a11y`, async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const email = uniqueEmail(`kbd-theme-${lang}`);
      await createAccount(request, email);
      await logIn(page, lang, email);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      expect(await pageBackground(page)).toBe(BACKGROUND.light);

      const label = msg(lang, "theme.label");
      const header = page.getByRole("banner");
      const trigger = (choice: "system" | "light" | "dark") =>
        header.getByRole("button", { name: `${label}: ${msg(lang, `theme.${choice}`)}`, exact: true });
      const item = (choice: "system" | "light" | "dark") =>
        page.getByRole("menu").getByRole("menuitemradio", { name: msg(lang, `theme.${choice}`), exact: true });

      // Open by keyboard: the three choices, the current one (System) checked, focus inside.
      await tabTo(page, trigger("system"));
      await page.keyboard.press("Enter");
      await expect(page.getByRole("menu")).toBeVisible();
      await expect(page.getByRole("menu").getByRole("menuitemradio")).toHaveText([
        msg(lang, "theme.system"),
        msg(lang, "theme.light"),
        msg(lang, "theme.dark"),
      ]);
      await expect(item("system")).toHaveAttribute("aria-checked", "true");
      await expect(item("system")).toBeFocused();

      // Dark: applied at once, remembered in the cookie the server reads, focus back on the switch.
      // Each arrow's move is checked before the next key, as a user sees it: Radix moves focus in a
      // timer after the key, and Chromium runs input before timers, so a second key sent within the
      // same moment on a loaded machine acts on the item the first one left.
      await page.keyboard.press("ArrowDown");
      await expect(item("light")).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await expect(item("dark")).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("menu")).toBeHidden();
      await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
      expect(await pageBackground(page)).toBe(BACKGROUND.dark);
      await expect(trigger("dark")).toBeFocused();
      await expectVisibleFocus(page, "the theme switch after choosing Dark");
      expect(await themeCookie(page)).toBe("dark");
      expect(await axeViolations(page), `/account/profile (${lang}) in dark`).toEqual([]);

      // A reload keeps it, and the page arrives dark from the server (no light first paint).
      const reloaded = await page.reload();
      expect(await reloaded?.text()).toMatch(/<html data-theme="dark"/);
      await expect(page.getByText(email)).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
      expect(await pageBackground(page)).toBe(BACKGROUND.dark);

      // Back to System by keyboard: Dark is the checked item now; the system (light) decides again.
      await tabTo(page, trigger("dark"));
      await page.keyboard.press("Enter");
      await expect(item("dark")).toHaveAttribute("aria-checked", "true");
      await expect(item("system")).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("menu")).toBeHidden();
      await expect(page.locator("html")).not.toHaveAttribute("data-theme");
      expect(await pageBackground(page)).toBe(BACKGROUND.light);
      await expect(trigger("system")).toBeFocused();
      expect(await themeCookie(page)).toBe("system");

      // Escape closes the menu without choosing, and focus returns to the switch.
      await page.keyboard.press("Enter");
      await expect(item("system")).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await expect(item("light")).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("menu")).toBeHidden();
      await expect(trigger("system")).toBeFocused();
      await expectVisibleFocus(page, "the theme switch after Escape");
      await expect(page.locator("html")).not.toHaveAttribute("data-theme");
      expect(await themeCookie(page)).toBe("system");
    });
  });
}
