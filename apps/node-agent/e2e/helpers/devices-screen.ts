/**
 * The customer's side in the browser: the web app's Devices screen (apps/web, docs/product.md
 * "Devices"), as a person uses it — sign in, pick the location, add a device, download the .conf
 * the page builds, later remove the device. Texts come from the app's own catalogues.
 */
import { readFile } from "node:fs/promises";
import { expect, type Page } from "@playwright/test";
import { msg } from "../../../web/e2e/helpers/messages.js";

/** This test shares CI's cores with wireguard-go and the server; a page may take a while. */
const SLOW = 30_000;

export async function signInInBrowser(page: Page, url: string, email: string, password: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByRole("textbox", { name: msg("en", "common.emailLabel") }).fill(email);
  await page.getByRole("textbox", { name: msg("en", "common.passwordLabel"), exact: true }).fill(password);
  await page
    .getByRole("button", { name: msg("en", "loginScreen.submit") })
    .last()
    .click();
  await expect(page).toHaveURL(/\/account\/profile$/, { timeout: SLOW });
}

/** Adds a device on the location in `city`; returns the device's name and the downloaded .conf. */
export async function addDeviceInBrowser(
  page: Page,
  url: string,
  city: string,
): Promise<{ name: string; conf: string }> {
  await page.goto(`${url}/account/devices`);
  const location = page.getByRole("combobox", { name: msg("en", "devices.add.locationLabel") });
  const option = location.getByRole("option").filter({ hasText: city });
  await expect(option).toHaveCount(1, { timeout: SLOW });
  await location.selectOption({ label: ((await option.textContent()) ?? "").trim() });
  await page.getByRole("button", { name: msg("en", "devices.add.submit") }).click();
  const item = page.getByRole("list", { name: msg("en", "devices.listLabel") }).getByRole("listitem");
  await expect(item).toHaveCount(1, { timeout: SLOW });
  const name = ((await item.getByRole("heading").textContent()) ?? "").trim();
  const card = page.getByRole("region", { name: msg("en", "devices.config.title", { name }) });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    card.getByRole("button", { name: msg("en", "devices.config.download") }).click(),
  ]);
  const conf = await readFile((await download.path()) ?? "", "utf8");
  return { name, conf };
}

export async function removeDeviceInBrowser(page: Page, url: string, name: string): Promise<void> {
  await page.goto(`${url}/account/devices`);
  await page.getByRole("button", { name: msg("en", "devices.removeNamed", { name }) }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: msg("en", "devices.remove.confirm") })
    .click();
  await expect(page.getByRole("heading", { name: msg("en", "devices.empty.title") })).toBeVisible({ timeout: SLOW });
}
