/**
 * Phone layouts of the account area that the reflow check cannot see (nothing widens the page;
 * things overlap or stick out inside it), on the world's accounts at 320 and 375 px:
 * - payment history: the date (with its time) is not run under the status badge;
 * - Security, two-factor on: no button sticks out of its card (Russian labels are the longest);
 * - two-factor set-up: the key wraps between its groups of four, never inside one.
 */
import type { Locator, Page } from "@playwright/test";
import { mailedCode } from "./accounts.js";
import { type Lang, msg } from "./helpers/messages.js";
import { ACCOUNTS, expect as baseExpect, test } from "./helpers/world.js";
import { useStoredLanguage as storeLanguage } from "./helpers.js";

/** Account pages load their data after the page; a busy 2-core machine takes a while. */
const expect = baseExpect.configure({ timeout: 20_000 });

async function open(page: Page, lang: Lang, width: number, path: string): Promise<void> {
  await page.setViewportSize({ width, height: 800 });
  await storeLanguage(page, lang);
  await page.goto(path);
}

/** The boxes of the text inside `el`, one per line it takes. */
const textBoxes = (el: Locator) =>
  el.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return [...range.getClientRects()].map((r) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom }));
  });

test.describe("payment history on phones", () => {
  test.use({ signedInAs: "paid" });

  for (const { lang, width } of [
    { lang: "en", width: 320 },
    { lang: "ru", width: 375 },
  ] as const) {
    test(`shows each date with its time beside the status badge, not under it (${lang}, ${width} px) @e2e`, async ({
      page,
    }) => {
      await open(page, lang, width, "/account/payments");
      const table = page.getByRole("table", { name: msg(lang, "payments.title") });
      const rows = table.getByRole("row").filter({ has: page.getByRole("rowheader") });
      await expect(rows.first()).toBeVisible();
      for (const row of await rows.all()) {
        const date = row.getByRole("rowheader");
        const badge = await row.locator("[data-slot=status-badge]").boundingBox();
        const cell = await date.boundingBox();
        if (!badge || !cell) throw new Error("row not laid out");
        for (const line of await textBoxes(date)) {
          const overlaps =
            line.right > badge.x + 0.5 &&
            line.left < badge.x + badge.width &&
            line.bottom > badge.y &&
            line.top < badge.y + badge.height;
          expect(overlaps, `${await date.textContent()} runs under the badge`).toBe(false);
          expect(line.right, `${await date.textContent()} runs out of its cell`).toBeLessThanOrEqual(
            cell.x + cell.width + 0.5,
          );
        }
      }
    });
  }
});

test.describe("Security at 320 px, two-factor on", () => {
  test.use({ signedInAs: "twofactor" });

  test("no button of the two-factor card sticks out of it (ru, the longest labels) @e2e", async ({ page }) => {
    await open(page, "ru", 320, "/account/security");
    const section = page.getByRole("region", { name: msg("ru", "twoFactor.title") });
    await expect(section.getByText(msg("ru", "twoFactor.statusOn"))).toBeVisible();
    const card = await section.boundingBox();
    if (!card) throw new Error("no card");
    for (const button of await section.getByRole("button").all()) {
      const box = await button.boundingBox();
      if (!box) throw new Error("button not laid out");
      expect(box.x + box.width, `${await button.textContent()} sticks out`).toBeLessThanOrEqual(card.x + card.width);
    }
  });
});

test.describe("two-factor set-up at 320 px", () => {
  test.use({ signedInAs: "secure" });

  for (const lang of ["en", "ru"] as const) {
    test(`the authenticator key wraps between its groups of four, never inside one (${lang}) @e2e`, async ({
      page,
    }) => {
      await open(page, lang, 320, "/account/security");
      await page.getByRole("button", { name: msg(lang, "twoFactor.enable") }).click();
      // A password session proves the mailbox first (README, "Security"); within 10 minutes of
      // the world's frozen clock the second language's run no longer asks.
      const mailBox = page.getByRole("textbox", { name: msg(lang, "reauthentication.codeLabel") });
      const key = page.getByText(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
      await expect(mailBox.or(key)).toBeVisible();
      if (await mailBox.isVisible()) {
        await mailBox.fill(await mailedCode(page.request, ACCOUNTS.secure));
        await page.getByRole("button", { name: msg(lang, "twoFactor.reauthConfirm") }).click();
      }
      await expect(key).toBeVisible();
      const groups = await key.evaluate((node) => {
        const text = node.firstChild as Text;
        const found: { group: string; lines: number }[] = [];
        for (const match of (text.data ?? "").matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(text, match.index ?? 0);
          range.setEnd(text, (match.index ?? 0) + match[0].length);
          found.push({ group: match[0], lines: new Set([...range.getClientRects()].map((r) => r.top)).size });
        }
        return found;
      });
      expect(groups.length).toBeGreaterThan(4);
      // The key is wider than the card at this width: it does wrap, and only between groups.
      expect((await key.boundingBox())?.height ?? 0).toBeGreaterThan(40);
      expect(groups.filter((g) => g.lines !== 1)).toEqual([]);
      // Leave the account as it was (the set-up is dropped).
      await page.getByRole("button", { name: msg(lang, "twoFactor.cancel") }).click();
      await expect(page.getByRole("button", { name: msg(lang, "twoFactor.enable") })).toBeVisible();
    });
  }
});
