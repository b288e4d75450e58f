import { expect, type Locator, type Page } from "@playwright/test";

interface FocusInfo {
  /** What has focus, for messages: tag, role/name-ish text. */
  what: string;
  onBody: boolean;
  /** Where a visible focus indicator was found (the element, a peer or an ancestor), or null. */
  ring: string | null;
}

/**
 * Reads the focused element and looks for a visible focus indicator: a non-zero outline or a box
 * shadow on the element itself, or (for inputs drawn by other elements: visually hidden radios,
 * the one transparent OTP input) on its next sibling or one of its three nearest ancestors.
 */
export async function focusInfo(page: Page): Promise<FocusInfo> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement)
      return { what: "body", onBody: true, ring: null };
    const drawn = (node: Element | null): boolean => {
      if (!node) return false;
      const style = getComputedStyle(node);
      const outline = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0;
      return outline || (style.boxShadow !== "none" && style.boxShadow !== "");
    };
    const candidates: [string, Element | null][] = [
      ["self", el],
      ["peer", el.nextElementSibling],
      ["parent", el.parentElement],
      ["grandparent", el.parentElement?.parentElement ?? null],
      ["great-grandparent", el.parentElement?.parentElement?.parentElement ?? null],
      // The OTP field: one transparent input; the ring is drawn on the active box beside it.
      ["active box", el.parentElement?.parentElement?.querySelector("[data-active]") ?? null],
    ];
    const hit = candidates.find(([, node]) => drawn(node));
    const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40);
    return {
      what: `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} "${name}"`,
      onBody: false,
      ring: hit ? hit[0] : null,
    };
  });
}

/**
 * WCAG 2.2 Focus Not Obscured (2.4.11): is the focused element entirely hidden, behind author content
 * (the sticky header, an overlay, a cookie bar) or out of the viewport? Samples a 5×5 grid of points
 * over its box (over its label's box for a visually hidden input, which the label draws) and asks
 * which element is on top at each: the focused element, something inside it or something it sits in
 * shows it; anything else covers it. Returns what covers its centre (or "outside the viewport")
 * when no point shows it, null when some part is visible.
 */
export async function focusObscuredBy(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement) return null;
    let shown: Element = el;
    let box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) {
      const label = (el as HTMLInputElement).labels?.[0];
      if (label) {
        shown = label;
        box = label.getBoundingClientRect();
      }
    }
    const related = (node: Element | null) =>
      !!node && (node === el || node === shown || el.contains(node) || shown.contains(node) || node.contains(el));
    const describe = (node: Element | null) => {
      if (!node) return "nothing";
      const header = node.closest("header, [role=banner]");
      const text = (node.getAttribute("aria-label") ?? node.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 30);
      return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""} "${text}"${header && header !== node ? " in the header" : ""}`;
    };
    const steps = 5;
    let inViewport = 0;
    for (let i = 0; i < steps; i++) {
      for (let j = 0; j < steps; j++) {
        // Inset half a pixel so a point on the edge belongs to the box, not its neighbour.
        const x = box.left + 0.5 + ((box.width - 1) * i) / (steps - 1);
        const y = box.top + 0.5 + ((box.height - 1) * j) / (steps - 1);
        if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
        inViewport++;
        if (related(document.elementFromPoint(x, y))) return null;
      }
    }
    if (inViewport === 0) return "outside the viewport";
    return describe(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
  });
}

/**
 * Focus is on an element (never lost to <body>), that element shows a focus ring, and it is not
 * hidden behind the sticky header or an overlay (WCAG 2.4.11).
 */
export async function expectVisibleFocus(page: Page, step: string): Promise<void> {
  const info = await focusInfo(page);
  expect(info.onBody, `${step}: focus was lost to <body>`).toBe(false);
  expect(info.ring, `${step}: no visible focus ring on ${info.what}`).not.toBeNull();
  expect(await focusObscuredBy(page), `${step}: ${info.what} has focus but is entirely hidden by`).toBeNull();
}

/** Focus is somewhere on the page (a heading taking focus after navigation need not draw a ring). */
export async function expectFocusNotLost(page: Page, step: string): Promise<void> {
  // The next page's heading takes focus once its (lazy) screen has rendered, a moment after the
  // URL changed; give it that moment, but focus must end up somewhere.
  await expect
    .poll(async () => (await focusInfo(page)).onBody, { message: `${step}: focus was lost to <body>` })
    .toBe(false);
}

/**
 * Where a Tab press left focus, read in one go: on an element, or on <body>. On <body>, either the
 * press ran past the last (or first) stop, which is still in place, or it reached a stop that lost
 * focus a moment later (a re-render removed it, it was hidden, disabled or made inert). The page
 * notes the last element to take focus, so the second case names that stop and what became of it.
 */
function afterTab(): { onBody: boolean; lost: string | null } {
  const notes = window as unknown as { veilLastFocus?: { el: Element | null } };
  if (!notes.veilLastFocus) {
    const last = { el: document.activeElement as Element | null };
    document.addEventListener("focusin", (event) => {
      last.el = event.target as Element;
    });
    notes.veilLastFocus = last;
  }
  const focused = document.activeElement;
  if (focused && focused !== document.body && focused !== document.documentElement)
    return { onBody: false, lost: null };
  const stop = notes.veilLastFocus.el;
  if (!stop || stop === document.body) return { onBody: true, lost: null };
  const state = stop.isConnected
    ? [
        stop.checkVisibility() ? "" : "hidden",
        stop.matches(":disabled") ? "disabled" : "",
        stop.closest("[inert]") ? "inert" : "",
      ].filter(Boolean)
    : ["removed from the document"];
  if (state.length === 0) return { onBody: true, lost: null };
  const name = `${stop.tagName.toLowerCase()} "${(stop.getAttribute("aria-label") ?? stop.textContent ?? "").trim().slice(0, 30)}"`;
  // What is rendered (a skeleton or the screen), not the text hidden under a suspended screen.
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point
  const shown = document.body.innerText.replace(/\s+/g, " ").slice(0, 80);
  return {
    onBody: true,
    lost: `${name} had focus and is now ${state.join(", ")}; ${location.pathname} shows "${shown}"`,
  };
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, checking the focus ring at every stop on
 * the way. Fails after `max` presses, which catches targets that are unreachable by keyboard.
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  await page.evaluate(afterTab);
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    const { onBody, lost } = await page.evaluate(afterTab);
    const step = `Tab stop ${i + 1} on the way to ${target}`;
    expect(lost, `${step}: focus was lost to <body>: ${lost}`).toBeNull();
    // Past the last (or first) stop a browser moves focus to its own toolbar; headless Chromium
    // parks it on <body> instead. That is the end of the page, not focus lost: keep going round.
    if (onBody) continue;
    await expectVisibleFocus(page, step).catch(async (error: Error) => {
      // Focus fell between the two reads: name the stop that had it, when the page can still say.
      const late = await page.evaluate(afterTab).catch(() => null);
      throw late?.lost ? new Error(`${step}: focus was lost to <body>: ${late.lost}`) : error;
    });
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) return;
  }
  throw new Error(`${target} was not reached in ${max} ${back ? "Shift+Tab" : "Tab"} presses`);
}
