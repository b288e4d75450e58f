import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { createAccount, logIn, uniqueEmail } from "./accounts.js";

test.describe("data export (docs/product.md §11.2)", () => {
  test("Download my data saves a dated JSON file with the user's own e-mail @e2e", async ({ page, request }) => {
    const email = uniqueEmail("export");
    await createAccount(request, email);
    await logIn(page, email);

    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download my data" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^veil-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile(await download.path(), "utf8"));
    expect(data.account.email).toBe(email.toLowerCase());
    expect(data.sessions.length).toBeGreaterThan(0);
    await expect(page.getByRole("button", { name: "Download my data" })).toBeEnabled();
  });

  test("a failed export is announced and the button can be pressed again @e2e", async ({ page, request }) => {
    const email = uniqueEmail("export-fail");
    await createAccount(request, email);
    await logIn(page, email);
    await page.route("**/api/user/web/export", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: '{"detail":"down"}' }),
    );
    await page.getByRole("button", { name: "Download my data" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await expect(page.getByRole("button", { name: "Download my data" })).toBeEnabled();
  });
});
