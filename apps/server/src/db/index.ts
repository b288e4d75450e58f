/**
 * The database: one Postgres schema, reached through PGlite (embedded, on disk or in memory) or
 * a real Postgres server (`DATABASE_URL`). Both speak the same SQL dialect, so callers write plain
 * Postgres SQL with `$1` parameters and never know which one they got.
 *
 * Conventions every module relies on:
 * - `int8`/`bigint` columns (and `count(*)`) come back as JS numbers on both engines;
 *   `timestamptz` as `Date`; `jsonb` as parsed JSON; `numeric` as a string.
 * - Pass JSON to `jsonb` columns as `JSON.stringify(value)` with a `$n::jsonb` cast.
 * - Never nest `transaction()` calls: pass the `tx` down instead (PGlite has one connection, so a
 *   nested call would wait for itself).
 * - Times come from the injected `Clock` as parameters, not from SQL `now()`, so tests control them.
 */
import { migrate } from "./migrate.js";
import { openPglite } from "./pglite.js";
import { openPostgres } from "./postgres.js";
import type { Db, EngineDb } from "./types.js";
import { rethrowUnavailable } from "./unavailable.js";

export type { Db, Queryable } from "./types.js";

export interface OpenDbOptions {
  /** `postgres://…`: use a real Postgres server (a connection pool). */
  databaseUrl?: string;
  /** PGlite data directory, or `memory://` for a throw-away in-memory database. */
  dataDir?: string;
  /** PGlite only: start from this data-dir dump (`PGlite.dumpDataDir()`), skipping initdb. */
  pgliteTemplate?: Blob;
  /** Postgres only: run in this schema (created if missing). Tests use one schema per file. */
  schema?: string;
  /** Directory of `NNNN_name.sql` migrations; defaults to this module's `migrations/`. */
  migrationsDir?: string;
}

export class DbOpenError extends Error {
  override name = "DbOpenError";
}

/**
 * Opens the database and brings its schema up to date. Real Postgres when `databaseUrl` is given,
 * otherwise PGlite in `dataDir` (refusing a directory another live process holds).
 */
export async function openDb(options: OpenDbOptions): Promise<Db> {
  let engine: EngineDb;
  if (options.databaseUrl) {
    engine = await openPostgres(options.databaseUrl, options.schema);
  } else if (options.dataDir) {
    engine = await openPglite(options.dataDir, options.pgliteTemplate);
  } else {
    throw new DbOpenError("openDb needs a databaseUrl (Postgres) or a dataDir (PGlite, or memory://)");
  }
  try {
    await migrate(engine, options.migrationsDir);
  } catch (err) {
    await engine.close().catch(() => {});
    throw err;
  }
  // Hand out only the public surface. A lost connection surfaces as DbUnavailableError (→ 503).
  return {
    kind: engine.kind,
    query: <T>(sql: string, params?: unknown[]) => engine.query<T>(sql, params).catch(rethrowUnavailable),
    transaction: (fn) => engine.transaction(fn).catch(rethrowUnavailable),
    close: () => engine.close(),
  };
}

export { DataDirInUseError } from "./lock-file.js";
export { MigrationError, migrationsFingerprint } from "./migrate.js";
export { cachedPgliteTemplate, createPgliteTemplate } from "./template-cache.js";
export { DbUnavailableError } from "./unavailable.js";
