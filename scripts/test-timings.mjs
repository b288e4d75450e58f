#!/usr/bin/env node
// `pnpm test:timings`: where the last test run's time went, read from the reports it left in
// test-results/ — the steps of `npm test` (steps-timings.json, written by scripts/test-all.mjs),
// every Vitest file per project and engine (vitest-timings.json) and every Playwright test broken
// into fixture steps (playwright-timings.json). Works after a partial run too: a report that is
// missing is skipped. It also lists what the browser suites covered (every screenshot compared,
// every axe run, dark colour-rule run and reflow check, every ARIA snapshot, by screen, state,
// language and width) into test-results/coverage.txt, one line each and sorted, so two runs
// compare with `diff`.
//
//   node scripts/test-timings.mjs [--dir test-results] [--top 25]
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values: args } = parseArgs({
  options: { dir: { type: "string", default: "test-results" }, top: { type: "string", default: "25" } },
});
const dir = path.resolve(root, args.dir);
const top = Number(args.top);
const read = (name) => {
  const file = path.join(dir, name);
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
};
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
const pad = (text, n) => String(text).padEnd(n);
const lpad = (text, n) => String(text).padStart(n);

/* ── npm test steps ───────────────────────────────────────────────────────────────────────── */
const steps = read("steps-timings.json");
if (steps) {
  const loads = (l) => l?.map((x) => x.toFixed(2)).join(" ") ?? "?";
  console.log(`\n━━ npm test steps on ${steps.cpus} CPUs ━━`);
  console.log(
    `load average (1, 5, 15 min) at start ${loads(steps.loadAverage)}, at end ${loads(steps.loadAverageAtEnd)}`,
  );
  const samples = steps.loadSamples ?? [];
  if (samples.length > 0) {
    const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
    console.log(`1-minute load during the run: mean ${mean.toFixed(1)}, max ${Math.max(...samples).toFixed(1)}`);
  }
  for (const step of steps.steps) {
    console.log(`${pad(step.name, 34)} ${lpad(s(step.ms), 9)}${step.alongside ? "  (side lane, ran alongside)" : ""}`);
  }
  console.log(`${pad("total (wall clock)", 34)} ${lpad(s(steps.wallMs), 9)}`);
}

/* ── Vitest ───────────────────────────────────────────────────────────────────────────────── */
const vitest = read("vitest-timings.json");
if (vitest) {
  const fileMs = (f) => f.collectMs + f.setupMs + f.testsMs + f.prepareMs + f.environmentMs;
  console.log(`\n━━ Vitest: ${vitest.files.length} files, wall ${s(vitest.wallMs)} ━━`);
  const projects = new Map();
  for (const f of vitest.files) {
    const p = projects.get(f.project) ?? { files: 0, tests: 0, ms: 0, importMs: 0 };
    p.files += 1;
    p.tests += f.tests;
    p.ms += fileMs(f);
    p.importMs += f.collectMs;
    projects.set(f.project, p);
  }
  console.log(
    `${pad("project", 22)} ${lpad("files", 6)} ${lpad("tests", 6)} ${lpad("file time", 10)} ${lpad("of it import", 13)}`,
  );
  for (const [name, p] of [...projects].sort((a, b) => b[1].ms - a[1].ms)) {
    console.log(
      `${pad(name, 22)} ${lpad(p.files, 6)} ${lpad(p.tests, 6)} ${lpad(s(p.ms), 10)} ${lpad(s(p.importMs), 13)}`,
    );
  }
  // Server files side by side on both engines: a second pass that costs as much as the first but
  // never touches the database is time spent on nothing.
  const byFile = new Map();
  for (const f of vitest.files) {
    const row = byFile.get(f.file) ?? {};
    row[f.project] = f;
    byFile.set(f.file, row);
  }
  const rows = [...byFile].map(([file, row]) => ({
    file,
    row,
    total: Object.values(row).reduce((sum, f) => sum + fileMs(f), 0),
  }));
  rows.sort((a, b) => b.total - a.total);
  console.log(`\nslowest ${top} files (file time = import + setup + tests; per engine where both ran):`);
  for (const { file, row, total } of rows.slice(0, top)) {
    const engines = Object.entries(row)
      .map(([project, f]) => `${project} ${s(fileMs(f))}`)
      .join(", ");
    console.log(`${lpad(s(total), 9)}  ${pad(file, 62)} ${engines}`);
  }
}

