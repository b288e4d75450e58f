/**
 * `@veil/test-kit`: what the Playwright screenshot suites of `@veil/ui` (Storybook) and `@veil/web`
 * (the built app) share, so both capture pages the same way. Private to this workspace.
 */

export { axeOn } from "./axe.js";
export { AXE_COLOUR_RULES, COLOUR_MODES, type ColourMode, modePasses, modeSuffix } from "./colour-modes.js";
export { expectVisibleFocus } from "./focus.js";
export { expectShippedFonts, SHIPPED_FONTS } from "./fonts.js";
export { type ColoursWindow, installPageColours, type PageColours, type Rgba } from "./page-colours.js";
export {
  DISABLE_ANIMATIONS_CSS,
  expectPinnedChromium,
  expectScreenshot,
  freshRasterBrowser,
  PIXEL_EXACT,
  VIEWPORT_HEIGHT,
  VIEWPORTS,
  VRT_BROWSER_PIN,
} from "./screenshots.js";
export { MIN_TARGET_PX, type TargetSizeViolation, targetSizeViolations } from "./target-size.js";
