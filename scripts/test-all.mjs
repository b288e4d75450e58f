#!/usr/bin/env node
// Every test suite in one go, in CI order (cheap checks first; builds that only the browser suites
// need run alongside Vitest, see `phases`), with one summary at the end.
// Each step runs even when an earlier one failed, so one run shows every problem; the exit code is
// non-zero if anything failed. Test counts are read from the runners' JSON reports.
import { spawn } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

/** @typedef {{name: string, cmd: string[], report?: string, env?: Record<string,string>}} Step */

/**
 * The run in phases. A phase's lanes run side by side, each lane's steps one after another; the
 * next phase starts when every lane is done. Steps share a phase when neither needs the other's
 * output and one mostly waits: the Vitest run leaves CPU idle (many server tests wait on timers,
 * child processes and sockets), and the builds that only the browser suites need fill it. The
 * first lane's output streams; the others' is kept in test-results/logs/ and printed when its step
 * ends, so logs never interleave.
 * @type {Step[][][]}
 */
const phases = [
  [
    [
      { name: "chromium", cmd: ["node", "scripts/ensure-chromium.mjs"] },
      // The tunnel test's wireguard-tools and wireguard-go (apt, --no-install-recommends).
      { name: "wireguard", cmd: ["node", "scripts/ensure-wireguard.mjs"] },
    ],
    [
      { name: "lint + format", cmd: ["pnpm", "exec", "biome", "ci", "."] },
      // Imports back up the layers, past a module's entry, or in a circle (.dependency-cruiser.cjs).
      { name: "layers", cmd: ["pnpm", "run", "lint:layers"] },
    ],
  ],
  [
    [
      { name: "build", cmd: ["pnpm", "run", "build"] },
      // Bundle budgets of the built web app (BENCHMARKS.md): a broken budget fails CI.
      { name: "bundle budgets", cmd: ["node", "scripts/bench/budgets.mjs"] },
    ],
    [{ name: "typecheck", cmd: ["pnpm", "-r", "run", "typecheck"] }],
  ],
  [
    // Every Vitest project in one run, the server's a second time on real Postgres (issue #4: each
    // db-touching test on both engines). Four workers on two cores: many server tests wait on
    // timers, child processes and sockets, and the extra workers fill that idle CPU.
    // All but the Storybook project: here every story is rendered and played by the Playwright
    // a11y suite (packages/ui/e2e/a11y.spec.ts), whose `visit` fails a story that threw while
    // rendering or playing, so a second render of each in Vitest's browser would only repeat it
    // (issue #27). `pnpm test:quick`, which runs no Playwright, keeps it.
    [
      {
        name: "unit + integration (vitest)",
        cmd: [
          "pnpm",
          "exec",
          "vitest",
          "run",
          "--project",
          "!storybook*",
          "--maxWorkers",
          "4",
          ...vitestJson("vitest"),
        ],
        report: "vitest.json",
      },
    ],
    // What only the browser suites need, built meanwhile. One lane: package builds and the consumer
    // build both write packages/ui/dist.
    [
      { name: "package builds", cmd: ["pnpm", "run", "build:packages"] },
      // The consumer app outside the workspace: @veil/ui packed, installed with npm (cache first), built.
      { name: "consumer app build", cmd: ["node", "examples/consumer/build.mjs"] },
      // The Next.js consumer: the same tarball, a server component page and the precompiled CSS.
      { name: "next consumer build", cmd: ["node", "examples/consumer-next/build.mjs"] },
      { name: "storybook build", cmd: ["pnpm", "--filter", "@veil/ui", "run", "build-storybook"] },
    ],
  ],
  [[{ name: "browser (playwright)", cmd: ["pnpm", "exec", "playwright", "test"], report: "playwright.json" }]],
];

const summary = [];
const runStarted = Date.now();
const loadAverage = os.loadavg();
// The load average every 10 s, so the report can say how loaded the machine was during the run.
const loadSamples = [];
const sampler = setInterval(() => loadSamples.push(os.loadavg()[0]), 10_000);

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

const logs = path.join(results, "logs");
mkdirSync(logs, { recursive: true });

/** Runs one step; `streamed` steps print as they go, the others into a log printed at the end. */
function runStep(step, streamed, lane) {
  const started = Date.now();
  const log = path.join(logs, `${step.name.replace(/[^\w]+/g, "-")}.log`);
  if (streamed) console.log(`\n━━ ${step.name} ━━ ${step.cmd.join(" ")}`);
  else console.log(`\n━━ ${step.name} (alongside; log: ${path.relative(root, log)}) ━━ ${step.cmd.join(" ")}`);
  return new Promise((resolve) => {
    const out = streamed ? "inherit" : openSync(log, "w");
    const child = spawn(step.cmd[0], step.cmd.slice(1), {
      cwd: root,
      stdio: ["ignore", out, out],
      env: { ...env, ...step.env },
    });
    const finish = (code) => {
      if (!streamed) {
        closeSync(out);
        console.log(`\n━━ ${step.name} (ran alongside) ━━ exit ${code}\n${readFileSync(log, "utf8")}`);
      }
      const counts = step.report ? countsFrom(path.join(results, step.report)) : null;
      resolve({ name: step.name, ok: code === 0, counts, seconds: ((Date.now() - started) / 1000).toFixed(1), lane });
    };
    child.on("error", () => finish(1));
    child.on("exit", (code) => finish(code ?? 1));
  });
}

for (const phase of phases) {
  const lanes = await Promise.all(
    phase.map(async (lane, i) => {
      const done = [];
      for (const step of lane) done.push(await runStep(step, i === 0, i));
      return done;
    }),
  );
  // The summary keeps the steps in the order they are written above.
  for (const lane of lanes) summary.push(...lane);
}
clearInterval(sampler);

// Each step's wall time, with the machine's load when the run began, for `pnpm test:timings`.
writeFileSync(
  path.join(results, "steps-timings.json"),
  JSON.stringify({
    loadAverage,
    loadAverageAtEnd: os.loadavg(),
    cpus: os.cpus().length,
    wallMs: Date.now() - runStarted,
    loadSamples,
    steps: summary.map((s) => ({ name: s.name, ms: Number(s.seconds) * 1000, alongside: (s.lane ?? 0) > 0 })),
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
