import { readFileSync } from "node:fs";
import type { Browser } from "@playwright/test";
import { expect, test } from "./helpers/storybook.js";

/**
 * The Chromium every suite starts (CHROMIUM_ARGS of @veil/test-kit) keeps Playwright's own
 * disabled features and adds ours, and opens no browser UI of its own: Chromium honours only the
 * last `--disable-features`, so a list added later replaces every earlier one without a word, and
 * the WebUI omnibox popup then comes back into every new window (about 0.65 CPU-s each, README
 * "Tests"). Checked on the worker's browser and on a screenshot suite's fresh one.
 */
const disabledFeatureLists = (argv: string[]) =>
  argv.filter((arg) => arg.startsWith("--disable-features=")).map((arg) => arg.slice(arg.indexOf("=") + 1).split(","));

async function expectLeanChromium(browser: Browser): Promise<void> {
  const context = await browser.newContext();
  await context.newPage();
  const session = await browser.newBrowserCDPSession();
  // The browser process's own command line (CDP's getBrowserCommandLine needs --enable-automation).
  const { processInfo } = (await session.send("SystemInfo.getProcessInfo")) as {
    processInfo: { type: string; id: number }[];
  };
  const pid = processInfo.find((info) => info.type === "browser")?.id;
  const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
  // Playwright's list, then ours, which is the one Chromium reads; no other.
  const lists = disabledFeatureLists(argv);
  expect(lists).toHaveLength(2);
  const [playwrights, effective] = [lists[0] ?? [], lists[1] ?? []];
  expect(playwrights.length).toBeGreaterThan(0);
  expect(effective).toEqual(
    expect.arrayContaining([...playwrights, "WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup"]),
  );
  // The popup's renderer comes a moment after the window (within 0.2 s here): give it a second.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const { targetInfos } = (await session.send("Target.getTargets")) as { targetInfos: { url: string }[] };
  expect(targetInfos.filter((target) => target.url.includes("omnibox-popup"))).toEqual([]);
  await session.detach();
  await context.close();
}

test("the worker's browser keeps Playwright's disabled features and preloads no omnibox popup", ({ browser }) =>
  expectLeanChromium(browser));

test("a screenshot test's fresh browser keeps Playwright's disabled features and preloads no omnibox popup", ({
  rasterBrowser,
}) => expectLeanChromium(rasterBrowser));
