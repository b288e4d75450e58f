import { expect, type Page, test } from "@playwright/test";
import { AXE_COLOUR_RULES, axeOn } from "@veil/test-kit";

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA plus axe's best practices (the @veil/ui suite's set). */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * Axe over the whole page, every rule of those tags on: no rule is disabled for the app. Returns
 * one readable line per failing node, so a failure says what and where without opening a report.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const width = page.viewportSize()?.width;
  const results = await test.step(`axe at ${width} px`, () => axeOn(page).withTags(AXE_TAGS).analyze());
  return violationLines(results);
}

/** One readable line per failing node: rule, impact, where, and axe's first reason. */
function violationLines(results: Awaited<ReturnType<ReturnType<typeof axeOn>["analyze"]>>): string[] {
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}): ${node.target.join(" ")} — ${node.failureSummary?.split("\n")[1]?.trim() ?? violation.help}`,
    ),
  );
}

/**
 * The phone and desktop widths of the accessibility gate. The reflow check runs from both on every
 * screen, state and language; axe runs at one of them per screen, language and colour mode
 * (`axeWidthFor`).
 */
export const AXE_WIDTHS = [375, 1280] as const;
export type AxeWidth = (typeof AXE_WIDTHS)[number];

/**
 * Which width axe reads a screen at: Russian at the phone width, English at the desktop width,
 * so every screen and state is read by axe in both of its layouts (the collapsed header with its
 * menu button below 1100 px, the full navigation above) and in both languages, at half the cost of
 * every language at every width. What differs between the widths is layout and which responsive
 * parts show — both layouts are covered; what differs between the languages is only the text — both
 * languages are covered, and Russian, the longer text, meets the narrow layout. What a narrow width
 * does to text (overflow, clipping) is the reflow check's, which still runs at every width in both
 * languages, and the screenshots compare every width in both. A screen that exists at only one of
 * the widths (the open mobile menu: 375) is read there in both languages.
 */
export function axeWidthFor(lang: string, widths: readonly number[]): AxeWidth | undefined {
  const preferred: readonly AxeWidth[] = lang === "ru" ? [375, 1280] : [1280, 375];
  return preferred.find((width) => widths.includes(width));
}

/**
 * WCAG 1.4.10 reflow: 320 CSS px is a 1280 px window at 400 % zoom, 640 px the same window at
 * 200 %. Checked on the page already open at the nearest gate width by resizing it, as a visitor
 * zooming in would — every screen and state, for the price of a resize.
 */
const REFLOW_WIDTH: Record<AxeWidth, number> = { 375: 320, 1280: 640 };

/** Axe finds nothing on the open page. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const width = page.viewportSize()?.width;
  expect(await axeViolations(page), `${where} at ${width} px`).toEqual([]);
}

/** The open page, resized from a gate width to its reflow width, does not scroll sideways. */
export async function expectReflow(page: Page, where: string, width: AxeWidth): Promise<void> {
  const narrow = REFLOW_WIDTH[width];
  await test.step(`reflow at ${narrow} px`, async () => {
    await page.setViewportSize({ width: narrow, height: page.viewportSize()?.height ?? 900 });
    // Polled: a resize reaches script (resize events, ResizeObserver, media-query listeners) a frame
    // later, and what a visitor at this width sees is the layout after those have run. Content that
    // really overflows keeps overflowing and still fails.
    await expect
      .poll(() => page.evaluate(overflowReport), { message: `${where} at ${narrow} px`, timeout: 3_000 })
      .toBe("");
  });
}

/**
 * Axe's colour rules only (contrast, links told apart from text), for a colour mode after the first:
 * the rest of axe reads the markup and layout, which a colour mode does not change.
 */
export async function expectColourAccessible(page: Page, where: string): Promise<void> {
  const width = page.viewportSize()?.width;
  const results = await test.step(`axe colour rules at ${width} px`, () =>
    axeOn(page).withRules(AXE_COLOUR_RULES).analyze());
  expect(violationLines(results), `${where} at ${width} px`).toEqual([]);
}

/**
 * The page does not scroll sideways at the width it is open at (document scrollWidth ≤ window
 * width, WCAG 1.4.10): run on every captured screen, so a long value that widens a page fails the
 * gate that shot it (docs/product.md §2.14).
 */
export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await expect
    .poll(() => page.evaluate(overflowReport), { message: `${where} at ${width} px`, timeout: 3_000 })
    .toBe("");
}

/** "" when the page fits its window; else by how much it does not, and the elements that stick out. */
function overflowReport(): string {
  const root = document.documentElement;
  const excess = root.scrollWidth - root.clientWidth;
  if (excess <= 0) return "";
  const clipped = (el: Element) => {
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== "visible") return true;
    }
    return false;
  };
  const culprits = Array.from(document.body.querySelectorAll("*"))
    .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 0.5 && !clipped(el))
    .slice(0, 5)
    .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}[${el.getAttribute("class") ?? ""}]`);
  return `content is ${excess} px wider than the window; sticking out: ${culprits.join(", ")}`;
}
