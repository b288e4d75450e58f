#!/usr/bin/env node
// `pnpm bench:nodes` (issue #29): the node API at 100,000 devices with 20 nodes. A throw-away
// Postgres database gets the real schema, then 20,000 paying customers with 5 devices each and 20
// nodes, generated in SQL. Against the BUILT server it measures, each 5 times (median, spread):
//   1. a full snapshot of the 100k-peer set (time to the last byte, bytes, the server's RSS before
//      and at its peak while the set streams, sampled every 20 ms), one node at a time and all 20 at once;
//   2. an incremental sync of 100 changes (`?since=`): time on loopback (≈ server time) and bytes;
//   3. propagation with long-poll: 20 nodes wait on `?since=&wait=25`; a device removal and a
//      payment credited through the real API (simulator), timed from the request until each node
//      has the change; p95 over nodes × events.
// The agent applying a set to wireguard-go is measured by `pnpm bench:agent`.
//
// Environment: BENCH_DEVICES (100000), BENCH_NODES (20), BENCH_RUNS (5), BENCH_POSTGRES_URL,
// BENCH_KEEP_DB=1 to keep the database.
import { createHash, randomBytes } from "node:crypto";
import { pg } from "./lib/deps.mjs";
import { describeMachine, loadAverage, printMachine } from "./lib/machine.mjs";
import { createBenchDatabase } from "./lib/postgres.mjs";
import { memoryOf, startVeil } from "./lib/processes.mjs";
import { saveResults } from "./lib/results.mjs";
import { median, percentile, printTable, round } from "./lib/stats.mjs";
import { benchEmail, benchPassword, buyPlan, signUpConfirmed } from "./lib/veil-client.mjs";

