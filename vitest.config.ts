import { configDefaults, defineConfig, type TestProjectConfiguration } from "vitest/config";
import serverProject, { RUN_ONCE_TESTS } from "./apps/server/vitest.config.ts";

/**
 * The server's tests a second time on real Postgres (each file in a schema of its own), when the
 * runner names one: `npm test` and scripts/test-server-postgres.mjs set VEIL_TEST_POSTGRES_URL
 * after making sure a Postgres listens there. Being a project of this same run (not a second run)
 * lets its files fill the gaps left by the many server tests that wait on timers and processes.
 * It also runs the files that exist only on Postgres (`*.postgres.test.ts`: several processes on one
 * database), which the PGlite project leaves out, and leaves out the files that never read
 * DATABASE_URL (RUN_ONCE_TESTS in apps/server/vitest.config.ts): their second pass adds nothing.
 */
const postgresUrl = process.env.VEIL_TEST_POSTGRES_URL;
const serverOnPostgres: TestProjectConfiguration[] = postgresUrl
  ? [
      {
        ...serverProject,
        root: "./apps/server",
        test: {
          ...serverProject.test,
          name: "server:postgres",
          // Files that never read DATABASE_URL would only repeat their PGlite pass.
          exclude: [...configDefaults.exclude, ...RUN_ONCE_TESTS],
          env: { DATABASE_URL: postgresUrl },
        },
      },
    ]
  : [];

// One Vitest run covers every package; each package's own vitest.config.ts says how its tests run.
export default defineConfig({
  test: {
    projects: [
      "packages/*/vitest.config.ts",
      "apps/*/vitest.config.ts",
      "packages/ui/vitest.storybook.config.ts",
      ...serverOnPostgres,
    ],
    watch: false,
  },
});
