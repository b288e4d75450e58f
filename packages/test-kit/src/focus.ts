import { expect, type Page, test } from "@playwright/test";
import { type ColoursWindow, installPageColours } from "./page-colours.js";

/**
 * The keyboard focus indicator of every element the Tab key reaches is visible (WCAG 2.4.7), in
 * whatever colour mode the page is in — run it after `emulateMedia({ forcedColors: "active" })`,
 * where box-shadow rings and background tints are dropped by the browser, and in the dark palette.
 *
 * How: Tab walks the page from where focus is (as a keyboard user does; a dialog's focus trap keeps
 * the walk inside it) until an element comes round again. Each element is read once while focused
 * and once right after focus moved on, both with the page's real `:focus-visible` and
 * `:focus-within`. The indicator counts as visible when, on the element, its ::before/::after, its
 * labels or its three nearest ancestors, one of these changed between the two readings:
 * - an outline or border side appears or changes colour, with 3:1 contrast against the
 *   unfocused colour (or, when it appears, against the background behind it);
 * - a box-shadow appears whose colour has 3:1 against the background behind it;
 * - the background colour changes by 3:1;
 * - an underline appears.
 * 3:1 is WCAG 2.4.13's change-of-contrast; a colour Chromium shifts by itself (its forced-colors
 * focus tint of a button border, 1.2:1) does not pass for an indicator. Computed styles are those
 * painted: in forced colors Chromium reports box-shadow `none` and the system colours.
 * An element drawn smaller than 4×4 px (a visually hidden input) counts only through its label or
 * ancestors. Fails naming every element whose focus nothing shows.
 *
 * It moves focus (and so may fire blur handlers): run it after the screenshots of a page.
 */
export async function expectVisibleFocus(
  page: Page,
  where: string,
  options: { maxSteps?: number } = {},
): Promise<void> {
  const maxSteps = options.maxSteps ?? 200;
  const problems = await test.step("focus indicators", async () => {
    // An open menu is closed first, as a keyboard user leaving it would: its items are reached by
    // arrow keys, not Tab, and a non-modal menu otherwise closes by itself somewhere in the walk (on
    // focus leaving it), returning focus to its trigger at a moment that depends on the machine's load.
    const menu = page.getByRole("menu");
    if (await menu.first().isVisible()) {
      await page.keyboard.press("Escape");
      await expect(menu).toHaveCount(0);
    }
    await page.evaluate(installPageColours);
    await page.evaluate(installFocusProbe);
    for (let step = 0; step < maxSteps; step++) {
      await page.keyboard.press("Tab");
      // One task turn first, for what a focus handler sets off after its event (a state update
      // rendered in a microtask). No frame is waited for: transitions are off while the walk runs,
      // and reading computed style brings it up to date.
      const done = await page.evaluate(async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
        return (window as unknown as ProbeWindow).__veilFocusProbe?.step() ?? true;
      });
      if (done) break;
    }
    return page.evaluate(() => (window as unknown as ProbeWindow).__veilFocusProbe?.report() ?? ["probe lost"]);
  });
  expect(problems, `elements without a visible focus indicator in ${where}`).toEqual([]);
}

interface ProbeWindow {
  __veilFocusProbe?: { step(): boolean; report(): string[] };
}

/**
 * Runs in the page, after `installPageColours`: sets up `window.__veilFocusProbe`. Serialised by
 * Playwright, hence self-contained but for the colour helpers installed before it.
 */
