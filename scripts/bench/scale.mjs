#!/usr/bin/env node
// `pnpm bench:scale`: the read paths at production size. A throw-away Postgres database gets the
// real schema (the server's migrations), then 1,000,000 users/customers/subscriptions and
// 5,000,000 payments generated in SQL, plus one heavy customer with 20,000 payments. It then shows
// the query plans of every statement behind `by-email`, subscription info and payment history
// (EXPLAIN (ANALYZE, BUFFERS): index scans, bounded rows), times them directly, and measures the
// endpoints over HTTP. The database is dropped at the end.
//
// Environment: BENCH_USERS (1000000), BENCH_PAYMENTS (5000000), BENCH_DURATION (10),
// BENCH_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_KEEP_DB=1 to keep it.
import { pg, requireFromServer } from "./lib/deps.mjs";
import { runLoad } from "./lib/load.mjs";
import { describeMachine, printMachine } from "./lib/machine.mjs";
import { createBenchDatabase } from "./lib/postgres.mjs";
import { startVeil } from "./lib/processes.mjs";
import { saveResults } from "./lib/results.mjs";
import { percentile, printTable, round } from "./lib/stats.mjs";
import { benchEmail, benchPassword, buyPlan, signUpConfirmed } from "./lib/veil-client.mjs";

const USERS = Number(process.env.BENCH_USERS ?? 1_000_000);
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 5_000_000);
const HEAVY_PAYMENTS = 20_000;
const RATE_ROWS = 200_000;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const TARGET_P99_MS = 5;
/** The product API's page size for payment history (apps/server/src/api: PAYMENT_HISTORY_LIMIT). */
const HISTORY_LIMIT = 100;

const machine = printMachine();
const timings = {};
async function timed(label, fn) {
  const t = performance.now();
  const result = await fn();
  timings[label] = round((performance.now() - t) / 1000, 1);
  console.log(`  ${label}: ${timings[label]} s`);
  return result;
}

