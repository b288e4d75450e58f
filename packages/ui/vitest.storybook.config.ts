import { fileURLToPath } from "node:url";
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import { playwright } from "@vitest/browser-playwright";
import { defineProject } from "vitest/config";

const configDir = fileURLToPath(new URL("./.storybook", import.meta.url));

/**
 * Every story is a test: it must render without errors, its `play` function must pass, and axe
 * must find nothing (`parameters.a11y.test = 'error'` in preview.tsx). Runs in Debian's Chromium
 * (no downloaded browsers on this network), headless.
 */
export default defineProject({
  plugins: [storybookTest({ configDir, storybookScript: "pnpm --filter @veil/ui storybook --no-open" })],
  test: {
    name: "storybook",
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
          ],
        },
      }),
      instances: [{ browser: "chromium" }],
    },
  },
});