/* ── Playwright ───────────────────────────────────────────────────────────────────────────── */
const playwright = read("playwright-timings.json");

/**
 * The bucket a step's time belongs to, or null to look inside it. Fixture names are the suites'
 * own (helpers/world.ts, packages/ui/e2e/helpers/storybook.ts, @veil/test-kit); step names come
 * from the `test.step`s in settle, axe, reflow, the fonts check and the screens' `act`.
 */
/** The step in which @veil/test-kit `expectScreenshot` compares a capture's bytes with its baseline. */
const BY_BYTES = /^screenshot (.+), its bytes against the baseline's$/;

function bucketOf(step) {
  const { category, title } = step;
  if (category === "hook" && title === "After Hooks") return "teardown";
  if (category === "fixture") {
    const name = /Fixture "(.+)"/.exec(title)?.[1] ?? title;
    if (name === "world") return "seeded world";
    if (name === "storybookUrl" || name === "appUrl") return "static server";
    if (["browser", "rasterBrowser"].includes(name)) return "browser start";
    if (["context", "page", "isolatedPage", "sharedPage", "appPage"].includes(name)) return "context + page";
    return null;
  }
  if (category === "pw:api") {
    if (/^Navigate|^Go to|^Reload/.test(title)) return "navigation";
    if (/^Launch browser/.test(title)) return "browser start";
    if (/^Set viewport size/.test(title)) return "resize";
    return null;
  }
  if (category === "expect" && /toHaveScreenshot/.test(title)) return "capture";
  if (category === "expect" && /toMatchAriaSnapshot/.test(title)) return "aria snapshot";
  if (category === "test.step") {
    if (title === "settle") return "settle";
    if (title === "switch story") return "navigation";
    if (/^axe/.test(title)) return "axe";
    if (/^reflow/.test(title)) return "reflow";
    if (title === "fonts check") return "fonts check";
    // A capture compared by its bytes first (@veil/test-kit `expectScreenshot`): a capture too.
    if (BY_BYTES.test(title)) return "capture";
    if (/^act/.test(title)) return "state (act)";
    return null;
  }
  return null;
}

/** Sums a test's steps into buckets; time in no bucket is "other". Also counts each bucket's steps. */
function bucketsOf(test) {
  const ms = {};
  const count = {};
  let skipBelow = Number.POSITIVE_INFINITY;
  for (const step of test.steps) {
    if (step.depth > skipBelow) continue;
    skipBelow = Number.POSITIVE_INFINITY;
    const bucket = bucketOf(step);
    if (!bucket) continue;
    ms[bucket] = (ms[bucket] ?? 0) + step.ms;
    count[bucket] = (count[bucket] ?? 0) + 1;
    skipBelow = step.depth;
  }
  const counted = Object.values(ms).reduce((a, b) => a + b, 0);
  ms.other = Math.max(0, testTime(test) - counted);
  return { ms, count };
}

/**
 * A test's own time plus the worker-scoped fixtures it set up (the seeded world, the worker's
 * browser), which Playwright leaves out of the test's duration: the sum of its top-level steps.
 */
function testTime(test) {
  const topLevel = test.steps.filter((step) => step.depth === 0).reduce((a, step) => a + step.ms, 0);
  return Math.max(test.ms, topLevel);
}

const BUCKETS = [
  "seeded world",
  "static server",
  "browser start",
  "context + page",
  "navigation",
  "settle",
  "state (act)",
  "resize",
  "capture",
  "fonts check",
  "axe",
  "reflow",
  "aria snapshot",
  "teardown",
  "other",
];