const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const NODES = Number(process.env.BENCH_NODES ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PER_CUSTOMER = 5;
const TARGETS = { deltaMs: 50, deltaBytes: 20 * 1024, fullSeconds: 2, propagationP95Ms: 2000 };

const machine = describeMachine();
printMachine(machine);
const spread = (values) => `${round(Math.min(...values))}–${round(Math.max(...values))}`;
const tokens = Array.from({ length: NODES }, () => `vn_${randomBytes(32).toString("base64url")}`);
const sha256 = (text) => createHash("sha256").update(text).digest("hex");

const db = await createBenchDatabase("veil_bench_nodes");
const client = new pg.Client({ connectionString: db.url });
let server;
const results = { machine, devices: DEVICES, nodes: NODES, runs: RUNS, targets: TARGETS };
try {
  const first = await startVeil({ database: { kind: "postgres", url: db.url }, env: { DEV_DEMO_NODE: "false" } });
  await first.stop();
  await client.connect();
  const customers = Math.ceil(DEVICES / PER_CUSTOMER);
  console.log(
    `\ngenerating ${customers.toLocaleString()} customers, ${DEVICES.toLocaleString()} devices, ${NODES} nodes`,
  );
  const t0 = performance.now();
  await client.query(
    `INSERT INTO customers (id, email, created_at, updated_at)
     SELECT 'bench-' || i, 'bench' || i || '@example.com', now(), now() FROM generate_series(1, $1) i`,
    [customers],
  );
  await client.query(
    `INSERT INTO subscriptions (customer_id, ends_at, updated_at)
     SELECT 'bench-' || i, now() + interval '30 days', now() FROM generate_series(1, $1) i`,
    [customers],
  );
  await client.query(
    `INSERT INTO devices (id, customer_id, name, public_key, address_number, ipv4, ipv6, created_at, updated_at)
     SELECT md5('device' || n)::uuid, 'bench-' || (1 + (n - 1) / $2), 'Bench', encode(sha256(('key' || n)::bytea), 'base64'),
            n + 1, '10.' || (64 + (n + 1) / 65536) || '.' || ((n + 1) / 256 % 256) || '.' || ((n + 1) % 256) || '/32',
            'fd00:7665:696c::' || to_hex(n + 1) || '/128', now(), now()
       FROM generate_series(1, $1) n`,
    [DEVICES, PER_CUSTOMER],
  );
  await client.query("UPDATE device_address_counter SET next_number = $1", [DEVICES + 2]);
  for (const [i, token] of tokens.entries()) {
    await client.query(
      `INSERT INTO nodes (id, country, city, host, endpoint, public_key, token_hash, created_at)
       VALUES (gen_random_uuid(), 'NL', $1, $2, $3, $4, $5, now())`,
      [`Bench ${i}`, `n${i}.bench.test`, `n${i}.bench.test:51820`, randomBytes(32).toString("base64"), sha256(token)],
    );
  }
  await client.query("ANALYZE");
  console.log(`  generated in ${round((performance.now() - t0) / 1000)} s`);

  server = await startVeil({
    database: { kind: "postgres", url: db.url },
    env: {
      DEV_DEMO_NODE: "false",
      RATE_LIMIT_NODE_PER_MINUTE: "1000000",
      RATE_LIMIT_DEVICE_CHANGES_PER_HOUR: "100000",
    },
  });
  const nodeGet = async (token, path) => {
    const started = performance.now();
    const res = await fetch(`${server.url}/api/nodes/v1${path}`, { headers: { Authorization: `Bearer ${token}` } });
    const body = Buffer.from(await res.arrayBuffer());
    return { status: res.status, ms: performance.now() - started, bytes: body.length, body };
  };

  // 1. Full snapshot.
  console.log("\nfull snapshot");
  const watchMemory = () => {
    let peak = Math.round(memoryOf(server.pid).rssMiB);
    const timer = setInterval(() => {
      peak = Math.max(peak, Math.round(memoryOf(server.pid).rssMiB));
    }, 20);
    return () => {
      clearInterval(timer);
      return peak;
    };
  };
  const full = [];
  for (let run = 0; run < RUNS; run++) {
    const before = Math.round(memoryOf(server.pid).rssMiB);
    const stop = watchMemory();
    // A different node each run: one node may stream 6 full sets a minute (node-api.ts).
    const res = await nodeGet(tokens[run % tokens.length], "/peers");
    const peak = stop();
    const set = JSON.parse(res.body.toString("utf8"));
    if (set.peers.length !== DEVICES) throw new Error(`expected ${DEVICES} peers, got ${set.peers.length}`);
    full.push({
      seconds: res.ms / 1000,
      mb: res.bytes / 2 ** 20,
      rssBefore: before,
      rssPeak: peak,
      load: loadAverage()[0],
    });
    console.log(
      `  run ${run + 1}: ${round(res.ms / 1000, 2)} s, ${round(res.bytes / 2 ** 20)} MiB, RSS ${before} → peak ${peak} MB`,
    );
  }
  // Once only (it is the heaviest moment: every node starting over together), not a target.
  const allAtOnce = [];
  for (let run = 0; run < 1; run++) {
    const before = Math.round(memoryOf(server.pid).rssMiB);
    const stop = watchMemory();
    const started = performance.now();
    await Promise.all(tokens.map((token) => nodeGet(token, "/peers")));
    const seconds = (performance.now() - started) / 1000;
    const peak = stop();
    allAtOnce.push({ seconds, rssBefore: before, rssPeak: peak, load: loadAverage()[0] });
    console.log(`  all ${NODES} at once, run ${run + 1}: ${round(seconds, 2)} s, RSS ${before} → peak ${peak} MB`);
  }

  // 2. Incremental sync of 100 changes: 100 customers pay again (their subscription moves on), each
  //    its own revision touching one device's key, as 100 payments would.
  console.log("\nincremental sync of 100 changes");
  const delta = [];
  for (let run = 0; run < RUNS; run++) {
    const current = await client.query("SELECT revision FROM access_revision");
    const from = Number(current.rows[0].revision);
    await client.query("BEGIN");
    const touched = new Set();
    for (let i = 0; i < 100; i++) {
      const customer = 1 + (((run * 100 + i) * 97) % customers);
      touched.add(customer);
      await client.query("UPDATE subscriptions SET ends_at = ends_at + interval '1 day' WHERE customer_id = $1", [
        `bench-${customer}`,
      ]);
      const rev = await client.query("UPDATE access_revision SET revision = revision + 1 RETURNING revision");
      await client.query(
        `INSERT INTO access_changes (revision, public_key, created_at)
         SELECT $1, public_key, now() FROM devices WHERE customer_id = $2 ORDER BY public_key LIMIT 1`,
        [rev.rows[0].revision, `bench-${customer}`],
      );
    }
    await client.query("COMMIT");
    const res = await nodeGet(tokens[1], `/peers?since=${from}`);
    const body = JSON.parse(res.body.toString("utf8"));
    if (body.reset || body.changes.length !== touched.size)
      throw new Error(`unexpected delta: ${res.body.toString().slice(0, 200)}`);
    delta.push({ ms: res.ms, kb: res.bytes / 1024, load: loadAverage()[0] });
    console.log(`  run ${run + 1}: ${round(res.ms, 1)} ms, ${round(res.bytes / 1024, 1)} KiB (100 upserts)`);
  }

  // 3. Propagation with long-poll, through the real API.
  console.log(`\npropagation to ${NODES} long-polling nodes`);
  const rev0 = JSON.parse((await nodeGet(tokens[0], "/peers?since=0")).body.toString("utf8")).revision;
  const watchers = new Set();
  let polling = true;
  const pollers = tokens.map(async (token, node) => {
    let since = rev0;
    while (polling) {
      const res = await nodeGet(token, `/peers?since=${since}&wait=25`);
      if (res.status !== 200) continue;
      const body = JSON.parse(res.body.toString("utf8"));
      if (body.reset) throw new Error("unexpected reset");
      since = body.revision;
      const at = performance.now();
      for (const change of body.changes) {
        for (const w of watchers) if (w.matches(change) && !w.seen.has(node)) w.seen.set(node, at - w.started);
      }
    }
  });
  const session = await signUpConfirmed(server.url, benchEmail("nodes"), benchPassword);
  const token = session.access_token;
  await buyPlan(server.url, token);
  const api = async (method, path, body) => {
    const res = await fetch(`${server.url}/api${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return res.status === 204 ? null : res.json();
  };
  const untilSeen = async (watcher) => {
    const deadline = performance.now() + 30_000;
    while (watcher.seen.size < NODES && performance.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    watchers.delete(watcher);
    return [...watcher.seen.values()];
  };
  const removal = [];
  const payment = [];
  for (let run = 0; run < RUNS; run++) {
    const device = (await api("POST", "/devices", { publicKey: randomBytes(32).toString("base64") })).device;
    await new Promise((r) => setTimeout(r, 1500));
    const removed = {
      started: performance.now(),
      seen: new Map(),
      matches: (c) => c.op === "remove" && c.publicKey === device.publicKey,
    };
    watchers.add(removed);
    await api("DELETE", `/devices/${device.id}`);
    removal.push(...(await untilSeen(removed)));

    const kept = (await api("POST", "/devices", { publicKey: randomBytes(32).toString("base64") })).device;
    await new Promise((r) => setTimeout(r, 1500));
    const paid = {
      started: performance.now(),
      seen: new Map(),
      matches: (c) => c.op === "upsert" && c.publicKey === kept.publicKey,
    };
    watchers.add(paid);
    await buyPlan(server.url, token);
    payment.push(...(await untilSeen(paid)));
    await api("DELETE", `/devices/${kept.id}`);
    console.log(
      `  run ${run + 1}: removal p95 ${round(percentile(removal, 95))} ms, payment p95 ${round(percentile(payment, 95))} ms (so far)`,
    );
  }
  polling = false;
  // Wake the pollers so they see `polling` is off.
  await api("POST", "/devices", { publicKey: randomBytes(32).toString("base64") });
  await Promise.all(pollers);

  Object.assign(results, { full, allAtOnce, delta, removal, payment, loadAfter: loadAverage() });
  console.log("\nsummary (median of runs, spread min–max)");
  printTable([
    {
      measure: `full snapshot, ${DEVICES.toLocaleString()} peers, one node`,
      median: `${round(median(full.map((r) => r.seconds)), 2)} s`,
      spread: `${spread(full.map((r) => r.seconds))} s`,
      extra: `${round(median(full.map((r) => r.mb)))} MiB; RSS ${median(full.map((r) => r.rssBefore))} → peak ${median(full.map((r) => r.rssPeak))} MB`,
      target: `≤ ${TARGETS.fullSeconds} s, flat memory`,
    },
    {
      measure: `full snapshot, all ${NODES} nodes at once (1 run)`,
      median: `${round(median(allAtOnce.map((r) => r.seconds)), 2)} s`,
      spread: `${spread(allAtOnce.map((r) => r.seconds))} s`,
      extra: `RSS ${median(allAtOnce.map((r) => r.rssBefore))} → peak ${median(allAtOnce.map((r) => r.rssPeak))} MB`,
      target: "—",
    },
    {
      measure: "incremental sync, 100 changes",
      median: `${round(median(delta.map((r) => r.ms)), 1)} ms`,
      spread: `${spread(delta.map((r) => r.ms))} ms`,
      extra: `${round(median(delta.map((r) => r.kb)), 1)} KiB`,
      target: `≤ ${TARGETS.deltaMs} ms, ≤ 20 KB`,
    },
    {
      measure: `removal → ${NODES} nodes (long-poll)`,
      median: `${round(median(removal))} ms`,
      spread: `p95 ${round(percentile(removal, 95))} ms`,
      extra: `${removal.length} samples`,
      target: `p95 ≤ ${TARGETS.propagationP95Ms} ms`,
    },
    {
      measure: `payment → ${NODES} nodes (long-poll)`,
      median: `${round(median(payment))} ms`,
      spread: `p95 ${round(percentile(payment, 95))} ms`,
      extra: `${payment.length} samples`,
      target: `p95 ≤ ${TARGETS.propagationP95Ms} ms`,
    },
  ]);
  console.log(`load average after: ${results.loadAfter.join(" / ")}`);
  saveResults("nodes", results);
} finally {
  await server?.stop();
  await client.end().catch(() => {});
  if (process.env.BENCH_KEEP_DB !== "1") await db.drop();
}
