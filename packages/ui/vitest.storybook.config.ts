import { fileURLToPath } from "node:url";
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import { playwright } from "@vitest/browser-playwright";
import { defineProject } from "vitest/config";
import { CHROMIUM_ARGS } from "../test-kit/src/chromium.js";

const configDir = fileURLToPath(new URL("./.storybook", import.meta.url));

/**
 * Every story is a test: it must render without errors and its `play` function must pass. Runs in
 * Debian's Chromium (no downloaded browsers on this network), headless.
 *
 * No axe here: the a11y addon would run it after every story (half of this project's time, and the
 * largest part of `pnpm test:quick`), a second time over what Playwright's e2e/a11y.spec.ts reads
 * with the union of both rule sets, the target-size measure and dark's colour rules (issue #27).
 * Storybook's UI still runs axe on every story it shows (`parameters.a11y` in preview.tsx).
 */
export default defineProject({
  plugins: [storybookTest({ configDir, storybookScript: "pnpm --filter @veil/ui storybook --no-open" })],
  test: {
    name: "storybook",
    // The run's "accessibility" switch, the one Storybook's test widget sets (addon-vitest reads it
    // in vitest-plugin/test-utils.js and then sets the a11y addon's `manual` global).
    provide: { "storybook/test-provided": { a11y: false } },
    // All story files in one page, not a fresh iframe per file: starting the page and importing
    // React, Radix and the preview again for each of the 30 files was most of this project's time
    // (`vitest run --project "storybook (chromium)"` 59 → 36 s on the slow host of 27 Nov). Every
    // story still mounts in a fresh root; two shuffled orders passed, and a broken play function
    // still fails its story.
    isolate: false,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
          args: [...CHROMIUM_ARGS],
        },
      }),
      instances: [{ browser: "chromium" }],
    },
  },
});
