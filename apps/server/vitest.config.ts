import { configDefaults, defineProject } from "vitest/config";

/**
 * Files that need real Postgres (several server processes on one database, pg_dump): they belong to
 * the `server:postgres` project only (see the root vitest.config.ts), never skipped on PGlite.
 */
export const POSTGRES_ONLY_TESTS = "test/**/*.postgres.test.ts";

/**
 * Files whose Postgres pass would add nothing: they never read DATABASE_URL (pure functions, an
 * HTTP adapter against a stub), so they run on PGlite only and `server:postgres` leaves them out.
 * test/helpers/database-reads.ts fails a listed file the day it starts reading DATABASE_URL.
 */
export const RUN_ONCE_TESTS = [
  "test/auth/jwt.test.ts",
  "test/constant-time.test.ts",
  "test/api/user-agent.test.ts",
  "test/http-static.test.ts",
  "test/payments/config.test.ts",
  "test/payments/exnode-adapter.test.ts",
  "test/access/node-in-flight.test.ts",
  "test/layers.test.ts",
  "test/table-ownership.test.ts",
  "test/db-pglite-disk.test.ts",
  "test/db-template-slim.test.ts",
  "test/db-template-prune.test.ts",
];
export const isRunOnce = (file: string): boolean => RUN_ONCE_TESTS.includes(file);

export default defineProject({
  test: {
    name: "server",
    include: ["test/**/*.test.ts"],
    exclude: [...configDefaults.exclude, POSTGRES_ONLY_TESTS],
    setupFiles: ["test/helpers/database-reads.ts"],
    environment: "node",
    // One module graph per worker, not per file: every file imports the whole server (Hono, zod,
    // pino, PGlite, jose…), and importing it again for each of the 88 files was a third of this
    // project's CPU (import 257 s + setup 64 s of 1,583 s file time on the slow 2-core host; wall
    // 423 s → 243 s). Each file still builds its own app and database (test-app.ts, test-db.ts),
    // the process-wide settings an app sets (hash cost) are set again by every app, and
    // database-reads.ts still runs per file. Shuffled file orders passed the same.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 120_000,
  },
});
