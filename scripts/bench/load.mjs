#!/usr/bin/env node
// `pnpm bench:load`: a long soak of the built server (apps/server/dist) at many concurrent
// connections of mixed traffic on loopback, for the hardening issue (#9). Not part of CI.
//
// Each autocannon connection plays a cycle of what customers do: a prerendered page, a hashed
// asset, the SPA shell, the plan list, subscription info, payment history, GET /auth/v1/user, now
// and then a password sign-in, and a whole purchase (payment init → invoice → the gateway
// simulator settles it and calls us back → the same callback replayed by hand).
//
// Pass/fail, printed at the end and stored in bench-results/load-*.json:
//   - zero 5xx answers and zero socket errors/timeouts;
//   - resident memory at the end ≤ memory after the warm-up minute + LOAD_MEMORY_BOUND_MIB;
//   - every invoice the simulator reported paid is credited exactly once (payment "success" once,
//     subscription days = 30 × paid invoices), once the reconciler has had its pass.
//
// Environment: LOAD_DURATION seconds (600), LOAD_CONNECTIONS (100), LOAD_USERS_PER_CONNECTION (3),
// LOAD_ENGINE pglite|postgres (pglite; postgres uses BENCH_POSTGRES_URL), LOAD_MEMORY_BOUND_MIB (150),
// LOAD_SIGNIN_EVERY (every 5th cycle signs in: bcrypt is the costliest request by far).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { autocannon, webDir } from "./lib/deps.mjs";
import { describeMachine, loadAverage, printMachine } from "./lib/machine.mjs";
import { createBenchDatabase } from "./lib/postgres.mjs";
import { startVeil } from "./lib/processes.mjs";
import { saveResults } from "./lib/results.mjs";
import { benchPassword, signUpConfirmed } from "./lib/veil-client.mjs";

const DURATION = Number(process.env.LOAD_DURATION ?? 600);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 100);
const USERS_PER_CONNECTION = Number(process.env.LOAD_USERS_PER_CONNECTION ?? 3);
const ENGINE = process.env.LOAD_ENGINE ?? "pglite";
const MEMORY_BOUND_MIB = Number(process.env.LOAD_MEMORY_BOUND_MIB ?? 150);
const SIGNIN_EVERY = Number(process.env.LOAD_SIGNIN_EVERY ?? 5);
const WARMUP_SECONDS = Math.min(60, Math.floor(DURATION / 5));
const CALLBACK_SECRET = "veil-dev-exnode-callback-secret";
const PLAN = { id: 2, price: 5, days: 30 };

const AUTH_HEADERS = { apikey: "anon-key", "Content-Type": "application/json", "X-Supabase-Api-Version": "2024-01-01" };

const machine = printMachine();
const hashedAsset = readdirSync(path.join(webDir, "dist/assets")).find((f) => /^index-.*\.js$/.test(f));
if (!hashedAsset) throw new Error("apps/web/dist is not built: run `pnpm build` first");

let database;
let dropDatabase;
if (ENGINE === "postgres") {
  const created = await createBenchDatabase("veil_load");
  database = { kind: "postgres", url: created.url };
  dropDatabase = created.drop;
} else database = { kind: "pglite" };

const server = await startVeil({
  database,
  env: {
    // Everything comes from 127.0.0.1: per-IP limits would otherwise turn this into a 429 test.
    RATE_LIMIT_TOKEN_PER_5MIN: "100000",
    RATE_LIMIT_OTP_PER_5MIN: "100000",
    RATE_LIMIT_VERIFY_PER_5MIN: "100000",
    RECONCILE_INTERVAL_SECONDS: "20",
    LOG_LEVEL: "warn",
  },
  timeoutMs: 120_000,
});
console.log(`\nVeil (${ENGINE}) at ${server.url}, cold start ${Math.round(server.coldStartMs)} ms`);

// ── users ────────────────────────────────────────────────────────────────────
const userCount = CONNECTIONS * USERS_PER_CONNECTION;
console.log(`signing up ${userCount} users …`);
const users = [];
const stamp = Date.now().toString(36);
for (let i = 0; i < userCount; i += 10) {
  const batch = await Promise.all(
    Array.from({ length: Math.min(10, userCount - i) }, async (_, k) => {
      const email = `load-${stamp}-${i + k}@example.com`;
      const session = await signUpConfirmed(server.url, email, benchPassword);
      // settleSent − settleAnswered = settles whose reply never came (timed out): the invoice may
      // or may not have been paid, so the exactly-once check allows for them.
      return { email, token: session.access_token, paid: new Set(), settleSent: 0, settleAnswered: 0 };
    }),
  );
  users.push(...batch);
}

