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

/** Sets the stored language before any script of the app runs. */
export async function useStoredLanguage(page: Page, lang: "en" | "ru"): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem("lang", value), lang);
}

/** Waits until React has hydrated (the app marks nothing, so wait for an interactive effect). */
export async function waitForApp(page: Page): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("lang", /^(en|ru)$/);
  await page.waitForLoadState("networkidle");
}
