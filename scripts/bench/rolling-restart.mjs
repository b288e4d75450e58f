#!/usr/bin/env node
// The rolling-restart test (apps/server/test/ops/rolling-restart.postgres.test.ts) five times in a
// row on the machine's Postgres: requests served while both processes restart, failures, paid
// invoices, and the load average around each run. Prints the median and spread for BENCHMARKS.md
// ("Rolling restart"). Needs the server built (`pnpm bench:restart` builds it first).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensurePostgres } from "../lib/postgres.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const runs = Number(process.env.BENCH_RUNS ?? 5);
const databaseUrl = await ensurePostgres();
if (!databaseUrl) process.exit(1);

const load = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const results = [];
for (let i = 1; i <= runs; i++) {
  const before = load();
  const res = spawnSync(
    "pnpm",
    [
      "exec",
      "vitest",
      "run",
      "--project",
      "server:postgres",
      "apps/server/test/ops/rolling-restart.postgres.test.ts",
      "-t",
      "rolling",
    ],
    { cwd: root, encoding: "utf8", env: { ...process.env, VEIL_TEST_POSTGRES_URL: databaseUrl } },
  );
  const line = /rolling restart: (\d+) requests, (\d+) failed, (\d+) paid/.exec(res.stdout + res.stderr);
  if (res.status !== 0 || !line) {
    console.error(res.stdout, res.stderr);
    console.error(`run ${i} failed`);
    process.exit(1);
  }
  const run = { requests: Number(line[1]), failed: Number(line[2]), paid: Number(line[3]), before, after: load() };
  results.push(run);
  console.log(
    `run ${i}: ${run.requests} requests, ${run.failed} failed, ${run.paid} paid; load ${before} → ${run.after}`,
  );
}
const sorted = results.map((r) => r.requests).sort((a, b) => a - b);
console.log(
  `median ${sorted[Math.floor(sorted.length / 2)]} requests (min ${sorted[0]}, max ${sorted.at(-1)}), ` +
    `${results.reduce((n, r) => n + r.failed, 0)} failed in all runs`,
);
