/**
 * A second Postgres connection beside a test app, in the app's schema, for the tests that only make
 * sense on real Postgres (`*.postgres.test.ts`): it holds a lock or an undecided row to stop the
 * app's requests at a chosen point, and watches which of them wait.
 */
import pg from "pg";
import type { TestApp } from "./test-app.js";

export interface PostgresPeer {
  /** Run statements as the peer (BEGIN, a row lock, ROLLBACK…). */
  query: pg.Client["query"];
  /** Resolves once `count` other backends wait, directly or through each other, for the peer's locks. */
  lockWaiters(count: number): Promise<void>;
  /** The backend ids of `count` sessions waiting for a lock one of `pids` holds, once there are. */
  waitersOn(pids: number[], count?: number): Promise<number[]>;
  /** The peer's own backend id. */
  pid(): Promise<number>;
  close(): Promise<void>;
}

async function poll<T>(probe: () => Promise<T | undefined>, failure: string | (() => string)): Promise<T> {
  // Up to 20 s: on a loaded CI box a request can spend seconds hashing a password before it queues.
  for (let i = 0; i < 800; i++) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(typeof failure === "string" ? failure : failure());
}

export async function connectPeer(app: TestApp): Promise<PostgresPeer> {
  const { rows } = await app.db.query<{ schema: string }>("SELECT current_schema() AS schema");
  const client = new pg.Client({
    connectionString: process.env.DATABASE_URL,
    options: `-c search_path="${rows[0]?.schema}"`,
  });
  await client.connect();
  return {
    query: client.query.bind(client) as pg.Client["query"],
    // Only backends held up, directly or through one another, by this peer's locks: the other test
    // files run side by side on the same database (each in its own schema), and their lock waits
    // must not count (a database-wide count let a race start before its requests queued).
    lockWaiters: (count) => {
      let lastSeen = "";
      return poll(
        async () => {
          const { rows } = await client.query<{ pid: number; blockers: number[] }>(
            `SELECT pid, pg_blocking_pids(pid) AS blockers FROM pg_stat_activity
            WHERE wait_event_type = 'Lock' AND datname = current_database()`,
          );
          const held = new Set<number>([
            (await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]?.pid as number,
          ]);
          for (let grew = true; grew; ) {
            grew = false;
            for (const row of rows) {
              if (!held.has(row.pid) && row.blockers.some((blocker) => held.has(blocker))) {
                held.add(row.pid);
                grew = true;
              }
            }
          }
          if (held.size - 1 >= count) return true;
          lastSeen = JSON.stringify(rows);
          return undefined;
        },
        () => `fewer than ${count} requests waited for the peer's locks; waiting backends: ${lastSeen}`,
      ).then(() => undefined);
    },
    waitersOn: (pids, count = 1) =>
      poll(
        async () => {
          const waiting = await client.query<{ pid: number }>(
            "SELECT pid FROM pg_stat_activity WHERE pg_blocking_pids(pid) && $1::int[] ORDER BY pid",
            [pids],
          );
          return waiting.rows.length >= count ? waiting.rows.map((r) => r.pid) : undefined;
        },
        `fewer than ${count} sessions waited on backends ${pids.join(", ")}`,
      ),
    pid: async () => (await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]?.pid as number,
    close: () => client.end(),
  };
}
