import type { Page } from "@playwright/test";
import { expect, test, visit } from "../helpers/storybook.js";

/**
 * The OTP field in real Chromium: input-otp follows the caret through `selectionchange`, which
 * jsdom only approximates, so the box that shows focus is checked here against what the user did.
 * Paste goes through the real clipboard (Control+V), not a synthetic event.
 */
const PLAYGROUND = "components-otpinput--playground";
const CLEAR_STORY = "components-otpinput--clear-and-refocus";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

const code = (page: Page) => page.getByRole("textbox", { name: "Confirmation code" });

/** Index (0–5) of the box drawn as focused, or -1. The boxes are aria-hidden, so found by slot. */
const activeBox = (page: Page) =>
  page
    .locator("[data-slot='otp-slot']")
    .evaluateAll((slots) => slots.findIndex((slot) => slot.hasAttribute("data-active")));

async function paste(page: Page, text: string) {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.keyboard.press("ControlOrMeta+V");
}

test.beforeEach(async ({ page }) => {
  await visit(page, { id: PLAYGROUND });
  await code(page).focus();
});

test("focus shows on the first box, then moves one box forward per digit @kbd", async ({ page }) => {
  await expect.poll(() => activeBox(page)).toBe(0);
  await page.keyboard.type("1");
  await expect.poll(() => activeBox(page)).toBe(1);
  await page.keyboard.type("23");
  await expect.poll(() => activeBox(page)).toBe(3);
});

test("only digits are accepted @kbd", async ({ page }) => {
  await page.keyboard.type("1a -2é3");
  await expect(code(page)).toHaveValue("123");
});

test("Backspace in an empty box moves back one box without clearing it @kbd", async ({ page }) => {
  await page.keyboard.type("123");
  await expect.poll(() => activeBox(page)).toBe(3);
  await page.keyboard.press("Backspace");
  await expect.poll(() => activeBox(page)).toBe(2);
  await expect(code(page)).toHaveValue("123");
});

test("a second Backspace clears that box, which stays active @kbd", async ({ page }) => {
  await page.keyboard.type("123");
  await page.keyboard.press("Backspace");
  await page.keyboard.press("Backspace");
  await expect(code(page)).toHaveValue("12");
  await expect.poll(() => activeBox(page)).toBe(2);
});

test("the six boxes shrink to fit a narrow column instead of overflowing it", async ({ page }) => {
  const field = page.locator("[data-input-otp-container]");
  await field.evaluate((el) => {
    (el.closest("[data-slot=otp-input]") as HTMLElement).style.width = "230px";
  });
  const boxes = await page
    .locator("[data-slot=otp-slot]")
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect()));
  const container = await field.evaluate((el) => el.getBoundingClientRect().right);
  expect(boxes).toHaveLength(6);
  expect(Math.max(...boxes.map((b) => b.right))).toBeLessThanOrEqual(container + 0.5);
  expect(Math.min(...boxes.map((b) => b.width))).toBeGreaterThanOrEqual(24);
});

test("a pasted code of exactly six digits, trimmed, fills every box @kbd", async ({ page }) => {
  await page.keyboard.type("9");
  await paste(page, "  246810\n");
  await expect(code(page)).toHaveValue("246810");
});

test("any other paste is ignored @kbd", async ({ page }) => {
  await page.keyboard.type("9");
  for (const text of ["12345", "1234567", "12a456", "123 456"]) {
    await paste(page, text);
    await expect(code(page)).toHaveValue("9");
  }
});

test("clear() empties the boxes and puts focus in the first one @kbd", async ({ page }) => {
  // The story's play function types six digits and presses its Clear button.
  await visit(page, { id: CLEAR_STORY });
  await expect(code(page)).toHaveValue("");
  await expect(code(page)).toBeFocused();
  await expect.poll(() => activeBox(page)).toBe(0);
});

test("screen readers meet one named textbox holding the digits, not six boxes read again @kbd", async ({ page }) => {
  await page.keyboard.type("123");
  // "/children: equal": nothing else may be in the tree (by default extra nodes would be allowed).
  await expect(page.locator("[data-slot='otp-input']")).toMatchAriaSnapshot(`
    - /children: equal
    - text: Confirmation code
    - paragraph: Enter the 6-digit code we sent to ana@example.com
    - textbox "Confirmation code": "123"
  `);
});
