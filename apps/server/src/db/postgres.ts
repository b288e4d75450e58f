import pg from "pg";
import { parseTimestamp, TIMESTAMP_OIDS } from "./infinite-time.js";
import type { EngineDb, Queryable } from "./types.js";

/** Arbitrary constant naming "Veil schema migrations" among advisory locks. */
const MIGRATION_LOCK_KEY = 7_361_204_118;

const typeParsers = {
  getTypeParser: ((oid: number, format?: "text" | "binary") => {
    // int8 (count(*), bigserial) as a JS number, the same as the PGlite adapter.
    if (oid === 20) return (v: string) => Number(v);
    const parse = pg.types.getTypeParser(oid, format);
    // ±infinity as far-future/past Dates, never numbers (see infinite-time.ts).
    return (TIMESTAMP_OIDS as readonly number[]).includes(oid) ? (v: string) => parseTimestamp(v, parse) : parse;
  }) as typeof pg.types.getTypeParser,
};

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export async function openPostgres(databaseUrl: string, schema?: string): Promise<EngineDb> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    types: typeParsers,
    max: 10,
    // A database that does not answer must not hold requests for ever: fail (→ 503) after 5 s.
    connectionTimeoutMillis: 5000,
    ...(schema ? { options: `-c search_path=${quoteIdent(schema)}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  try {
    await pool.query("SELECT 1");
  } catch (err) {
    await pool.end().catch(() => {});
    throw new Error(`Could not connect to Postgres at ${redact(databaseUrl)}: ${(err as Error).message}`);
  }

  const asQueryable = (client: pg.Pool | pg.PoolClient): Queryable => ({
    query: async <T>(sql: string, params?: unknown[]) => {
      const res = await client.query(sql, params);
      return { rows: res.rows as T[] };
    },
  });
  const poolQueryable = asQueryable(pool);

  return {
    kind: "postgres",
    query: poolQueryable.query,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await fn(asQueryable(client));
        await client.query("COMMIT");
        return result;
      } catch (err) {
        await client.query("ROLLBACK").catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    async execScript(sql, tx) {
      // The simple-query protocol (no parameters) accepts several statements at once.
      await (tx ?? poolQueryable).query(sql);
    },
    async withMigrationLock(fn) {
      // Session-level advisory lock on a dedicated connection: a second process starting at the
      // same moment waits here, then finds the migrations already applied.
      const client = await pool.connect();
      try {
        await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        try {
          // Under the lock: two processes creating the same schema at once would collide.
          if (schema) await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
          return await fn();
        } finally {
          await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** The URL without its password, for error messages. */
function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(unparseable DATABASE_URL)";
  }
}
