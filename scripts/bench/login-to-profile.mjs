#!/usr/bin/env node
// `pnpm bench:login`: time from submitting the login form to the profile showing the user's e-mail
// and status, in Chromium (Playwright) against the built app served by the real server (PGlite).
// Measured inside the page: the form's submit event → the profile's <dl> with the e-mail in the
// DOM (a MutationObserver), so no Playwright polling is counted. Median of BENCH_LOGIN_RUNS (7),
// with a cold HTTP cache (new browser context: the account chunk and auth client are fetched on
// the way) and a warm one (same context, signed out in between).
import { requireFromRoot } from "./lib/deps.mjs";
import { describeMachine, printMachine } from "./lib/machine.mjs";
import { startVeil } from "./lib/processes.mjs";
import { saveResults } from "./lib/results.mjs";
import { median, printTable, round } from "./lib/stats.mjs";
import { benchEmail, benchPassword, buyPlan, signUpConfirmed } from "./lib/veil-client.mjs";

const RUNS = Number(process.env.BENCH_LOGIN_RUNS ?? 7);
const { chromium } = requireFromRoot("playwright");

/** Arms the in-page clock: submit time, and the moment the profile shows `email`. */
function armClock(email) {
  window.__loginBench = { submitAt: null, profileAt: null };
  document.addEventListener(
    "submit",
    () => {
      window.__loginBench.submitAt = performance.now();
    },
    { capture: true, once: true },
  );
  const observer = new MutationObserver(() => {
    if (window.__loginBench.submitAt === null) return;
    const shown = [...document.querySelectorAll("main dl")].some((dl) => dl.textContent?.includes(email));
    if (shown) {
      window.__loginBench.profileAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document.documentElement, { childList: true, subtree: true, characterData: true });
}

async function loginOnce(page, url, email) {
  await page.goto(`${url}/login`, { waitUntil: "networkidle" });
  await page.evaluate(armClock, email);
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(benchPassword);
  const started = performance.now();
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(/\/account\/profile$/);
  await page.locator("main dl", { hasText: email }).waitFor();
  const outside = performance.now() - started;
  const clock = await page.evaluate(() => window.__loginBench);
  // The same document throughout (client-side navigation), so the in-page clock is the measure.
  if (clock?.submitAt == null || clock.profileAt == null)
    throw new Error("the in-page clock did not run (full reload?)");
  return { inPageMs: clock.profileAt - clock.submitAt, playwrightMs: outside };
}

const machine = printMachine();
const server = await startVeil({ database: { kind: "pglite" } });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
const results = { machine, runs: RUNS, cold: [], warm: [] };
try {
  const email = benchEmail("login");
  const session = await signUpConfirmed(server.url, email, benchPassword);
  await buyPlan(server.url, session.access_token);

  // Warm-up (first JIT of the server's login path), not recorded.
  {
    const context = await browser.newContext({ locale: "en-US" });
    await loginOnce(await context.newPage(), server.url, email);
    await context.close();
  }
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ locale: "en-US", viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    results.cold.push(await loginOnce(page, server.url, email));
    // Warm: same cache, signed out (local session gone), log in again.
    await page.evaluate(() => localStorage.clear());
    results.warm.push(await loginOnce(page, server.url, email));
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

const row = (label, list) => ({
  cache: label,
  runs: list.length,
  "median ms": round(median(list.map((r) => r.inPageMs)), 0),
  "min ms": round(Math.min(...list.map((r) => r.inPageMs)), 0),
  "max ms": round(Math.max(...list.map((r) => r.inPageMs)), 0),
  "via Playwright ms": round(median(list.map((r) => r.playwrightMs)), 0),
});
console.log("\nLogin submit → profile rendered (in-page clock; Playwright's own wait shown for comparison)");
printTable([row("cold (new context)", results.cold), row("warm (same context)", results.warm)]);
results.machineAfter = describeMachine();
saveResults("login", results);
