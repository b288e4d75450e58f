#!/usr/bin/env node
// `pnpm bench`: HTTP throughput and latency of the built server against a bare node:http baseline,
// on PGlite and on real Postgres, plus password sign-in cost, event-loop health while logins run,
// cold start to /readyz and resident memory. Results: stdout + bench-results/server-*.json.
//
// Environment: BENCH_ROUNDS (3), BENCH_DURATION seconds per run (10), BENCH_CONNECTIONS (50),
// BENCH_ENGINES ("pglite,postgres"), BENCH_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/postgres).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { requireFromServer } from "./lib/deps.mjs";
import { runLoad } from "./lib/load.mjs";
import { describeMachine, loadAverage, printMachine } from "./lib/machine.mjs";
import { createBenchDatabase } from "./lib/postgres.mjs";
import { startBaseline, startVeil } from "./lib/processes.mjs";
import { saveResults } from "./lib/results.mjs";
import { median, printTable, round } from "./lib/stats.mjs";
import { benchEmail, benchPassword, buyPlan, passwordLogin, signUpConfirmed } from "./lib/veil-client.mjs";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ENGINES = (process.env.BENCH_ENGINES ?? "pglite,postgres").split(",").map((s) => s.trim());
const WARMUP_SECONDS = 3;
const TARGETS = { ratio: 0.4, p99: 25 };

const JSON_HEADERS = { "Content-Type": "application/json", apikey: "anon-key", "X-Supabase-Api-Version": "2024-01-01" };
const REFRESH_PATH = "/auth/v1/token?grant_type=refresh_token";

const machineBefore = printMachine();
console.log(`\n${ROUNDS} rounds × ${DURATION} s per endpoint at ${CONNECTIONS} connections (autocannon, pipelining 1)`);

/**
 * Refresh tokens rotate: each is good for one use, and a reused one (after the 10 s reuse window)
 * revokes its whole session. So every autocannon connection owns one session and walks its chain,
 * sending the token the previous answer returned. A pool entry is a mutable { token } shared by
 * successive runs; sessions ≥ connections, so no two live connections ever hold the same chain.
 */
function refreshLoad(url, pool, title, duration) {
  let next = 0;
  return runLoad({
    url,
    path: REFRESH_PATH,
    title,
    connections: CONNECTIONS,
    duration,
    method: "POST",
    setupClient(client) {
      const state = pool[next++ % pool.length];
      client.setRequests([
        {
          method: "POST",
          path: REFRESH_PATH,
          headers: JSON_HEADERS,
          setupRequest: (req) => ({ ...req, body: JSON.stringify({ refresh_token: state.token }) }),
          onResponse: (status, body) => {
            if (status === 200) state.token = JSON.parse(body).refresh_token;
          },
        },
      ]);
    },
  });
}

/**
 * When a run stops, autocannon drops the answers still in flight, so a chain may have moved on
 * without us. Presenting the last token we saw within the 10 s reuse window returns the live
 * successor (what auth-js does after a lost reply), putting every chain back in step.
 */
async function resyncChains(url, pool) {
  let lost = 0;
  await Promise.all(
    pool.map(async (state) => {
      const res = await fetch(`${url}${REFRESH_PATH}`, {
        method: "POST",
        headers: JSON_HEADERS,
        body: JSON.stringify({ refresh_token: state.token }),
      });
      if (res.ok) state.token = (await res.json()).refresh_token;
      else lost++;
    }),
  );
  if (lost) throw new Error(`${lost} refresh chains could not be resumed after a run`);
}

async function prepareUser(url, tag) {
  const email = benchEmail(tag);
  const session = await signUpConfirmed(url, email, benchPassword);
  await buyPlan(url, session.access_token);
  // One session per connection for the refresh benchmark (each a real password login).
  const pool = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    pool.push({ token: (await passwordLogin(url, email, benchPassword)).refresh_token });
  }
  return { email, accessToken: session.access_token, pool };
}

