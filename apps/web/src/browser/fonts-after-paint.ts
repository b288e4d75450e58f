import { afterFirstPaint } from "./first-paint.js";

/**
 * Inter joins the font stack after the first contentful paint (issue #30, docs/architecture.md
 * §1.3). Until then `html:not([data-fonts])` (styles.css) draws text in the metric-matched
 * fallbacks of fonts.css, so the first paint waits for no font file and the swap to Inter moves no
 * line. With the font requests started after that paint, none of them lies on the path to the
 * largest paint, which is the first one (the landing paragraph, the FAQ heading). The cost: every
 * page load draws its text twice, in the fallback and then in Inter (from the cache after the
 * first visit; the stack changes once the faces are in), and a page whose script never runs (a
 * failed download, a blocker that forbids scripts by CSP while the browser reports scripting as
 * enabled) keeps the fallback, which has Inter's metrics.
 */
export const FONTS_ATTRIBUTE = "data-fonts";

/** Inter's family in fonts.css: one variable face per script, chosen by `unicode-range`. */
export const INTER_FAMILY = '"Inter Variable"';

/**
 * A letter of each script a page in that language draws: `document.fonts.load` fetches the faces
 * whose `unicode-range` meets it, which are the ones the page's text needs (every Latin character
 * of the catalogues lies in the public cut: fonts.test.ts). Not the page's `textContent`: its line
 * breaks lie in the whole Latin file's range and its hidden text (the language list's "Русский")
 * in the Cyrillic one, so an English page fetched three files instead of one. Text outside these
 * (a name with "ü" on an account page) gets its face through the usual swap when it is drawn.
 */
const SCRIPT_SAMPLE: Readonly<Record<string, string>> = { ru: "Aя" };
const LATIN_SAMPLE = "A";

/** How long the swap waits for Inter: a stalled font request leaves the fallbacks no longer. */
const FONT_WAIT_MS = 3000;

export function addFontsAfterFirstPaint(doc: Document = document): void {
  const html = doc.documentElement;
  const view = doc.defaultView;
  if (html.hasAttribute(FONTS_ATTRIBUTE) || !view) return;
  afterFirstPaint(() => {
    const swap = () => {
      if (!html.hasAttribute(FONTS_ATTRIBUTE)) html.setAttribute(FONTS_ATTRIBUTE, "inter");
    };
    // The faces the page's text needs are fetched first and the stack changes once they are in,
    // so the page restyles and lays out its text once (in Inter). Switched at once, it did so twice
    // (the new stack still in the fallback while Inter loads, then Inter): the largest tasks after
    // the first paint on /login (issue #30, TBT). A face that fails or stalls swaps all the same.
    const fonts = doc.fonts as FontFaceSet | undefined;
    if (!fonts?.load) return swap();
    view.setTimeout(swap, FONT_WAIT_MS);
    fonts.load(`1em ${INTER_FAMILY}`, SCRIPT_SAMPLE[html.lang] ?? LATIN_SAMPLE).then(swap, swap);
  }, view);
}
