import type { Page } from "@playwright/test";

/**
 * A colour mode the screenshot suites look at a page in, applied to the loaded page with
 * `emulateMedia` (no reload: issue #27's time budget). The first mode's screenshots carry no suffix
 * (`home.en.375.png`), every other mode's its name (`home.en.375.dark.png`), so adding a mode adds
 * baselines and renames none.
 *
 * - `light`: the default palette; axe runs every rule.
 * - `dark`: `prefers-color-scheme: dark` (the package's light-dark() palette); axe runs its
 *   colour rules again (`color-contrast`, `link-in-text-block`): nothing else axe checks depends on
 *   the palette. Focus indicators are checked (`expectVisibleFocus`).
 * - `forced`: Windows high contrast (`forced-colors: active`): the browser replaces every colour
 *   with system colours and drops box-shadows and background images, so axe's contrast rule has
 *   nothing of ours to measure and does not run; focus indicators are checked, which is what
 *   forced colors break.
 */
export interface ColourMode {
  name: "light" | "dark" | "forced";
  media: Parameters<Page["emulateMedia"]>[0];
  /** Which axe rules run in this mode: all of the suite's set, only the colour rules, or none. */
  axe: "all" | "colour" | "none";
  /** Whether `expectVisibleFocus` runs in this mode. */
  focus: boolean;
}

export const COLOUR_MODES: readonly ColourMode[] = [
  { name: "light", media: { colorScheme: "light", forcedColors: "none" }, axe: "all", focus: false },
  { name: "dark", media: { colorScheme: "dark", forcedColors: "none" }, axe: "colour", focus: true },
  { name: "forced", media: { colorScheme: "light", forcedColors: "active" }, axe: "none", focus: true },
];

/** Axe's rules whose result depends on the colours (WCAG AA and best practice). */
export const AXE_COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** `.dark`, `.forced`; "" for the first mode. */
export function modeSuffix(mode: ColourMode): string {
  return mode === COLOUR_MODES[0] ? "" : `.${mode.name}`;
}

/**
 * The modes in the passes a page goes through, each pass over every width: forced colors last, in
 * a pass of their own. Chromium keeps some of forced colors' system colours after leaving them (a
 * collapsed-border table's row lines stayed black in the light capture that followed, until the
 * page was loaded again), so no capture follows forced colors on the same page; light and dark
 * switch cleanly both ways and share a pass, one state reached per width for both.
 */
export function modePasses(modes: readonly ColourMode[]): ColourMode[][] {
  const forced = (mode: ColourMode) => mode.media?.forcedColors === "active";
  return [modes.filter((mode) => !forced(mode)), modes.filter(forced)].filter((pass) => pass.length > 0);
}
