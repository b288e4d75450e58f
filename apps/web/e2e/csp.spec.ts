import { createHash } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { PAGE_START_SCRIPT } from "@veil/contracts/constants";
import { createAccount, logIn, uniqueEmail } from "./accounts.js";

/**
 * The server's Content-Security-Policy (no inline script but the prerendered pages' start-up, allowed
 * by its hash; no eval; frame-ancestors 'none') must
 * not break the app: prerendered pages hydrate, client-side screens, dialogs and the account area
 * run, and the browser reports no violation. Violations are caught both as console errors and as
 * `securitypolicyviolation` events recorded from the first script of each page.
 */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) fromConsole.push(msg.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => {
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return async () => [
    ...fromConsole,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])),
  ];
}

/** The policy's name for the start-up script, computed as a browser does from the page's text. */
const hashOf = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

const PRERENDERED = ["/home", "/faq", "/supportcenter", "/termsofuse", "/privacy", "/contactus"];

test.describe("Content-Security-Policy", () => {
  test("prerendered pages are served with a strict policy and run under it @e2e", async ({ page }) => {
    const violations = await recordViolations(page);
    for (const path of PRERENDERED) {
      const res = await page.goto(path);
      const csp = res?.headers()["content-security-policy"] ?? "";
      const scriptSrc = csp.split(";").find((directive) => directive.trim().startsWith("script-src "));
      expect(scriptSrc?.trim(), path).toBe(`script-src 'self' ${hashOf(PAGE_START_SCRIPT)}`);
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(res?.headers()["x-frame-options"], path).toBe("DENY");
      await expect(page.locator("html")).toHaveAttribute("lang", /^(en|ru)$/);
      await page.waitForLoadState("networkidle");
      // Its one inline script is the start-up the policy names, and it ran: the start-up module
      // set data-fonts (a refused script would leave the page without it, and report a violation).
      const inline = await page.evaluate(() =>
        [...document.querySelectorAll("script:not([src])")].map((s) => s.textContent),
      );
      expect(inline, path).toEqual([PAGE_START_SCRIPT]);
      await expect(page.locator("html"), path).toHaveAttribute("data-fonts", "inter");
    }
    expect(await violations()).toEqual([]);
  });

  test("client-side screens and an accordion run without violations @e2e", async ({ page }) => {
    const violations = await recordViolations(page);
    await page.goto("/faq");
    await page.waitForLoadState("networkidle");
    const firstQuestion = page.locator('[data-slot="accordion-trigger"]').first();
    await firstQuestion.click();
    await expect(firstQuestion).toHaveAttribute("aria-expanded", "true");
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
    await page.goto("/signup");
    await page.waitForLoadState("networkidle");
    expect(await violations()).toEqual([]);
  });

  test.describe("signed in", () => {
    // As in account-flows.spec.ts: the simulator's address is 127.0.0.1.
    test.use({ baseURL: `http://127.0.0.1:${process.env.E2E_WEB_PORT ?? 8181}` });

    test("the account area and the simulator's pay page run without violations @e2e", async ({ page, request }) => {
      const violations = await recordViolations(page);
      const email = uniqueEmail("csp");
      await createAccount(request, email);
      await logIn(page, email);
      await page.getByRole("link", { name: "Subscription Status" }).click();
      await page.getByRole("button", { name: /Choose plan 1 Month/ }).click();
      await page.getByRole("button", { name: /Cryptocurrency/ }).click();
      await page.locator("label").filter({ hasText: "USDT TRC-20" }).click();
      await page.getByRole("button", { name: "Pay with USDT TRC-20" }).click();
      await page.locator('button[value="pay"]').click();
      await expect(page).toHaveURL(/\/account\/profile$/);
      await page.getByRole("link", { name: "Payment History" }).click();
      await expect(page.getByRole("row").filter({ hasText: "USDT TRC-20" })).toBeVisible();
      expect(await violations()).toEqual([]);
    });
  });

  test("the app cannot be framed by another site @e2e", async ({ page, baseURL }) => {
    const blocked: string[] = [];
    page.on("console", (msg) => {
      if (/frame-ancestors|Refused to display/i.test(msg.text())) blocked.push(msg.text());
    });
    await page.setContent(`<iframe src="${baseURL}/home" title="framed"></iframe>`);
    await expect.poll(() => blocked.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const frame = page.frame({ url: /\/home$/ });
    expect(
      await frame
        ?.locator("h1")
        .count()
        .catch(() => 0),
    ).toBeFalsy();
  });
});
