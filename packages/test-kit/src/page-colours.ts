/**
 * Colour arithmetic for checks that read computed styles in the page (the focus walk, the
 * forced-colors shape checks): parse a computed colour, lay a translucent colour over another,
 * WCAG contrast, and the opaque colour behind an element. One copy, installed into the page as
 * `window.__veilColours` (`await page.evaluate(installPageColours)`), so every check measures alike.
 */

/** `[r, g, b, alpha]`, 0–255 and 0–1. */
export type Rgba = [number, number, number, number];

export interface PageColours {
  /** A computed `rgb()`/`rgba()` colour, or null for anything else. */
  parse(css: string): Rgba | null;
  /** `top` painted over the opaque `under`. */
  over(top: Rgba, under: Rgba): Rgba;
  /** WCAG 2 contrast ratio, 1–21. */
  contrast(a: Rgba, b: Rgba): number;
  /** The opaque colour behind `el`: its and its ancestors' backgrounds over the page's Canvas. */
  backdrop(el: Element | null): Rgba;
}

/** The page's window once `installPageColours` ran: read `__veilColours` inside `page.evaluate`. */
export interface ColoursWindow {
  __veilColours: PageColours;
}

/** Runs in the page (serialised by Playwright, hence self-contained): sets `window.__veilColours`. */
export function installPageColours(): void {
  const parse = (css: string): Rgba | null => {
    const m = css.match(/rgba?\(([^)]+)\)/);
    if (!m?.[1]) return null;
    const p = m[1]
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    return [p[0] ?? 0, p[1] ?? 0, p[2] ?? 0, p[3] ?? 1];
  };
  const over = (top: Rgba, under: Rgba): Rgba => {
    const a = top[3];
    return [top[0] * a + under[0] * (1 - a), top[1] * a + under[1] * (1 - a), top[2] * a + under[2] * (1 - a), 1];
  };
  const luminance = ([r, g, b]: Rgba) => {
    const lin = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const contrast = (a: Rgba, b: Rgba) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (hi + 0.05) / (lo + 0.05);
  };
  // Canvas, as the current colour mode resolves it (white, the dark scheme's, a system colour).
  const canvas = (): Rgba => {
    const probe = document.createElement("div");
    probe.style.backgroundColor = "Canvas";
    document.body.append(probe);
    const colour = parse(getComputedStyle(probe).backgroundColor) ?? [255, 255, 255, 1];
    probe.remove();
    return colour;
  };
  const backdrop = (el: Element | null): Rgba => {
    const layers: Rgba[] = [];
    for (let up = el; up; up = up.parentElement) {
      const bg = parse(getComputedStyle(up).backgroundColor);
      if (bg && bg[3] > 0) {
        layers.push(bg);
        if (bg[3] >= 1) break;
      }
    }
    // Canvas is read only when no ancestor paints an opaque background (it costs an element).
    const deepest = layers[layers.length - 1];
    let colour: Rgba = deepest && deepest[3] >= 1 ? deepest : canvas();
    for (const layer of layers.reverse()) colour = over(layer, colour);
    return colour;
  };
  (window as unknown as ColoursWindow).__veilColours = { parse, over, contrast, backdrop };
}
