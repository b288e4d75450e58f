import type { Page } from "@playwright/test";
import { COLOUR_MODES, type ColoursWindow, installPageColours } from "@veil/test-kit";
import { expect, stories, test, visit } from "./helpers/storybook.js";

/**
 * Forced colors (Windows high contrast) drop every background and box-shadow that is not a system
 * colour, so a shape drawn only with a background (a skeleton, a dot, a separator) disappears, and a
 * component colour set by a utility hides a state that the base style draws in `GrayText`. The
 * screenshots keep what is there; these checks say what must be: each shape below paints something
 * (a background, border or outline with 3:1 against what is behind it), disabled controls draw in
 * `GrayText`, and a highlighted plan is framed unlike a plain one. Read on a Matrix story's render
 * after `emulateMedia({ forcedColors: "active" })`, on the page the @a11y suite reuses.
 */
const FORCED = COLOUR_MODES.find((mode) => mode.name === "forced");

function matrixOf(component: string): string {
  const story = stories().find((entry) => entry.title.endsWith(`/${component}`) && entry.name === "Matrix");
  if (!story) throw new Error(`${component} Matrix story not found`);
  return story.id;
}

async function showForced(page: Page, component: string): Promise<void> {
  if (!FORCED) throw new Error("no forced colour mode in COLOUR_MODES");
  await visit(page, { id: matrixOf(component), reuse: true });
  // No wait for the new colours: under reduced motion (the project's) no transition starts.
  await page.emulateMedia(FORCED.media);
}

interface Painted {
  target: string;
  painted: boolean;
  /** What made it visible, or what was read when nothing did. */
  how: string;
}

/**
 * For each element `selector` matches: whether it, or something inside it, paints a background,
 * border or outline with 3:1 contrast against the colour behind it (WCAG 1.4.11's ratio for
 * graphics). Runs in the page.
 */
async function paintedShapes(page: Page, selector: string): Promise<Painted[]> {
  await page.evaluate(installPageColours);
  return page.evaluate((sel) => {
    const { parse, over, contrast, backdrop } = (window as unknown as ColoursWindow).__veilColours;
    const describe = (el: Element) => {
      const slot = el.getAttribute("data-slot");
      const text = (el.closest("[data-slot]")?.textContent ?? "").trim().slice(0, 30);
      return `${el.tagName.toLowerCase()}${slot ? `[data-slot=${slot}]` : ""} in "${text}"`;
    };
    const shows = (el: Element): string | null => {
      const box = el.getBoundingClientRect();
      if (box.width < 1 || box.height < 1) return null;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || Number(style.opacity) === 0) return null;
      const behind = backdrop(el.parentElement);
      const bg = parse(style.backgroundColor);
      if (bg && bg[3] > 0 && contrast(over(bg, behind), behind) >= 3) return `background ${style.backgroundColor}`;
      for (const side of ["top", "right", "bottom", "left"]) {
        const width = Number.parseFloat(style.getPropertyValue(`border-${side}-width`));
        const line = style.getPropertyValue(`border-${side}-style`);
        const colour = parse(style.getPropertyValue(`border-${side}-color`));
        if (
          width > 0 &&
          line !== "none" &&
          line !== "hidden" &&
          colour &&
          contrast(over(colour, behind), behind) >= 3
        ) {
          return `border ${style.getPropertyValue(`border-${side}-color`)}`;
        }
      }
      const outline = parse(style.outlineColor);
      if (
        style.outlineStyle !== "none" &&
        Number.parseFloat(style.outlineWidth) > 0 &&
        outline &&
        contrast(over(outline, behind), behind) >= 3
      ) {
        return `outline ${style.outlineColor}`;
      }
      return null;
    };
    return Array.from(document.querySelectorAll(sel)).map((el) => {
      for (const part of [el, ...Array.from(el.querySelectorAll("*"))]) {
        const how = shows(part);
        if (how) return { target: describe(el), painted: true, how };
      }
      const style = getComputedStyle(el);
      return {
        target: describe(el),
        painted: false,
        how: `background ${style.backgroundColor}, border ${style.borderTopWidth} ${style.borderTopColor}, outline ${style.outlineStyle}`,
      };
    });
  }, selector);
}

