import { existsSync } from "node:fs";
import path from "node:path";
import { type Browser, test as base, type Page } from "@playwright/test";
// The workspace's private test kit and Storybook server, by path: the example apps are no workspace members.
import { freshRasterBrowser, VIEWPORT_HEIGHT } from "../packages/test-kit/src/index.js";
import { serveStatic } from "../packages/ui/e2e/helpers/static-server.js";

/**
 * The Playwright `test` of an example app built to static files (`dir`): one static server per
 * worker, a fresh raster browser per test (as the other screenshot suites) and a page at 1280 px
 * in light colours, reduced motion, English and UTC. Fails at once, naming `build`, when the
 * app has not been built.
 */
export function staticAppTest(dir: string, build: string) {
  return base.extend<{ rasterBrowser: Browser; appPage: Page }, { appUrl: string }>({
    appUrl: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the fixtures argument to be destructured
      async ({}, use) => {
        if (!existsSync(path.join(dir, "index.html"))) throw new Error(`${dir} is missing: build it first (${build}).`);
        const server = await serveStatic(dir);
        await use(server.url);
        await server.close();
      },
      { scope: "worker" },
    ],
    rasterBrowser: freshRasterBrowser,
    appPage: async ({ rasterBrowser: browser, appUrl }, use) => {
      const context = await browser.newContext({
        baseURL: appUrl,
        viewport: { width: 1280, height: VIEWPORT_HEIGHT },
        deviceScaleFactor: 1,
        locale: "en-US",
        timezoneId: "UTC",
        colorScheme: "light",
        reducedMotion: "reduce",
      });
      const page = await context.newPage();
      await use(page);
      await context.close();
    },
  });
}
