import { defineConfig, type TestProjectConfiguration } from "vitest/config";

/**
 * The server's tests a second time on real Postgres (each file in a schema of its own), when the
 * runner names one: `npm test` and scripts/test-server-postgres.mjs set VEIL_TEST_POSTGRES_URL
 * after making sure a Postgres listens there. Being a project of this same run (not a second run)
 * lets its files fill the gaps left by the many server tests that wait on timers and processes.
 */
const postgresUrl = process.env.VEIL_TEST_POSTGRES_URL;
const serverOnPostgres: TestProjectConfiguration[] = postgresUrl
  ? [
      {
        extends: "./apps/server/vitest.config.ts",
        root: "./apps/server",
        test: { name: "server:postgres", env: { DATABASE_URL: postgresUrl } },
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
