import { configDefaults, defineProject } from "vitest/config";

/**
 * Files that need real Postgres (several server processes on one database, pg_dump): they belong to
 * the `server:postgres` project only (see the root vitest.config.ts), never skipped on PGlite.
 */
export const POSTGRES_ONLY_TESTS = "test/**/*.postgres.test.ts";

export default defineProject({
  test: {
    name: "server",
    include: ["test/**/*.test.ts"],
    exclude: [...configDefaults.exclude, POSTGRES_ONLY_TESTS],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 120_000,
  },
});
