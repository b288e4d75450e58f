import { afterFirstPaint } from "./first-paint.js";

/**
 * Inter joins the font stack after the first contentful paint (issue #30, docs/architecture.md
 * §1.3). Until then `html:not([data-fonts])` (styles.css) draws text in the metric-matched
 * fallbacks of fonts.css, so the first paint waits for no font file and the swap to Inter moves no
 * line. With the font requests started after that paint, none of them lies on the path to the
 * largest paint, which is the first one (the landing paragraph, the FAQ heading). The cost: every
 * page load draws its text twice, in the fallback and then in Inter (from the cache after the
 * first visit), and a page whose script never runs (a failed download, a blocker that forbids
 * scripts by CSP while the browser reports scripting as enabled) keeps the fallback, which has
 * Inter's metrics. main.tsx calls this before the islands start, so the prefetch of the other
 * language's fonts (islands/page-language.ts) reads a stack that has Inter.
 */
export const FONTS_ATTRIBUTE = "data-fonts";

export function addFontsAfterFirstPaint(doc: Document = document): void {
  const html = doc.documentElement;
  const view = doc.defaultView;
  if (html.hasAttribute(FONTS_ATTRIBUTE) || !view) return;
  afterFirstPaint(() => html.setAttribute(FONTS_ATTRIBUTE, "inter"), view);
}
