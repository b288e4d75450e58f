/**
 * Secure password change in the browser, against the real server: when the session signed in
 * longer ago than AUTH_SECURE_PASSWORD_CHANGE_WINDOW_SECONDS (here 0, so every session), saving a
 * new password on the spec's two-field screen brings up the code step; the mailed code finishes it.
 * The shared e2e server keeps the 24 h default (its sessions are minutes old, so the ordinary
 * change-password flow in account-flows.spec.ts never sees the code step); this file starts its own.
 */
import { test as base, expect } from "@playwright/test";
import { createAccount, logIn, mailedCode, uniqueEmail } from "./accounts.js";
import { axeViolations } from "./helpers/axe.js";
import { startBuiltServer } from "./helpers/built-server.js";

const test = base.extend<object, { strictServer: string }>({
  strictServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const server = await startBuiltServer({ AUTH_SECURE_PASSWORD_CHANGE_WINDOW_SECONDS: "0" });
      try {
        await use(server.url);
      } finally {
        server.process.kill("SIGTERM");
      }
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ strictServer }, use) => use(strictServer),
});

test("a session asked to confirm: code step only then, focus on the code, a wrong code announced, the mailed code saves @e2e", async ({
  page,
  request,
}) => {
  // Two sign-ins, two mails and an axe pass: more than the default 30 s on a busy machine.
  test.slow();
  const email = uniqueEmail("reauth");
  await createAccount(request, email);
  await logIn(page, email);
  await page.goto("/account/change-password/reset");
  await page.getByRole("textbox", { name: "New password" }).fill("Changed-Pass-99");
  await page.getByRole("textbox", { name: "Repeat password" }).fill("Changed-Pass-99");
  const askedAt = new Date().toISOString();
  await page.getByRole("button", { name: "Save password" }).click();

  const code = page.getByRole("textbox", { name: "Code from the e-mail" });
  await expect(code).toBeFocused();
  await expect(page.getByText("confirm the new password with the 6-digit code")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "New password" })).toHaveCount(0);

  const mailed = await mailedCode(request, email, askedAt);
  await code.fill(mailed === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Confirm and save" }).click();
  await expect(page.getByRole("alert")).toHaveText("The code is wrong or has expired. Check it or request a new one.");
  await expect(code).toHaveValue("");
  await expect(code).toBeFocused();
  expect(await axeViolations(page), "the code step with its error").toEqual([]);

  await code.fill(mailed);
  await page.getByRole("button", { name: "Confirm and save" }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.getByText("Password updated successfully")).toBeVisible();
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email, "Changed-Pass-99");
});