/** Every element `selector` matches paints something; `count` of them, or at least one. */
async function expectPainted(page: Page, selector: string, what: string, count?: number): Promise<void> {
  const shapes = await paintedShapes(page, selector);
  if (count === undefined) expect(shapes.length, `${what}: none matched ${selector}`).toBeGreaterThan(0);
  else expect(shapes.length, `${what}: how many ${selector} the story shows`).toBe(count);
  expect(
    shapes.filter((shape) => !shape.painted),
    `${what} that paint nothing in forced colors`,
  ).toEqual([]);
}

/** Text and border colour of each element `selector` matches, and the system's GrayText. */
function inkOf(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const probe = document.createElement("div");
    probe.style.color = "GrayText";
    document.body.append(probe);
    const grayText = getComputedStyle(probe).color;
    probe.remove();
    const elements = Array.from(document.querySelectorAll(sel)).map((el) => {
      const style = getComputedStyle(el);
      return { color: style.color, border: style.borderTopColor };
    });
    return { grayText, elements };
  }, selector);
}

test.describe("forced colors", () => {
  test.afterEach(async ({ sharedPage }) => {
    // The page is shared with the next test (and the @a11y suite).
    await sharedPage.emulateMedia(COLOUR_MODES[0]?.media ?? {});
  });

  test("Skeleton shapes stay visible @vrt", async ({ sharedPage: page }) => {
    await showForced(page, "Skeleton");
    await expectPainted(page, '[data-slot="skeleton"]', "skeletons");
  });

  test("StatusBadge's Active dot stays visible @vrt", async ({ sharedPage: page }) => {
    await showForced(page, "StatusBadge");
    // The dot is the badge's first child (the other statuses have an icon there).
    await expectPainted(page, '[data-slot="status-badge"][data-status="active"] > span[aria-hidden="true"]', "dots", 2);
  });

  test("OtpInput's separator and a disabled field's boxes stay visible @vrt", async ({ sharedPage: page }) => {
    await showForced(page, "OtpInput");
    // The separator is the one span among the six boxes (divs).
    await expectPainted(page, '[data-slot="otp-input"] [aria-hidden="true"] > span', "separators", 6);
    const disabled = await inkOf(page, '[data-slot="otp-input"][data-disabled] [data-slot="otp-slot"]');
    expect(disabled.elements).toHaveLength(6);
    expect(disabled.elements, "a disabled code field's boxes draw in GrayText").toEqual(
      disabled.elements.map(() => ({ color: disabled.grayText, border: disabled.grayText })),
    );
  });

  test("a disabled TextField draws in GrayText @vrt", async ({ sharedPage: page }) => {
    await showForced(page, "TextField");
    const disabled = await inkOf(page, "input:disabled");
    expect(disabled.elements).toHaveLength(1);
    expect(disabled.elements, "the disabled input's text and border").toEqual([
      { color: disabled.grayText, border: disabled.grayText },
    ]);
  });

  test("a highlighted PlanCard is framed unlike a plain one, and its badge is drawn @vrt", async ({
    sharedPage: page,
  }) => {
    await showForced(page, "PlanCard");
    const frames = await page.evaluate(() =>
      Array.from(document.querySelectorAll('[data-slot="plan-card"]')).map((card) => {
        const style = getComputedStyle(card);
        return {
          highlighted: card.hasAttribute("data-highlighted"),
          frame: `border ${style.borderTopWidth} ${style.borderTopColor}, outline ${
            style.outlineStyle === "none" ? "none" : `${style.outlineWidth} ${style.outlineColor}`
          }`,
        };
      }),
    );
    const highlighted = frames.filter((card) => card.highlighted).map((card) => card.frame);
    const plain = new Set(frames.filter((card) => !card.highlighted).map((card) => card.frame));
    expect(highlighted).toHaveLength(1);
    expect(plain.size, "plain cards share one frame").toBe(1);
    expect(plain.has(highlighted[0] ?? ""), `highlighted frame "${highlighted[0]}" is a plain card's`).toBe(false);
    await expectPainted(page, '[data-slot="plan-card-badge"]', "badges", 1);
  });
});
