import { configureAxe } from "vitest-axe";

/**
 * axe for jsdom unit tests. Colour contrast is switched off because jsdom computes no styles (it is
 * checked in real Chromium by the Storybook and Playwright suites), and so is `region`, which is a
 * page-level rule that an isolated component cannot satisfy.
 */
export const axe = configureAxe({
  rules: {
    "color-contrast": { enabled: false },
    region: { enabled: false },
  },
});
