import { expect, type Page } from "@playwright/test";

/**
 * Collects page errors and console errors/warnings for the life of a page, so a test can assert
 * that hydration produced no mismatch warnings and nothing threw.
 */
export function watchConsole(page: Page): { problems: () => string[] } {
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("console", (msg) => {
    if (msg.type() === "error" || msg.type() === "warning") problems.push(`${msg.type()}: ${msg.text()}`);
  });
  return { problems: () => problems };
}

/**
 * Holds back every request matching `url` until the returned function is called, then lets them
 * through (`continue`) or fails them as a dropped connection would (`abort`).
 */
export async function holdRequests(page: Page, url: RegExp): Promise<(then?: "continue" | "abort") => void> {
  let release: (then: "continue" | "abort") => void = () => {};
  const released = new Promise<"continue" | "abort">((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    if ((await released) === "abort") await route.abort();
    else await route.continue();
  });
  return (then = "continue") => release(then);
}

/** Sets the stored language before any script of the app runs. */
export async function useStoredLanguage(page: Page, lang: "en" | "ru"): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem("lang", value), lang);
}

/** Waits until React has hydrated (the app marks nothing, so wait for an interactive effect). */
export async function waitForApp(page: Page): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("lang", /^(en|ru)$/);
  await page.waitForLoadState("networkidle");
}