if (playwright) {
  const tests = playwright.tests;
  const sum = tests.reduce((a, t) => a + testTime(t), 0);
  console.log(
    `\n━━ Playwright: ${tests.length} tests, wall ${s(playwright.wallMs)} on ${playwright.workers} workers, test time ${s(sum)} ━━`,
  );
  const total = {};
  const totalCount = {};
  const files = new Map();
  for (const t of tests) {
    const { ms, count } = bucketsOf(t);
    const key = `${t.project} › ${t.file}`;
    const f = files.get(key) ?? { tests: 0, ms: 0, buckets: {} };
    f.tests += 1;
    f.ms += testTime(t);
    for (const [b, v] of Object.entries(ms)) {
      total[b] = (total[b] ?? 0) + v;
      f.buckets[b] = (f.buckets[b] ?? 0) + v;
    }
    for (const [b, v] of Object.entries(count)) totalCount[b] = (totalCount[b] ?? 0) + v;
    files.set(key, f);
  }
  console.log("where the time went (summed over tests, worker-scoped fixtures in the first test that set them up):");
  for (const b of BUCKETS) {
    if (!total[b]) continue;
    const n = totalCount[b] ? `${lpad(totalCount[b], 5)} ×, ${s(total[b] / totalCount[b])} each` : "";
    console.log(
      `  ${pad(b, 16)} ${lpad(s(total[b]), 10)} ${lpad(`${((100 * total[b]) / sum).toFixed(0)} %`, 5)}  ${n}`,
    );
  }
  console.log("\nper file (tests, test time, then its three largest parts):");
  for (const [key, f] of [...files].sort((a, b) => b[1].ms - a[1].ms)) {
    const parts = Object.entries(f.buckets)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([b, v]) => `${b} ${s(v)}`)
      .join(", ");
    console.log(`${lpad(s(f.ms), 9)} ${lpad(f.tests, 4)}  ${pad(key, 58)} ${parts}`);
  }

  /* ── coverage list ── */
  const lines = new Set();
  for (const t of tests) {
    const subject = /^(\S+) \((en|ru)\)/.exec(t.title);
    for (const step of t.steps) {
      const shot = /toHaveScreenshot\((.+?)\)/.exec(step.title);
      if (step.category === "expect" && shot) lines.add(`${t.project} capture ${shot[1]}`);
      // The same capture compared by its bytes first (@veil/test-kit `expectScreenshot`).
      const sameBytes = BY_BYTES.exec(step.title);
      if (step.category === "test.step" && sameBytes) lines.add(`${t.project} capture ${sameBytes[1]}`);
      const aria = /toMatchAriaSnapshot/.test(step.title);
      if (step.category === "expect" && aria) lines.add(`${t.project} aria ${t.title.split(" ")[0]}`);
      if (step.category !== "test.step") continue;
      const check = /^(axe|reflow) at (\d+) px$/.exec(step.title);
      if (check && subject) lines.add(`${t.project} ${check[1]} ${subject[1]}.${subject[2]}.${check[2]}`);
      if (check && !subject) lines.add(`${t.project} ${check[1]} ${t.title} @${check[2]}`);
      // A later colour mode's contrast rules (dark): `axe-colour home.en.1280`.
      const colour = /^axe colour rules at (\d+) px$/.exec(step.title);
      if (colour && subject) lines.add(`${t.project} axe-colour ${subject[1]}.${subject[2]}.${colour[1]}`);
      if (step.title === "axe" && !subject) lines.add(`${t.project} axe ${t.title.replace(/ has no axe.*$/, "")}`);
    }
  }
  // Which test files ran on which engine (a server file once per engine it ran on).
  for (const f of vitest?.files ?? []) lines.add(`vitest:${f.project} file ${f.file}`);
  const sorted = [...lines].sort();
  writeFileSync(path.join(dir, "coverage.txt"), `${sorted.join("\n")}\n`);
  const kinds = new Map();
  for (const line of sorted) {
    const [project, kind] = line.split(" ");
    kinds.set(`${project} ${kind}`, (kinds.get(`${project} ${kind}`) ?? 0) + 1);
  }
  console.log(
    `\ncoverage (${sorted.length} checks, listed in ${path.relative(root, path.join(dir, "coverage.txt"))}):`,
  );
  for (const [kind, n] of [...kinds].sort()) console.log(`  ${pad(kind, 24)} ${lpad(n, 5)}`);
}

if (!steps && !vitest && !playwright) {
  console.log(`No reports in ${path.relative(root, dir) || "."}: run npm test (or a Vitest/Playwright run) first.`);
}
