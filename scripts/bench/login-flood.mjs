#!/usr/bin/env node
// `pnpm bench:login-flood`: what a storm of wrong passwords does to everyone else. A static asset
// and `GET /api/plans/` are probed at a steady rate, alone and while 40 connections send wrong
// passwords for ever-new addresses from 4 client IPs (each attempt within every rate limit, as in
// the audit of issue #13 item 6). Run twice on the same build: with password hashing effectively
// unbounded (PASSWORD_HASH_CONCURRENCY=64, PASSWORD_HASH_QUEUE=10000: the old behaviour) and with
// the defaults (half the cores running, 16 waiting, the rest 429 with Retry-After).
// Results: stdout + bench-results/login-flood-*.json.
//
// Environment: BENCH_DURATION seconds per run (10), BENCH_FLOOD_CONNECTIONS (40), BENCH_ENGINE
// (pglite, or postgres: a throw-away database on BENCH_POSTGRES_URL).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runLoad } from "./lib/load.mjs";
import { describeMachine, printMachine } from "./lib/machine.mjs";
import { createBenchDatabase } from "./lib/postgres.mjs";
import { startVeil } from "./lib/processes.mjs";
import { saveResults } from "./lib/results.mjs";
import { printTable } from "./lib/stats.mjs";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const FLOOD_CONNECTIONS = Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 40);
const ENGINE = process.env.BENCH_ENGINE ?? "pglite";
const ASSET = "/assets/app-bench.js";
const MODES = [
  { name: "unbounded (old)", env: { PASSWORD_HASH_CONCURRENCY: "64", PASSWORD_HASH_QUEUE: "10000" } },
  { name: "bounded (default)", env: {} },
];

const machine = printMachine();

// A web build of one 200 KB script, so the probe measures file serving, not the build.
const dist = mkdtempSync(path.join(os.tmpdir(), "veil-bench-web-"));
mkdirSync(path.join(dist, "assets"));
writeFileSync(path.join(dist, ASSET), `console.log(${JSON.stringify("x".repeat(200_000))});`);
writeFileSync(path.join(dist, "index.html"), "<!doctype html><div id=root></div>");

/** 10 connections at 50 req/s overall: a latency probe, not a load. */
const probe = (url, p, title) => runLoad({ url, path: p, title, connections: 10, overallRate: 50, duration: DURATION });

function flood(url) {
  let n = 0;
  return runLoad({
    url,
    path: "/auth/v1/token?grant_type=password",
    title: `wrong passwords, ${FLOOD_CONNECTIONS} connections, 4 IPs`,
    connections: FLOOD_CONNECTIONS,
    duration: DURATION,
    method: "POST",
    requests: [
      {
        method: "POST",
        setupRequest: (req) => {
          n++;
          return {
            ...req,
            headers: {
              "Content-Type": "application/json",
              apikey: "anon-key",
              "X-Forwarded-For": `198.51.100.${(n % 4) + 1}`,
            },
            body: JSON.stringify({ email: `flood-${n}@example.com`, password: `wrong-password-${n}` }),
          };
        },
      },
    ],
  });
}

const results = { machine, settings: { DURATION, FLOOD_CONNECTIONS, ENGINE }, modes: [] };
const rows = [];
try {
  for (const mode of MODES) {
    const db = ENGINE === "postgres" ? await createBenchDatabase("veil_bench_flood") : null;
    const server = await startVeil({
      database: db ? { kind: "postgres", url: db.url } : { kind: "pglite" },
      env: { WEB_DIST: dist, TRUSTED_PROXIES: "127.0.0.1", ...mode.env },
    });
    try {
      const assetAlone = await probe(server.url, ASSET, "asset, alone");
      const plansAlone = await probe(server.url, "/api/plans/", "plans, alone");
      const [assetDuring, plansDuring, logins] = await Promise.all([
        probe(server.url, ASSET, "asset, during the flood"),
        probe(server.url, "/api/plans/", "plans, during the flood"),
        flood(server.url),
      ]);
      results.modes.push({ mode: mode.name, assetAlone, plansAlone, assetDuring, plansDuring, logins });
      for (const r of [assetAlone, plansAlone, assetDuring, plansDuring]) {
        rows.push({ mode: mode.name, run: r.title, rps: r.rps, p50: r.p50, p99: r.p99, errors: r.errors });
      }
      const codes = Object.entries(logins.statusCodes ?? {})
        .map(([code, s]) => `${code}×${s.count}`)
        .join(" ");
      rows.push({
        mode: mode.name,
        run: `${logins.title} [${codes}]`,
        rps: logins.rps,
        p50: logins.p50,
        p99: logins.p99,
        errors: "",
      });
    } finally {
      await server.stop();
      await db?.drop();
    }
  }
} finally {
  rmSync(dist, { recursive: true, force: true });
}
console.log("");
printTable(rows);
results.machineAfter = describeMachine();
saveResults("login-flood", results);
