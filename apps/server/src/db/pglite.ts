import { mkdirSync } from "node:fs";
import { PGlite, types } from "@electric-sql/pglite";
import { parseTimestamp, TIMESTAMP_OIDS } from "./infinite-time.js";
import { lockDataDir } from "./lock-file.js";
import { Mutex } from "./mutex.js";
import type { EngineDb, Queryable } from "./types.js";

/** Same value conventions as the Postgres adapter: int8 as a JS number, ±infinity timestamps as Dates. */
const parsers = {
  [types.INT8]: (value: string) => Number(value),
  ...Object.fromEntries(TIMESTAMP_OIDS.map((oid) => [oid, (v: string) => parseTimestamp(v, (t) => new Date(t))])),
};

/**
 * PGlite is one connection inside this process. Every statement outside a transaction and every
 * whole transaction go through one FIFO mutex, so a transaction never sees another caller's
 * statements in the middle of it.
 */
export async function openPglite(dataDir: string, template?: Blob): Promise<EngineDb> {
  const inMemory = dataDir === "memory://" || dataDir.startsWith("memory://");
  const release = inMemory ? () => {} : lockDataDir(dataDir);
  let pg: PGlite;
  try {
    if (!inMemory) mkdirSync(dataDir, { recursive: true });
    pg = await PGlite.create(inMemory ? undefined : dataDir, {
      parsers,
      ...(template ? { loadDataDir: template } : {}),
    });
  } catch (err) {
    release();
    throw err;
  }
  const mutex = new Mutex();
  let closed = false;

  const direct: Queryable = {
    query: async <T>(sql: string, params?: unknown[]) => {
      const res = await pg.query<T>(sql, params as unknown[] | undefined);
      return { rows: res.rows };
    },
  };

  return {
    kind: "pglite",
    query: (sql, params) => mutex.run(() => direct.query(sql, params)),
    transaction: (fn) =>
      mutex.run(async () => {
        await pg.exec("BEGIN");
        try {
          const result = await fn(direct);
          await pg.exec("COMMIT");
          return result;
        } catch (err) {
          await pg.exec("ROLLBACK").catch(() => {});
          throw err;
        }
      }),
    async execScript(sql, tx) {
      if (tx) await pg.exec(sql);
      else await mutex.run(() => pg.exec(sql));
    },
    // The data-dir lock file already makes this process the only one.
    withMigrationLock: (fn) => fn(),
    dump: () => mutex.run(() => pg.dumpDataDir("none")),
    close: () =>
      mutex.run(async () => {
        if (closed) return;
        closed = true;
        try {
          await pg.close();
        } finally {
          release();
        }
      }),
  };
}
