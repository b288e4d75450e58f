/**
 * Devices by keyboard alone (docs/product.md §11.8, issue #28), against the real server: a paying
 * customer adds a device with Enter, lands on the new config, reaches Download and Copy as the next
 * Tab stops (the copy is announced and really on the clipboard), renames the device in its dialog
 * and cancels a removal with Escape, focus going back to the button that opened it. The file starts
 * its own server with the demo location (DEV_DEMO_NODE).
 */
import { test as base, expect, type Page } from "@playwright/test";
import { createAccount, PASSWORD, uniqueEmail } from "./accounts.js";
import { startBuiltServer } from "./helpers/built-server.js";
import { expectFocusNotLost, expectVisibleFocus, tabTo } from "./helpers/keyboard.js";

const test = base.extend<object, { devicesServer: string }>({
  devicesServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const server = await startBuiltServer({ DEV_DEMO_NODE: "1" });
      try {
        await use(server.url);
      } finally {
        server.process.kill("SIGTERM");
      }
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ devicesServer }, use) => use(devicesServer),
});

async function logIn(page: Page, email: string) {
  await page.goto("/login");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).last().click();
  await expect(page).toHaveURL(/\/account\/profile$/);
}

/** A month paid through the product API and the simulator (the browser's checkout is tested above). */
async function payMonth(request: import("@playwright/test").APIRequestContext, email: string) {
  const signIn = await request.post("/auth/v1/token?grant_type=password", {
    headers: { apikey: "veil-dev-anon-key", "Content-Type": "application/json" },
    data: { email, password: PASSWORD },
  });
  const { access_token } = (await signIn.json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${access_token}` };
  const init = await request.post("/api/payment/web/init", {
    headers,
    data: { plan_id: 2, amount: 5, currency: "USD", payment_method: "USDTTRC" },
  });
  expect(init.ok(), await init.text()).toBe(true);
  const { transaction_id } = (await init.json()) as { transaction_id: string };
  const invoice = await request.post("/api/exnode/invoice", {
    headers,
    data: {
      token: "USDTTRC",
      amount: 5,
      fiat_currency: "USD",
      client_transaction_id: transaction_id,
      redirect_url: `${new URL(init.url()).origin}/account/profile`,
      payform: true,
    },
  });
  const { payment_url } = (await invoice.json()) as { payment_url: string };
  const settled = await request.post(`/sim/exnode/invoices/${payment_url.split("/pay/")[1]}/settle`, {
    data: { status: "SUCCESS" },
  });
  expect(settled.ok(), await settled.text()).toBe(true);
}

test("add a device, copy its config, rename and cancel a removal, by keyboard @kbd @e2e", async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("devices-kbd");
  await createAccount(request, email);
  await payMonth(request, email);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await logIn(page, email);
  await page.goto("/account/devices");
  await page.waitForLoadState("networkidle");

  await tabTo(page, page.getByRole("button", { name: "Add device" }));
  await page.keyboard.press("Enter");
  // Focus lands on the new config, and download and copy are the next Tab stops.
  const card = page.getByRole("region", { name: /^Config for / });
  await expect(card).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(card.getByRole("button", { name: "Download config" })).toBeFocused();
  await expectVisibleFocus(page, "download button");
  await page.keyboard.press("Tab");
  await expect(card.getByRole("button", { name: "Copy config" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(card.getByRole("status")).toHaveText("Copied");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain("[Interface]\nPrivateKey = ");
  await page.keyboard.press("Tab");
  await expect(card.getByRole("region", { name: "Config as text" })).toBeFocused();

  const item = page.getByRole("list", { name: "Your devices" }).getByRole("listitem");
  const name = (await item.getByRole("heading").textContent()) ?? "";
  await tabTo(page, item.getByRole("button", { name: `Rename ${name}` }));
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Rename device" });
  await tabTo(page, dialog.getByRole("textbox", { name: "Name" }));
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Kitchen tablet");
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("listitem", { name: "Kitchen tablet" })).toBeVisible();
  await expectFocusNotLost(page, "after renaming");

  const remove = page.getByRole("button", { name: "Remove Kitchen tablet" });
  await tabTo(page, remove);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Remove Kitchen tablet?" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(remove).toBeFocused();
  await expect(page.getByRole("listitem", { name: "Kitchen tablet" })).toBeVisible();
});
