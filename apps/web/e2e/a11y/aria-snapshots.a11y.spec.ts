import { open, ROUTES, type Screen, STATES } from "../helpers/screens.js";
import { expect, test } from "../helpers/world.js";

/**
 * What a screen reader is given on the key screens (Playwright ARIA snapshots, stored as YAML next
 * to the screenshots): landmarks, the order and levels of headings, form fields by their labels,
 * and the live regions that speak the countdown, errors and status messages. A change here is a
 * change in what blind users hear: review the YAML diff like a screenshot diff.
 */
const byName = (name: string): Screen => {
  const screen = [...ROUTES, ...STATES].find((s) => s.name === name);
  if (!screen) throw new Error(`no screen ${name}`);
  return screen;
};

const KEY_SCREENS = [
  "home",
  "login.errors",
  "register.mismatch",
  "emailconfirmation",
  "emailconfirmation.error",
  "contactus.sent",
  "payment.payment-error",
  "payment.tokens-expanded",
  "account-profile",
  "account-subscription",
  "account-payments.view-all",
  "account-delete.confirm",
  "account-devices.list",
  "account-devices.config",
  "not-found",
].map(byName);

for (const screen of KEY_SCREENS) {
  test.describe(() => {
    test.use({ signedInAs: screen.as ?? null });
    test(`${screen.name} reads the same to screen readers @a11y @aria`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await open(page, screen, "en");
      await expect(page.locator("body")).toMatchAriaSnapshot({ name: `${screen.name}.aria.yml` });
    });
  });
}
