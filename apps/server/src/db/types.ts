/**
 * The database's shapes, apart from `index.ts` so the engine adapters (`pglite.ts`, `postgres.ts`)
 * and `migrate.ts` can name them without importing the module entry that imports them
 * (docs/architecture.md §1.1).
 */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface Db extends Queryable {
  /** Which engine this is, for logs and diagnostics. */
  readonly kind: "pglite" | "postgres";
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws.
   * Transactions never interleave on PGlite (they are queued); on Postgres they run concurrently
   * under READ COMMITTED, so use `SELECT … FOR UPDATE` or atomic upserts where order matters.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Internal: what the engine adapters provide before migrations are applied. */
export interface EngineDb extends Db {
  /** Runs a script of several statements (no parameters). */
  execScript(sql: string, tx?: Queryable): Promise<void>;
  /** Runs `fn` while holding a cross-process lock (advisory lock on Postgres; the file lock covers PGlite). */
  withMigrationLock<T>(fn: () => Promise<T>): Promise<T>;
  /** PGlite only: the data directory as a tarball. */
  dump?(): Promise<Blob>;
}
