/**
 * Setup file of the server's Vitest projects: watches whether a test file reads DATABASE_URL
 * (directly, through the config, or by handing the whole environment to a child process), the
 * only thing that differs between the PGlite pass and the Postgres pass (root vitest.config.ts).
 *
 * A file that never reads it runs identically on both engines, so it may run once
 * (`RUN_ONCE_TESTS` in apps/server/vitest.config.ts). That list is kept honest here: a listed file
 * that reads DATABASE_URL fails, saying it touches the database and must run on both engines.
 * With VEIL_REPORT_DATABASE_READS=<file>, every test file's answer is appended to that file (one
 * JSON line each), which is how the list was found: `VEIL_REPORT_DATABASE_READS=/tmp/reads.jsonl
 * pnpm exec vitest run --project server --isolate`. `--isolate` because the project shares a module
 * graph between the files of a worker (isolate: false): a module that read DATABASE_URL when it
 * was loaded would count only for the first file that loaded it. No module does today (every read
 * is inside a function), which is what keeps this guard exact without it.
 */
import { appendFileSync } from "node:fs";
import path from "node:path";
import { afterAll, expect } from "vitest";
import { isRunOnce } from "../../vitest.config.js";

const realEnv = process.env;
let readsDatabase = false;

process.env = new Proxy(realEnv, {
  get(target, key) {
    if (key === "DATABASE_URL") readsDatabase = true;
    return Reflect.get(target, key);
  },
  has(target, key) {
    if (key === "DATABASE_URL") readsDatabase = true;
    return Reflect.has(target, key);
  },
  getOwnPropertyDescriptor(target, key) {
    if (key === "DATABASE_URL") readsDatabase = true;
    return Reflect.getOwnPropertyDescriptor(target, key);
  },
  // The whole environment listed (spread into a child process's env): on Postgres it carries
  // DATABASE_URL along, so it counts as a read.
  ownKeys(target) {
    readsDatabase = true;
    return Reflect.ownKeys(target);
  },
});

afterAll(() => {
  process.env = realEnv;
  const file = path.relative(path.resolve(import.meta.dirname, "../.."), expect.getState().testPath ?? "");
  const report = realEnv.VEIL_REPORT_DATABASE_READS;
  if (report) appendFileSync(report, `${JSON.stringify({ file, readsDatabase })}\n`);
  if (readsDatabase && isRunOnce(file)) {
    throw new Error(
      `${file} reads DATABASE_URL, so it can behave differently on Postgres: remove it from RUN_ONCE_TESTS (apps/server/vitest.config.ts) so it runs on both engines.`,
    );
  }
});
