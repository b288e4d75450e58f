import { expect, type Page, test } from "@playwright/test";

/**
 * The product API's reference page (`/api/reference`, Swagger UI served by the server itself)
 * renders the OpenAPI document under the server's Content-Security-Policy — the same policy as in
 * production (scripts from our origin only, no eval, no inline script but the prerendered pages'
 * start-up by its hash) — and loads nothing from
 * another origin.
 */
async function watch(page: Page, origin: string) {
  const problems: string[] = [];
  const foreign: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) problems.push(msg.text());
  });
  page.on("pageerror", (err) => problems.push(err.message));
  page.on("request", (req) => {
    if (!req.url().startsWith("data:") && new URL(req.url()).origin !== origin) foreign.push(req.url());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(`Refused to load (CSP ${e.violatedDirective}) ${e.blockedURI}`);
    });
  });
  return { problems, foreign };
}

test("the API reference renders every route group under the production CSP @e2e", async ({ page, baseURL }) => {
  const seen = await watch(page, new URL(baseURL ?? "http://localhost").origin);
  const res = await page.goto("/api/reference");
  const csp = res?.headers()["content-security-policy"] ?? "";
  // Its own scripts are files; the one hash the policy carries is the prerendered pages' start-up.
  expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'(;|$)/);
  expect(csp).not.toContain("unsafe-eval");
  await expect(page.getByRole("heading", { name: /Veil product API/ })).toBeVisible();
  // Operations from the route table, rendered from /api/openapi.json.
  await expect(page.getByText("/user/web/by-email", { exact: true })).toBeVisible();
  await expect(page.getByText("/subscription/web/info", { exact: true })).toBeVisible();
  // An operation opens with its documented error codes.
  await page.getByText("/payment/web/init", { exact: true }).click();
  await expect(page.getByText(/`plan_not_found`|plan_not_found/).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(seen.problems).toEqual([]);
  expect(seen.foreign).toEqual([]);
});