function endpointsFor(url, user) {
  return [
    { key: "plans", run: (d) => runLoad({ url, path: "/api/plans/", connections: CONNECTIONS, duration: d }) },
    {
      key: "subscription-info",
      run: (d) =>
        runLoad({
          url,
          path: "/api/subscription/web/info",
          connections: CONNECTIONS,
          duration: d,
          headers: { Authorization: `Bearer ${user.accessToken}` },
        }),
    },
    {
      key: "refresh-token",
      run: async (d) => {
        const r = await refreshLoad(url, user.pool, REFRESH_PATH, d);
        await resyncChains(url, user.pool);
        return r;
      },
    },
  ];
}

/** Password logins: sequential cost, and whether they stall other requests (bcrypt off the loop). */
async function signInSection(url, user) {
  const loginRequest = {
    url,
    path: "/auth/v1/token?grant_type=password",
    method: "POST",
    headers: JSON_HEADERS,
    body: JSON.stringify({ email: user.email, password: benchPassword }),
  };
  // For scale: one bcrypt comparison at the server's cost (10), measured here on the same machine.
  const bcrypt = requireFromServer("@node-rs/bcrypt");
  const hash = await bcrypt.hash(benchPassword, { cost: 10, version: "2b" });
  const bcryptMs = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    await bcrypt.verify(benchPassword, hash);
    bcryptMs.push(performance.now() - t);
  }
  const sequential = await runLoad({
    ...loginRequest,
    title: "password login, 1 connection",
    connections: 1,
    duration: DURATION,
  });
  // A latency probe, not a saturating load: 10 connections at 200 req/s overall.
  const probe = (title) =>
    runLoad({ url, path: "/api/plans/", title, connections: 10, overallRate: 200, duration: DURATION });
  const probeAlone = await probe("GET /api/plans/ at 200 req/s, alone");
  const [probeWithLogins, concurrent] = await Promise.all([
    probe("GET /api/plans/ at 200 req/s, during logins"),
    runLoad({ ...loginRequest, title: "password logins, 8 connections", connections: 8, duration: DURATION }),
  ]);
  return { bcryptVerifyMs: round(median(bcryptMs), 1), sequential, concurrent, probeAlone, probeWithLogins };
}

/** Spawn → /readyz OK, median of 3, on a fresh database and on reopening it; idle RSS after ready. */
async function coldStartSection(engine) {
  const runs = { fresh: [], reopen: [] };
  for (let i = 0; i < 3; i++) {
    if (engine === "pglite") {
      // Our own directory, so it survives the first server for the reopen measurement.
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "veil-bench-pglite-"));
      try {
        for (const kind of ["fresh", "reopen"]) {
          const s = await startVeil({ database: { kind: "pglite", dataDir } });
          runs[kind].push({ ms: s.coldStartMs, ...s.memory() });
          await s.stop();
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    } else {
      const db = await createBenchDatabase("veil_bench_cold");
      try {
        for (const kind of ["fresh", "reopen"]) {
          const s = await startVeil({ database: { kind: "postgres", url: db.url } });
          runs[kind].push({ ms: s.coldStartMs, ...s.memory() });
          await s.stop();
        }
      } finally {
        await db.drop();
      }
    }
  }
  const summarise = (list) => ({
    coldStartMs: round(median(list.map((r) => r.ms)), 0),
    rssMiB: round(median(list.map((r) => r.rssMiB)), 0),
    all: list.map((r) => round(r.ms, 0)),
  });
  return { fresh: summarise(runs.fresh), reopen: summarise(runs.reopen) };
}

