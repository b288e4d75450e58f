#!/usr/bin/env node
// Runs only the server's tests on real Postgres (the Vitest project `server:postgres`; `npm test`
// runs it inside its one Vitest step). Extra arguments are passed to Vitest.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensurePostgres, redacted } from "./lib/postgres.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const databaseUrl = await ensurePostgres();
if (!databaseUrl) process.exit(1);
console.log(`Server tests on Postgres: ${redacted(databaseUrl)}`);
const res = spawnSync("pnpm", ["exec", "vitest", "run", "--project", "server:postgres", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, VEIL_TEST_POSTGRES_URL: databaseUrl },
});
process.exit(res.status ?? 1);
