#!/usr/bin/env node
// What starting Chromium costs the test suites, with the switches they use (CHROMIUM_ARGS of
// packages/test-kit/src/chromium.ts) and with their `--disable-features` list left out (Playwright's
// own list then applies, and Chromium preloads its WebUI omnibox popup into every new window):
// CPU seconds of the whole machine (/proc/stat) per launch (launch, one page, close) and per new
// context and page in a running browser, the two alternating, BENCH_ROUNDS rounds (default 5) of
// BENCH_EACH of each (default 8). Run on an idle machine: other work lands in the figures.
// `pnpm bench:chromium` (tsx: it reads the TypeScript list itself); raw results in bench-results/chromium-start-*.json.
import { readFileSync } from "node:fs";
import { CHROMIUM_ARGS } from "../../packages/test-kit/src/chromium.ts";
import { requireFromRoot } from "./lib/deps.mjs";
import { loadAverage, printMachine } from "./lib/machine.mjs";
import { saveResults } from "./lib/results.mjs";
import { median, printTable, round } from "./lib/stats.mjs";

const { chromium } = requireFromRoot("playwright");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const EACH = Number(process.env.BENCH_EACH ?? 8);
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Busy CPU time of the whole machine so far, in seconds (user, nice, system, irq, softirq). */
function busySeconds() {
  const [user, nice, system, , , irq, softirq] = readFileSync("/proc/stat", "utf8")
    .split("\n")[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return (user + nice + system + irq + softirq) / 100;
}

/** CPU seconds per call of `step`, over EACH calls. */
async function cpuPer(step) {
  const before = busySeconds();
  for (let i = 0; i < EACH; i++) await step();
  return (busySeconds() - before) / EACH;
}

const variants = {
  CHROMIUM_ARGS: [...CHROMIUM_ARGS],
  "without its --disable-features": CHROMIUM_ARGS.filter((arg) => !arg.startsWith("--disable-features=")),
};

// A page that has drawn something, as a test's first page has; the wait lets the window's own
// start-up work (the popup's renderer) run inside the measure.
async function onePage(browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setContent("<p>Veil</p>");
  await page.waitForTimeout(300);
  return context;
}

const machine = printMachine();
const samples = Object.fromEntries(Object.keys(variants).map((name) => [name, { launch: [], context: [], load: [] }]));
for (let round_ = 0; round_ < ROUNDS; round_++) {
  for (const [name, args] of Object.entries(variants)) {
    samples[name].load.push(loadAverage()[0]);
    samples[name].launch.push(
      await cpuPer(async () => {
        const browser = await chromium.launch({ executablePath, args });
        await onePage(browser);
        await browser.close();
      }),
    );
    const browser = await chromium.launch({ executablePath, args });
    // The launch's own start-up settles first: only the contexts are measured.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    samples[name].context.push(await cpuPer(async () => (await onePage(browser)).close()));
    await browser.close();
  }
}

const spread = (values) => `${round(Math.min(...values), 2)}–${round(Math.max(...values), 2)}`;
printTable(
  Object.entries(samples).map(([name, s]) => ({
    switches: name,
    "launch CPU-s (median)": round(median(s.launch), 2),
    "launch spread": spread(s.launch),
    "context + page CPU-s (median)": round(median(s.context), 2),
    "context spread": spread(s.context),
    "load (1 min)": spread(s.load),
  })),
);
saveResults("chromium-start", { machine, rounds: ROUNDS, each: EACH, samples });
