import type { Page } from "@playwright/test";

/** WCAG 2.2 success criterion 2.5.8 Target Size (Minimum), level AA: 24 by 24 CSS pixels. */
export const MIN_TARGET_PX = 24;

/** An interactive element that is neither 24×24 px nor clear of its neighbours (2.5.8's spacing exception). */
export interface TargetSizeViolation {
  /** Tag, role and accessible-name-ish text of the target, for the failure message. */
  target: string;
  width: number;
  height: number;
  /** What its 24 px circle runs into: another target, or another undersized target's circle. */
  overlaps: string[];
}

/**
 * Measures every pointer target inside `root` (CSS selector; the whole document by default) against
 * WCAG 2.2's target size minimum (2.5.8): a target passes when its box is at least 24×24 CSS px, or
 * when a 24 px circle centred on its box neither intersects another target nor the circle of another
 * undersized target (the spacing exception). Also applied, from the criterion's exceptions:
 * - inline: a link that sits in a line of other text is sized by that text's line height;
 * - a visually hidden native input (a radio or checkbox drawn by its label) is measured as the label
 *   that takes its clicks, and a visually hidden element without one (a skip link before it is
 *   focused) is not a target the pointer can hit;
 * - disabled controls take no input, so they are not targets.
 * The "user agent control" and "essential" exceptions are left to a reviewer: nothing here is
 * unstyled, and nothing needs a small size.
 */
export async function targetSizeViolations(page: Page, root = "body"): Promise<TargetSizeViolation[]> {
  return page.evaluate(
    ({ rootSelector, min }) => {
      const scope = document.querySelector(rootSelector);
      if (!scope) throw new Error(`targetSizeViolations: nothing matches ${rootSelector}`);
      const INTERACTIVE = [
        "a[href]",
        "button",
        "input:not([type=hidden])",
        "select",
        "textarea",
        "summary",
        "[role=button]",
        "[role=link]",
        "[role=checkbox]",
        "[role=radio]",
        "[role=switch]",
        "[role=tab]",
        "[role=menuitem]",
        "[role=menuitemradio]",
        "[role=menuitemcheckbox]",
        "[role=option]",
        "[role=slider]",
        "[role=combobox]",
        "[tabindex]:not([tabindex='-1'])",
      ].join(",");

      const describe = (el: Element): string => {
        const role = el.getAttribute("role");
        const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
        const slot = el.getAttribute("data-slot");
        return `${el.tagName.toLowerCase()}${role ? `[role=${role}]` : ""}${slot ? `[data-slot=${slot}]` : ""} "${name}"`;
      };
      const isDisabled = (el: Element) =>
        (el as HTMLButtonElement).disabled === true || el.getAttribute("aria-disabled") === "true";
      const isVisible = (el: Element) => {
        const style = getComputedStyle(el);
        return style.visibility !== "hidden" && style.display !== "none" && el.getClientRects().length > 0;
      };
      /** A link in running text: inline, and its block holds text that is not part of the link. */
      const isInline = (el: Element) => {
        if (el.tagName !== "A" || getComputedStyle(el).display !== "inline") return false;
        let block = el.parentElement;
        while (block && getComputedStyle(block).display === "inline") block = block.parentElement;
        if (!block) return false;
        const own = (el.textContent ?? "").trim().length;
        return (block.textContent ?? "").trim().length > own;
      };

      interface Target {
        el: Element;
        box: DOMRect;
      }
      const targets: Target[] = [];
      const seen = new Set<Element>();
      for (const el of Array.from(scope.querySelectorAll(INTERACTIVE))) {
        if (isDisabled(el) || !isVisible(el) || el.closest("[inert], [aria-hidden=true]")) continue;
        let target: Element = el;
        let box = el.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) {
          // Visually hidden: its label takes the pointer, or nothing does.
          const label = (el as HTMLInputElement).labels?.[0];
          if (!label) continue;
          target = label;
          box = label.getBoundingClientRect();
        }
        if (seen.has(target)) continue;
        seen.add(target);
        targets.push({ el: target, box });
      }

      const related = (a: Element, b: Element) => a === b || a.contains(b) || b.contains(a);
      const centre = (box: DOMRect) => ({ x: box.left + box.width / 2, y: box.top + box.height / 2 });
      const radius = min / 2;
      /** Distance from a point to the nearest point of a box (0 inside it). */
      const distanceToBox = (p: { x: number; y: number }, box: DOMRect) => {
        const dx = Math.max(box.left - p.x, 0, p.x - box.right);
        const dy = Math.max(box.top - p.y, 0, p.y - box.bottom);
        return Math.hypot(dx, dy);
      };
      // A fraction of a pixel is layout rounding, not an undersized target.
      const undersized = (t: Target) => t.box.width < min - 0.5 || t.box.height < min - 0.5;

      const violations = [];
      for (const t of targets) {
        if (!undersized(t) || isInline(t.el)) continue;
        const c = centre(t.box);
        const overlaps: string[] = [];
        for (const other of targets) {
          if (related(t.el, other.el)) continue;
          // Its circle runs into the other target's box…
          if (distanceToBox(c, other.box) < radius - 0.01) overlaps.push(describe(other.el));
          // …or into the other's circle, when that one is undersized too.
          else if (undersized(other) && !isInline(other.el)) {
            const o = centre(other.box);
            if (Math.hypot(c.x - o.x, c.y - o.y) < min - 0.01) overlaps.push(`${describe(other.el)} (its circle)`);
          }
        }
        if (overlaps.length > 0) {
          violations.push({
            target: describe(t.el),
            width: Math.round(t.box.width * 10) / 10,
            height: Math.round(t.box.height * 10) / 10,
            overlaps,
          });
        }
      }
      return violations;
    },
    { rootSelector: root, min: MIN_TARGET_PX },
  );
}