const results = { machine: machineBefore, settings: { ROUNDS, DURATION, CONNECTIONS }, engines: {} };
const baseline = await startBaseline();
try {
  for (const engine of ENGINES) {
    console.log(`\n━━ ${engine} ━━`);
    const db = engine === "postgres" ? await createBenchDatabase() : null;
    const server = await startVeil({
      database: engine === "postgres" ? { kind: "postgres", url: db.url } : { kind: "pglite" },
    });
    try {
      const user = await prepareUser(server.url, engine);
      const endpoints = endpointsFor(server.url, user);
      const idle = server.memory();
      // Warm-up: JIT, connection pools, PGlite caches. Not recorded.
      await runLoad({ url: baseline.url, path: "/", connections: CONNECTIONS, duration: WARMUP_SECONDS });
      for (const e of endpoints) await e.run(WARMUP_SECONDS);

      const rounds = [];
      for (let r = 0; r < ROUNDS; r++) {
        const row = { load: loadAverage()[0] };
        row.baseline = await runLoad({
          url: baseline.url,
          path: "/",
          title: "node:http baseline",
          connections: CONNECTIONS,
          duration: DURATION,
        });
        for (const e of endpoints) row[e.key] = await e.run(DURATION);
        rounds.push(row);
        console.log(
          `round ${r + 1}: baseline ${row.baseline.rps} req/s · ${endpoints.map((e) => `${e.key} ${row[e.key].rps}`).join(" · ")}`,
        );
      }
      const summary = ["baseline", ...endpoints.map((e) => e.key)].map((key) => {
        const runs = rounds.map((row) => row[key]);
        const ratio = median(rounds.map((row) => row[key].rps / row.baseline.rps));
        const p99 = median(runs.map((x) => x.p99));
        const errors = runs.reduce((sum, x) => sum + x.errors, 0);
        const read = key === "plans" || key === "subscription-info";
        const ok = errors === 0 && p99 <= TARGETS.p99 && (!read || ratio >= TARGETS.ratio);
        return {
          endpoint: key,
          "req/s": median(runs.map((x) => x.rps)),
          "p50 ms": median(runs.map((x) => x.p50)),
          "p99 ms": p99,
          errors,
          "× baseline": round(ratio, 2),
          target: key === "baseline" ? "" : ok ? "met" : "MISSED",
        };
      });
      console.log(`\n${engine}: medians of ${ROUNDS} rounds (ratio = median of per-round ratios)`);
      printTable(summary);

      console.log(`\n${engine}: password sign-in`);
      const signIn = await signInSection(server.url, user);
      console.log(`one bcrypt verify at cost 10 (median of 20, in the bench process): ${signIn.bcryptVerifyMs} ms`);
      printTable(
        [signIn.sequential, signIn.concurrent, signIn.probeAlone, signIn.probeWithLogins].map((x) => ({
          run: x.title,
          "req/s": x.rps,
          "p50 ms": x.p50,
          "p99 ms": x.p99,
          "max ms": x.max,
          errors: x.errors,
        })),
      );
      const afterLoad = server.memory();
      console.log(
        `${engine}: RSS idle after setup ${round(idle.rssMiB, 0)} MiB · after load ${round(afterLoad.rssMiB, 0)} MiB · peak ${round(afterLoad.peakRssMiB, 0)} MiB`,
      );
      results.engines[engine] = { rounds, summary, signIn, memory: { idle, afterLoad } };
    } finally {
      await server.stop();
      await db?.drop();
    }

    console.log(`\n${engine}: cold start (spawn → /readyz OK), median of 3`);
    const cold = await coldStartSection(engine);
    printTable(
      ["fresh", "reopen"].map((k) => ({
        database: k === "fresh" ? "empty (create + migrate)" : "existing (reopen)",
        "cold start ms": cold[k].coldStartMs,
        "RSS MiB at ready": cold[k].rssMiB,
        runs: cold[k].all.join(", "),
      })),
    );
    results.engines[engine].coldStart = cold;
  }
} finally {
  await baseline.stop();
}
results.machineAfter = describeMachine();
console.log(`\nload average at the end: ${results.machineAfter.loadAverage.join(" / ")}`);
saveResults("server", results);
const missed = Object.values(results.engines).some((e) => e.summary.some((row) => row.target === "MISSED"));
process.exitCode = missed ? 1 : 0;
