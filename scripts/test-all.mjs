#!/usr/bin/env node
// Every test suite in one go, in CI order (cheap checks first), with one summary at the end.
// Each step runs even when an earlier one failed, so one run shows every problem; the exit code is
// non-zero if anything failed. Test counts are read from the runners' JSON reports.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensurePostgres, redacted } from "./lib/postgres.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const results = path.join(root, "test-results");
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const env = { ...process.env, CI: process.env.CI ?? "true", FORCE_COLOR: process.env.FORCE_COLOR ?? "1" };

/** Names of the failed tests in a Playwright report ("file › title"). */
function playwrightFailures(report) {
  const names = [];
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === "unexpected") names.push([...trail, spec.title].filter(Boolean).join(" › "));
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return names;
}

/** Names of the failed tests in a Vitest (jest-shaped) report ("file › title"), suite errors included. */
function vitestFailures(report) {
  const names = [];
  for (const file of report.testResults ?? []) {
    const relative = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((a) => a.status === "failed");
    for (const a of failed) names.push(`${relative} › ${a.fullName ?? a.title}`);
    if (file.status === "failed" && failed.length === 0)
      names.push(`${relative} (file failed: ${file.message?.split("\n")[0] ?? "no message"})`);
  }
  return names;
}

/**
 * Reads passed/failed/skipped counts and the failed tests' names from a Vitest (jest-shaped) or
 * Playwright JSON report. The names are printed again in the summary, so the end of a long CI log
 * says what failed.
 */
function countsFrom(file) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, "utf8"));
  if (report.stats && "expected" in report.stats) {
    const s = report.stats;
    return {
      passed: s.expected + s.flaky,
      failed: s.unexpected,
      skipped: s.skipped,
      failures: playwrightFailures(report),
    };
  }
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
    failures: vitestFailures(report),
  };
}

// The timings reporter feeds `pnpm test:timings` (per file and engine; scripts/test-timings.mjs).
const vitestJson = (name) => [
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=test-results/${name}.json`,
  "--reporter=./scripts/lib/vitest-timings-reporter.mjs",
];

/** @type {{name: string, cmd: string[], report?: string, env?: Record<string,string>}[]} */
const steps = [
  { name: "chromium", cmd: ["node", "scripts/ensure-chromium.mjs"] },
  // The tunnel test's wireguard-tools and wireguard-go (apt, --no-install-recommends).
  { name: "wireguard", cmd: ["node", "scripts/ensure-wireguard.mjs"] },
  { name: "lint + format", cmd: ["pnpm", "exec", "biome", "ci", "."] },
  { name: "typecheck", cmd: ["pnpm", "-r", "run", "typecheck"] },
  { name: "build", cmd: ["pnpm", "run", "build"] },
  // Bundle budgets of the built web app (BENCHMARKS.md): a broken budget fails CI.
  { name: "bundle budgets", cmd: ["node", "scripts/bench/budgets.mjs"] },
  { name: "package builds", cmd: ["pnpm", "run", "build:packages"] },
  // Every Vitest project in one run, the server's a second time on real Postgres (issue #4: each
  // db-touching test on both engines). Four workers on two cores: many server tests wait on
  // timers, child processes and sockets, and the extra workers fill that idle CPU.
  {
    name: "unit + integration (vitest)",
    cmd: ["pnpm", "exec", "vitest", "run", "--maxWorkers", "4", ...vitestJson("vitest")],
    report: "vitest.json",
  },
  // The consumer app outside the workspace: @veil/ui packed, installed with npm (cache first), built.
  { name: "consumer app build", cmd: ["node", "examples/consumer/build.mjs"] },
  { name: "storybook build", cmd: ["pnpm", "--filter", "@veil/ui", "run", "build-storybook"] },
  { name: "browser (playwright)", cmd: ["pnpm", "exec", "playwright", "test"], report: "playwright.json" },
];

const summary = [];
const runStarted = Date.now();
const loadAverage = os.loadavg();

// The server's Postgres pass needs a Postgres; without one, say so (a failed step) and run the rest.
{
  const started = Date.now();
  const databaseUrl = await ensurePostgres();
  if (databaseUrl) {
    env.VEIL_TEST_POSTGRES_URL = databaseUrl;
    console.log(`Server tests also run on Postgres: ${redacted(databaseUrl)}`);
  }
  summary.push({
    name: "postgres",
    ok: !!databaseUrl,
    counts: null,
    seconds: ((Date.now() - started) / 1000).toFixed(1),
  });
}

for (const step of steps) {
  console.log(`\n━━ ${step.name} ━━ ${step.cmd.join(" ")}`);
  const started = Date.now();
  const res = spawnSync(step.cmd[0], step.cmd.slice(1), { cwd: root, stdio: "inherit", env: { ...env, ...step.env } });
  const ok = res.status === 0;
  const counts = step.report ? countsFrom(path.join(results, step.report)) : null;
  summary.push({ name: step.name, ok, counts, seconds: ((Date.now() - started) / 1000).toFixed(1) });
}

// Each step's wall time, with the machine's load when the run began, for `pnpm test:timings`.
writeFileSync(
  path.join(results, "steps-timings.json"),
  JSON.stringify({
    loadAverage,
    loadAverageAtEnd: os.loadavg(),
    cpus: os.cpus().length,
    wallMs: Date.now() - runStarted,
    steps: summary.map((s) => ({ name: s.name, ms: Number(s.seconds) * 1000 })),
  }),
);

let passed = 0;
let failed = 0;
let skipped = 0;
console.log("\n━━ summary ━━");
for (const s of summary) {
  const detail = s.counts ? `${s.counts.passed} passed, ${s.counts.failed} failed, ${s.counts.skipped} skipped` : "";
  console.log(`${s.ok ? "✔" : "✖"} ${s.name.padEnd(32)} ${s.seconds.padStart(6)} s  ${detail}`);
  for (const name of s.counts?.failures ?? []) console.log(`    ✖ ${name}`);
  if (s.counts) {
    passed += s.counts.passed;
    failed += s.counts.failed;
    skipped += s.counts.skipped;
  }
  // A step that failed without failing a counted test (lint, build, a crashed runner) still counts.
  if (!s.ok && (!s.counts || s.counts.failed === 0)) failed += 1;
}
console.log(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(summary.every((s) => s.ok) ? 0 : 1);
