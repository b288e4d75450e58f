// A throw-away database on the local Postgres server for each bench run, dropped afterwards.
import { pg } from "./deps.mjs";

/** The server to create bench databases on (trust auth as the postgres user by default). */
export const BENCH_POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin(sql) {
  const client = new pg.Client({ connectionString: BENCH_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates `<prefix>_<pid>_<time>` and returns { name, url, drop() }. */
export async function createBenchDatabase(prefix = "veil_bench") {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  try {
    await admin(`CREATE DATABASE ${name}`);
  } catch (err) {
    throw new Error(
      `Could not create a bench database on ${BENCH_POSTGRES_URL} (${err.message}). ` +
        "Start Postgres or set BENCH_POSTGRES_URL=postgres://user@host:port/postgres.",
    );
  }
  return {
    name,
    url: withDatabase(BENCH_POSTGRES_URL, name),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