// ── the traffic ──────────────────────────────────────────────────────────────
const fiveXx = [];
/** "status step" → count, for every answer ≥ 400 (a 404 or 409 also says something is off). */
const errorsByStep = {};
const counts = { cycles: 0, signIns: 0, inits: 0, invoices: 0, settled: 0, replays: 0, limited: 0 };
const note = (status, what, body) => {
  if (status >= 400) errorsByStep[`${status} ${what}`] = (errorsByStep[`${status} ${what}`] ?? 0) + 1;
  if (status >= 500 && fiveXx.filter((f) => f.status === status).length < 10) {
    fiveXx.push({ status, what, body: String(body ?? "").slice(0, 300) });
  }
  if (status === 429) counts.limited++;
};

let nextClient = 0;
function setupClient(client) {
  const own = users.slice(
    (nextClient % CONNECTIONS) * USERS_PER_CONNECTION,
    ((nextClient % CONNECTIONS) + 1) * USERS_PER_CONNECTION,
  );
  nextClient++;
  const state = { cycle: 0, transaction: null, tracker: null };
  const user = () => own[state.cycle % own.length];
  const bearer = () => ({ Authorization: `Bearer ${user().token}` });
  const get = (p, headers = {}) => ({ method: "GET", path: p, headers, body: undefined });
  const json = (p, body, headers = {}) => ({
    method: "POST",
    path: p,
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const step = (what, setupRequest, onResponse) => ({
    method: "GET",
    path: "/",
    setupRequest: (req) => ({ ...req, ...setupRequest() }),
    onResponse: (status, body) => {
      note(status, what, body);
      onResponse?.(status, body);
    },
  });

  client.setRequests([
    step("page", () => {
      state.cycle++;
      counts.cycles++;
      return get("/home");
    }),
    step("asset", () => get(`/assets/${hashedAsset}`)),
    step("plans", () => get("/api/plans/")),
    step("info", () => get("/api/subscription/web/info", bearer())),
    step("spa", () => get("/account/profile")),
    step("history", () => get("/api/payment/web/all", bearer())),
    step(
      "init",
      () => {
        // A reply that never came must not leave the last cycle's payment behind.
        state.transaction = null;
        state.tracker = null;
        return json(
          "/api/payment/web/init",
          { plan_id: PLAN.id, amount: PLAN.price, currency: "USD", payment_method: "USDTTRC" },
          bearer(),
        );
      },
      (status, body) => {
        state.transaction = status === 200 ? JSON.parse(body).transaction_id : null;
        if (status === 200) counts.inits++;
      },
    ),
    step(
      "invoice",
      () =>
        state.transaction
          ? json(
              "/api/exnode/invoice",
              {
                token: "USDTTRC",
                amount: PLAN.price,
                fiat_currency: "USD",
                client_transaction_id: state.transaction,
                redirect_url: `${server.url}/account/profile`,
                payform: true,
              },
              bearer(),
            )
          : get("/api/plans/"),
      (status, body) => {
        state.tracker = null;
        if (state.transaction && status === 200) {
          counts.invoices++;
          state.tracker = decodeURIComponent(new URL(JSON.parse(body).payment_url).pathname.split("/").pop());
        }
      },
    ),
    step(
      "settle",
      () => {
        if (!state.tracker) return get("/healthz");
        user().settleSent++;
        return json(`/sim/exnode/invoices/${encodeURIComponent(state.tracker)}/settle`, { status: "SUCCESS" });
      },
      (status, body) => {
        if (state.tracker) user().settleAnswered++;
        if (state.tracker && status === 200 && JSON.parse(body).invoice?.status === "SUCCESS") {
          counts.settled++;
          user().paid.add(state.tracker);
        }
      },
    ),
    step(
      "callback replay",
      () =>
        state.tracker
          ? json(`/api/exnode/callback/${CALLBACK_SECRET}`, { tracker_id: state.tracker })
          : get("/api/plans/"),
      (status) => {
        if (state.tracker && status === 200) counts.replays++;
      },
    ),
    step(
      "sign-in",
      () =>
        state.cycle % SIGNIN_EVERY === 0
          ? json("/auth/v1/token?grant_type=password", { email: user().email, password: benchPassword }, AUTH_HEADERS)
          : get("/auth/v1/user", { ...AUTH_HEADERS, ...bearer() }),
      (status, body) => {
        if (state.cycle % SIGNIN_EVERY === 0 && status === 200) {
          counts.signIns++;
          user().token = JSON.parse(body).access_token;
        }
      },
    ),
  ]);
}

const memory = [];
const sampler = setInterval(() => memory.push({ t: Math.round(performance.now() / 1000), ...server.memory() }), 5000);
const started = performance.now();
console.log(`\n${DURATION} s at ${CONNECTIONS} connections (warm-up counted as the first ${WARMUP_SECONDS} s) …`);
const result = await autocannon({
  url: server.url,
  connections: CONNECTIONS,
  duration: DURATION,
  pipelining: 1,
  timeout: 30,
  setupClient,
});
clearInterval(sampler);
const elapsed = (performance.now() - started) / 1000;

// ── exactly once ─────────────────────────────────────────────────────────────
// Give callbacks in flight and one reconciler pass (every 20 s) time to land.
await sleep(45_000);
const mismatches = [];
let paidInvoices = 0;
let credited = 0;
for (const user of users) {
  const call = async (p) =>
    (await fetch(`${server.url}/api${p}`, { headers: { Authorization: `Bearer ${user.token}` } })).json();
  const history = await call("/payment/web/all");
  const info = await call("/subscription/web/info");
  const successes = history.filter((p) => p.status === "success").length;
  paidInvoices += user.paid.size;
  credited += successes;
  const unknown = user.settleSent - user.settleAnswered;
  const days = info.is_active ? info.days_left : 0;
  // Every confirmed payment credited, at most the unconfirmed ones on top, and each credit once
  // (a payment credited twice would show as more days than 30 × successful payments).
  const ok = successes >= user.paid.size && successes <= user.paid.size + unknown && days === successes * PLAN.days;
  if (!ok) mismatches.push({ email: user.email, paid: user.paid.size, unknown, successes, days });
}

const finalMemory = server.memory();
// Keep the server's log (warnings and errors only) beside the results: stop() deletes it.
const serverLog = readFileSync(server.logFile, "utf8").split("\n").filter(Boolean).slice(-200);
await server.stop();
await dropDatabase?.();

// ── report ───────────────────────────────────────────────────────────────────
const afterWarmup = memory.find((m) => m.t * 1 >= memory[0]?.t + WARMUP_SECONDS) ?? memory[0];
const peak = Math.max(...memory.map((m) => m.rssMiB));
const growth = finalMemory.rssMiB - (afterWarmup?.rssMiB ?? finalMemory.rssMiB);
const statusCodes = result.statusCodeStats;
const serverErrors = Object.entries(statusCodes)
  .filter(([code]) => Number(code) >= 500)
  .reduce((n, [, v]) => n + v.count, 0);
const checks = {
  "zero 5xx": serverErrors === 0,
  "zero socket errors and timeouts": result.errors === 0 && result.timeouts === 0,
  [`memory growth ≤ ${MEMORY_BOUND_MIB} MiB after warm-up`]: growth <= MEMORY_BOUND_MIB,
  "every paid invoice credited exactly once": mismatches.length === 0,
};
const summary = {
  engine: ENGINE,
  durationSeconds: Math.round(elapsed),
  connections: CONNECTIONS,
  users: users.length,
  requests: result.requests.total,
  rps: Math.round(result.requests.average),
  latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
  statusCodes,
  errorsByStep,
  socketErrors: result.errors,
  timeouts: result.timeouts,
  counts,
  paidInvoices,
  credited,
  mismatches: mismatches.slice(0, 20),
  fiveXx,
  memoryMiB: {
    afterWarmup: Math.round(afterWarmup?.rssMiB ?? Number.NaN),
    peak: Math.round(peak),
    end: Math.round(finalMemory.rssMiB),
    growth: Math.round(growth),
    bound: MEMORY_BOUND_MIB,
  },
  loadAverageAfter: loadAverage(),
  checks,
};
console.log(JSON.stringify(summary, null, 2));
saveResults("load", { machine, machineAfter: describeMachine(), summary, memorySamples: memory, serverLog });
const failed = Object.entries(checks).filter(([, ok]) => !ok);
for (const [name, ok] of Object.entries(checks)) console.log(`${ok ? "✓" : "✗"} ${name}`);
process.exit(failed.length ? 1 : 0);