const db = await createBenchDatabase("veil_bench_scale");
const client = new pg.Client({ connectionString: db.url });
let server;
const results = { machine, users: USERS, payments: PAYMENTS, heavyPayments: HEAVY_PAYMENTS };
try {
  console.log(`\nbench database ${db.name}`);
  // 1. Schema: exactly what the server creates (its migrations), then stop it for the bulk load.
  const first = await startVeil({ database: { kind: "postgres", url: db.url } });
  await first.stop();
  await client.connect();

  // 2. Data, generated in SQL. FK triggers are skipped during the load (session_replication_role);
  //    rows are consistent by construction. Every user has the same bcrypt hash (cost 10).
  console.log(`generating ${USERS.toLocaleString()} users and ${PAYMENTS.toLocaleString()} payments`);
  const hash = await requireFromServer("@node-rs/bcrypt").hash(benchPassword, { cost: 10, version: "2b" });
  await client.query("SET session_replication_role = replica");
  await client.query("SET synchronous_commit = off");
  await timed("users", () =>
    client.query(
      `INSERT INTO users (id, email, encrypted_password, email_confirmed_at, created_at, updated_at)
       SELECT md5('user' || i)::uuid, 'user' || i || '@example.com', $2, now() - interval '1 day' * (i % 700),
              now() - interval '1 day' * (i % 700), now()
         FROM generate_series(1, $1::int) AS i`,
      [USERS, hash],
    ),
  );
  await timed("customers", () =>
    client.query(
      `INSERT INTO customers (id, email, blocked, created_at, updated_at)
       SELECT md5('user' || i)::uuid::text, 'user' || i || '@example.com', i % 1000 = 0, now(), now()
         FROM generate_series(1, $1::int) AS i`,
      [USERS],
    ),
  );
  await timed("subscriptions", () =>
    client.query(
      `INSERT INTO subscriptions (customer_id, plan_id, ends_at, updated_at)
       SELECT md5('user' || i)::uuid::text, 1 + i % 4, now() + interval '1 hour' * ((i % 2000) - 1000), now()
         FROM generate_series(1, $1::int) AS i`,
      [USERS],
    ),
  );
  await timed("payments", () =>
    client.query(
      `INSERT INTO payments (id, customer_id, plan_id, amount_cents, currency, token, status, provider,
                             tracker_id, created_at, updated_at)
       SELECT 'p' || i, md5('user' || (1 + i % $2::int))::uuid::text, 1 + i % 4,
              (ARRAY[200, 500, 2500, 4500])[1 + i % 4], 'USD', (ARRAY['USDTTRC', 'BTC', 'ETH', 'TON'])[1 + i % 4],
              (ARRAY['success', 'success', 'success', 'rejected', 'pending'])[1 + i % 5], 'exnode', 't' || i,
              now() - interval '1 minute' * (i % 1000000), now()
         FROM generate_series(1, $1::int) AS i`,
      [PAYMENTS, USERS],
    ),
  );
  await timed("sessions (one per user)", () =>
    client.query(
      `INSERT INTO sessions (id, user_id, amr, created_at, updated_at)
       SELECT md5('session' || i)::uuid, md5('user' || i)::uuid, '[]'::jsonb, now(), now()
         FROM generate_series(1, $1::int) AS i`,
      [USERS],
    ),
  );
  // A day of per-IP rate-limit windows (all younger than the 24 h the sweeps keep): the steady state
  // of a server that sweeps regularly, where each sweep must find the few expired rows quickly.
  // Both surfaces count in the one table (docs/architecture.md §5): the product API's bucket and auth's.
  await timed(`rate-limit windows (${RATE_ROWS.toLocaleString()} per surface)`, async () => {
    await client.query(
      `INSERT INTO rate_limits (bucket, subject, window_start, hits)
       SELECT 'api', md5('by-email' || i), date_trunc('minute', now()) - interval '5 minutes' * (i % 287), 1
         FROM generate_series(1, $1::int) AS i`,
      [RATE_ROWS],
    );
    await client.query(
      `INSERT INTO rate_limits (bucket, subject, window_start, hits)
       SELECT 'ip:token', md5('ip' || i), date_trunc('minute', now()) - interval '5 minutes' * (i % 287), 1
         FROM generate_series(1, $1::int) AS i`,
      [RATE_ROWS],
    );
  });
  await client.query("SET session_replication_role = origin");
  // Direct timings below must pay for durable commits, as the server does.
  await client.query("RESET synchronous_commit");
  await timed("VACUUM ANALYZE", () => client.query("VACUUM ANALYZE"));
  const sizes = await client.query(
    `SELECT relname AS table, n_live_tup AS rows, pg_size_pretty(pg_total_relation_size(relid)) AS size
       FROM pg_stat_user_tables WHERE relname IN ('users', 'customers', 'subscriptions', 'payments', 'sessions', 'rate_limits')
      ORDER BY relname`,
  );
  printTable(sizes.rows);
  results.tables = sizes.rows;

  // 3. A real user through the API (JWT, session), made the heaviest payer of all.
  server = await startVeil({
    database: { kind: "postgres", url: db.url },
    // One trusted proxy hop: each by-email request claims its own client address, so the
    // per-IP limit (30 per 5 min) meters addresses as in production, not this one load generator.
    env: { TRUSTED_PROXIES: "127.0.0.1" },
  });
  const email = benchEmail("scale");
  const session = await signUpConfirmed(server.url, email, benchPassword);
  await buyPlan(server.url, session.access_token);
  const me = session.user.id;
  await timed(`heavy customer: ${HEAVY_PAYMENTS.toLocaleString()} payments`, () =>
    client.query(
      `INSERT INTO payments (id, customer_id, plan_id, amount_cents, currency, token, status, provider, created_at, updated_at)
       SELECT 'heavy' || i, $1, 2, 500, 'USD', 'USDTTRC', 'success', 'exnode', now() - interval '1 minute' * i, now()
         FROM generate_series(1, $2::int) AS i`,
      [me, HEAVY_PAYMENTS],
    ),
  );
  await client.query("ANALYZE payments");

  // 4. The statements behind the three endpoints, with their plans (auth check included).
  // Every 1000th generated customer is blocked (answers 403): pick among the others.
  const randomN = () => {
    const n = 1 + Math.floor(Math.random() * USERS);
    return n % 1000 === 0 ? n - 1 : n;
  };
  const randomUser = () => `user${randomN()}@example.com`;
  const sessionId = JSON.parse(Buffer.from(session.access_token.split(".")[1], "base64url")).session_id;
  const statements = {
    "by-email: customer by address": [
      "SELECT id, email, blocked, created_at FROM customers WHERE lower(email) = lower($1)",
      () => [randomUser()],
    ],
    "by-email: auth user by address": [
      "SELECT banned_until FROM users WHERE email = lower($1) AND deleted_at IS NULL AND email_confirmed_at IS NOT NULL",
      () => [randomUser()],
    ],
    "by-email: per-IP rate limit": [
      // The shared limiter's hit (src/rate-limit): one upsert that opens, counts or restarts a window.
      `INSERT INTO rate_limits (bucket, subject, window_start, hits) VALUES ('api', md5($1), now(), 1)
       ON CONFLICT (bucket, subject) DO UPDATE SET
         window_start = CASE WHEN rate_limits.window_start <= now() - interval '5 minutes' THEN EXCLUDED.window_start ELSE rate_limits.window_start END,
         hits = CASE WHEN rate_limits.window_start <= now() - interval '5 minutes' THEN 1 ELSE LEAST(rate_limits.hits + 1, 31) END
       RETURNING window_start, hits`,
      () => [`by-email:ip:198.51.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`],
    ],
    "auth: user by id": ["SELECT id, email, banned_until, deleted_at FROM users WHERE id = $1", () => [me]],
    "auth: session by id": ["SELECT id FROM sessions WHERE id = $1 AND user_id = $2", () => [sessionId, me]],
    "auth: customer by id": ["SELECT id, email, blocked, created_at FROM customers WHERE id = $1", () => [me]],
    "subscription info": [
      `SELECT s.ends_at, p.name AS plan_name FROM subscriptions s LEFT JOIN plans p ON p.id = s.plan_id
        WHERE s.customer_id = $1`,
      () => [me],
    ],
    "payment history (heavy customer)": [
      `SELECT created_at, amount_cents, token, status FROM payments
        WHERE customer_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      () => [me, HISTORY_LIMIT],
    ],
    "rate-limit sweep, rolled back": [
      "DELETE FROM rate_limits WHERE window_start < now() - interval '1 day'",
      () => [],
      { rollback: true, withoutIndexToo: true },
    ],
    "payment history (typical customer)": [
      // A generated customer's id is md5('user' || n)::uuid, computed in SQL from a random n.
      `SELECT created_at, amount_cents, token, status FROM payments
        WHERE customer_id = md5('user' || $1::int)::uuid::text ORDER BY created_at DESC, id DESC LIMIT $2`,
      () => [randomN(), HISTORY_LIMIT],
    ],
  };

  console.log(
    "\nQuery plans (EXPLAIN (ANALYZE, BUFFERS)) and direct timings (1,000 executions with random keys; sweeps 100)",
  );
  const sqlRows = [];
  results.plans = {};
  for (const [label, [sql, params, options = {}]] of Object.entries(statements)) {
    // Statements that change data (the sweeps) run in a transaction that is rolled back.
    const run = async (q, p) => {
      if (!options.rollback) return client.query(q, p);
      await client.query("BEGIN");
      try {
        return await client.query(q, p);
      } finally {
        await client.query("ROLLBACK");
      }
    };
    const plan = await run(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params());
    const text = plan.rows.map((r) => r["QUERY PLAN"]).join("\n");
    results.plans[label] = text;
    console.log(`\n── ${label}\n${text}`);
    if (options.withoutIndexToo) {
      // What the sweep cost before migration 0200 added the window_start index.
      await client.query("BEGIN");
      try {
        await client.query("SET LOCAL enable_indexscan = off");
        await client.query("SET LOCAL enable_bitmapscan = off");
        const before = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params());
        const beforeText = before.rows.map((r) => r["QUERY PLAN"]).join("\n");
        results.plans[`${label} — without the index`] = beforeText;
        console.log(`   without the window_start index (as before migration 0200):\n${beforeText}`);
      } finally {
        await client.query("ROLLBACK");
      }
    }
    const samples = [];
    for (let i = 0; i < (options.rollback ? 100 : 1000); i++) {
      const t = performance.now();
      await run(sql, params());
      samples.push(performance.now() - t);
    }
    const seqScan = /Seq Scan on (users|customers|payments|subscriptions|sessions|rate_limits)\b/.exec(text)?.[0];
    sqlRows.push({
      statement: label,
      "p50 ms": round(percentile(samples, 50), 3),
      "p99 ms": round(percentile(samples, 99), 3),
      plan: seqScan ? `SEQ SCAN (${seqScan})` : "index",
    });
  }
  console.log("\nDirect SQL round trips (node-postgres, one connection):");
  printTable(sqlRows);
  results.sql = sqlRows;

  // 5. The endpoints over HTTP at this size: 1 connection (latency) and 10 connections.
  const auth = { Authorization: `Bearer ${session.access_token}` };
  let ip = 0;
  const byEmail = (connections) =>
    runLoad({
      url: server.url,
      path: "/api/user/web/by-email",
      title: `POST /api/user/web/by-email, ${connections} conn.`,
      connections,
      duration: DURATION,
      method: "POST",
      requests: [
        {
          method: "POST",
          setupRequest: (req) => {
            ip++;
            return {
              ...req,
              headers: {
                "Content-Type": "application/json",
                "X-Forwarded-For": `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
              },
              body: JSON.stringify({ email: randomUser() }),
            };
          },
        },
      ],
    });
  const get = (path, connections) =>
    runLoad({
      url: server.url,
      path,
      title: `GET ${path}, ${connections} conn.`,
      connections,
      duration: DURATION,
      headers: auth,
    });
  const history = await fetch(`${server.url}/api/payment/web/all`, { headers: auth }).then((r) => r.json());
  console.log(`\npayment history returns ${history.length} of the customer's ${HEAVY_PAYMENTS + 1} payments`);
  results.historyRows = history.length;

  const httpRuns = [];
  for (const connections of [1, 10]) {
    httpRuns.push(await byEmail(connections));
    httpRuns.push(await get("/api/subscription/web/info", connections));
    httpRuns.push(await get("/api/payment/web/all", connections));
  }
  console.log(
    `\nHTTP at ${USERS.toLocaleString()} users / ${PAYMENTS.toLocaleString()} payments (target p99 < ${TARGET_P99_MS} ms):`,
  );
  printTable(
    httpRuns.map((r) => ({
      run: r.title,
      "req/s": r.rps,
      "p50 ms": r.p50,
      "p99 ms": r.p99,
      errors: r.errors,
      target: r.p99 < TARGET_P99_MS && r.errors === 0 ? "met" : "MISSED",
    })),
  );
  results.http = httpRuns;
  results.loadTimings = timings;
} finally {
  await server?.stop();
  await client.end().catch(() => {});
  if (process.env.BENCH_KEEP_DB === "1") console.log(`kept ${db.url}`);
  else {
    await db.drop();
    console.log(`\ndropped ${db.name}`);
  }
}
results.machineAfter = describeMachine();
console.log(`load average at the end: ${results.machineAfter.loadAverage.join(" / ")}`);
saveResults("scale", results);