function installFocusProbe(): void {
  type Reading = Record<string, string>;
  const PROPS = [
    "outline-style",
    "outline-offset",
    "outline-width",
    "outline-color",
    "box-shadow",
    "background-color",
    "text-decoration-line",
    ...["top", "right", "bottom", "left"].flatMap((side) => [
      `border-${side}-style`,
      `border-${side}-width`,
      `border-${side}-color`,
    ]),
  ];
  const { parse, over, contrast, backdrop } = (window as unknown as ColoursWindow).__veilColours;

  interface Part {
    el: Element;
    pseudo: string | null;
    /** The element is drawn large enough for its own outline or border to show. */
    drawn: boolean;
  }
  const partsOf = (el: Element): Part[] => {
    const box = el.getBoundingClientRect();
    const parts: Part[] = [
      { el, pseudo: null, drawn: box.width >= 4 && box.height >= 4 },
      { el, pseudo: "::before", drawn: true },
      { el, pseudo: "::after", drawn: true },
    ];
    const labels = (el as HTMLInputElement).labels;
    for (const label of labels ? Array.from(labels) : []) parts.push({ el: label, pseudo: null, drawn: true });
    let up = el.parentElement;
    for (let i = 0; i < 3 && up && up !== document.body; i++, up = up.parentElement) {
      parts.push({ el: up, pseudo: null, drawn: true });
    }
    // What the element's parent and grandparent hold: a widget whose real input is transparent
    // (OtpInput's one input over six drawn boxes) shows focus on a sibling or cousin.
    const near = new Set(parts.map((part) => part.el));
    for (const root of [el.parentElement, el.parentElement?.parentElement]) {
      for (const other of root && root !== document.body ? Array.from(root.querySelectorAll("*")).slice(0, 60) : []) {
        if (near.has(other)) continue;
        near.add(other);
        const rect = other.getBoundingClientRect();
        parts.push({ el: other, pseudo: null, drawn: rect.width >= 4 && rect.height >= 4 });
      }
    }
    return parts;
  };
  const read = (part: Part): Reading => {
    const style = getComputedStyle(part.el, part.pseudo);
    const reading: Reading = {};
    for (const prop of PROPS) reading[prop] = style.getPropertyValue(prop);
    if (part.pseudo) reading.content = style.getPropertyValue("content");
    return reading;
  };

  const enough = 3;
  const painted = (r: Reading, prefix: string) =>
    r[`${prefix}-style`] !== "none" &&
    r[`${prefix}-style`] !== "hidden" &&
    Number.parseFloat(r[`${prefix}-width`] ?? "0") > 0;
  /** What about `part` shows focus, or null. */
  const shows = (part: Part, focused: Reading, unfocused: Reading): string | null => {
    if (part.pseudo && (focused.content === "none" || focused.content === "normal")) return null;
    const behind = backdrop(part.el.parentElement ?? part.el);
    if (part.drawn) {
      const lines = ["outline", ...["top", "right", "bottom", "left"].map((s) => `border-${s}`)];
      for (const line of lines) {
        if (!painted(focused, line)) continue;
        const now = parse(focused[`${line}-color`] ?? "");
        if (!now || now[3] === 0) continue;
        const was = painted(unfocused, line) ? parse(unfocused[`${line}-color`] ?? "") : null;
        const width = (r: Reading) => Number.parseFloat(r[`${line}-width`] ?? "0");
        // An outline that reaches ≥ 2 px further out than before paints a new ring on the background
        // (a selected tab's inset ring in forced colors moving outside it on focus).
        const reach = (r: Reading) =>
          (line === "outline" ? Number.parseFloat(r["outline-offset"] ?? "0") : 0) + width(r);
        const wider = width(focused) > width(unfocused) || reach(focused) - reach(unfocused) >= 2;
        const ratio =
          was && !wider ? contrast(over(now, behind), over(was, behind)) : contrast(over(now, behind), behind);
        if (ratio >= enough) return `${line} ${focused[`${line}-color`]}`;
      }
      if (focused["box-shadow"] !== unfocused["box-shadow"] && focused["box-shadow"] !== "none") {
        for (const m of (focused["box-shadow"] ?? "").matchAll(/rgba?\([^)]+\)/g)) {
          const colour = parse(m[0]);
          if (colour && contrast(over(colour, behind), behind) >= enough) return `box-shadow ${m[0]}`;
        }
      }
      const bgNow = parse(focused["background-color"] ?? "");
      const bgWas = parse(unfocused["background-color"] ?? "");
      if (bgNow && bgWas && contrast(over(bgNow, behind), over(bgWas, behind)) >= enough) {
        return `background ${focused["background-color"]}`;
      }
    }
    if (
      !unfocused["text-decoration-line"]?.includes("underline") &&
      focused["text-decoration-line"]?.includes("underline")
    ) {
      return "underline";
    }
    return null;
  };
  const describe = (el: Element) => {
    const name = (el.getAttribute("aria-label") ?? el.textContent ?? el.getAttribute("name") ?? "")
      .trim()
      .replace(/\s+/g, " ")
      .slice(0, 40);
    const slot = el.getAttribute("data-slot");
    const role = el.getAttribute("role");
    return `${el.tagName.toLowerCase()}${role ? `[role=${role}]` : ""}${slot ? `[data-slot=${slot}]` : ""} "${name}"`;
  };

  interface Seen {
    el: Element;
    parts: Part[];
    focused: Reading[];
    unfocused?: Reading[];
  }
  const seen: Seen[] = [];
  const stuck: string[] = [];
  let previous: Seen | undefined;
  // The walk starts from where focus is, unfocused (an open menu keeps Tab to itself; its items are
  // highlighted by arrow keys, which this walk does not press).
  (document.activeElement as HTMLElement | null)?.blur?.();
  // No transitions while walking: a page without reduced motion has real ones, and a busy
  // machine read a badge mid-way (old outline colour and width, new style; the ring it gains on
  // focus read only after focus had left). What is checked is the settled focus style.
  const still = document.createElement("style");
  still.textContent = "*, *::before, *::after { transition: none !important; }";
  document.head.append(still);
  (window as unknown as ProbeWindow).__veilFocusProbe = {
    /** After one Tab: reads the element now focused and the one that just lost focus. True when done. */
    step() {
      const active = document.activeElement;
      if (previous && previous.el !== active) previous.unfocused = previous.parts.map(read);
      if (!active || active === document.body) {
        previous = undefined;
        return seen.length > 0 && seen.every((s) => s.unfocused);
      }
      if (seen.some((s) => s.el === active)) {
        // Round again; or Tab did not move at all, which leaves a keyboard user stuck (WCAG 2.1.2).
        const last = previous;
        if (last?.el === active && !last.unfocused) stuck.push(`${describe(active)}: Tab does not leave it`);
        return true;
      }
      const parts = partsOf(active);
      previous = { el: active, parts, focused: parts.map(read) };
      seen.push(previous);
      return false;
    },
    report() {
      still.remove();
      const problems = [...stuck];
      for (const item of seen) {
        if (!item.unfocused) continue;
        const unfocused = item.unfocused;
        const visible = item.parts.some((part, i) => shows(part, item.focused[i] ?? {}, unfocused[i] ?? {}));
        if (!visible) {
          // What the element itself showed, focused and not: enough to tell a missing ring from a
          // reading taken at the wrong moment.
          const [f, u] = [item.focused[0] ?? {}, unfocused[0] ?? {}];
          const seenAs = (r: Reading) =>
            `outline ${r["outline-style"]} ${r["outline-width"]} ${r["outline-color"]}; shadow ${r["box-shadow"]}`;
          problems.push(`${describe(item.el)} (focused: ${seenAs(f)} | unfocused: ${seenAs(u)})`);
        }
      }
      return problems;
    },
  };
}
