/**
 * PGlite on disk (the embedded default of `npm start`): data kept across restarts, the data
 * directory's lock, migrations checked against their files. Always PGlite, whatever the engine of
 * the pass, so this file runs once (RUN_ONCE_TESTS in apps/server/vitest.config.ts): in the Postgres
 * pass it repeated the same four PGlite start-ups from initdb.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cachedPgliteTemplate, DataDirInUseError, MigrationError, openDb } from "../src/db/index.js";
import { PGLITE_TEMPLATE_DIR } from "./helpers/test-db.js";

/**
 * A data directory on disk started from the test helpers' migrated dump instead of initdb, for the
 * cases about the lock file: the first case keeps the real first start (initdb on disk, then the
 * migrations), which is what `npm start` does. Saves two initdbs, seconds each (issue #27).
 */
const fromDump = async (dataDir: string) =>
  openDb({ dataDir, pgliteTemplate: await cachedPgliteTemplate(PGLITE_TEMPLATE_DIR) });

// initdb on disk takes seconds, far more on a busy 2-core machine: generous time per test.
describe("given PGlite data directories on disk", { timeout: 120_000 }, () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "veil-db-"));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("should keep data across reopening and not re-apply migrations", async () => {
    const dataDir = path.join(dir, "persist");
    const first = await openDb({ dataDir });
    await first.query("CREATE TABLE kept (v text)");
    await first.query("INSERT INTO kept VALUES ('still here')");
    await first.close();
    const second = await openDb({ dataDir });
    expect((await second.query("SELECT v FROM kept")).rows).toEqual([{ v: "still here" }]);
    expect((await second.query("SELECT count(*)::int AS n FROM schema_migrations WHERE version = 1")).rows).toEqual([
      { n: 1 },
    ]);
    await second.close();
  });

  it("should refuse a data directory another open database holds", async () => {
    const dataDir = path.join(dir, "held");
    const holder = await fromDump(dataDir);
    try {
      await expect(openDb({ dataDir })).rejects.toBeInstanceOf(DataDirInUseError);
      await expect(openDb({ dataDir })).rejects.toThrow(/in use by process \d+/);
    } finally {
      await holder.close();
    }
    // Released on close: opening again works.
    const again = await openDb({ dataDir });
    await again.close();
  });

  it("should take over a lock left by a process that no longer runs", async () => {
    const dataDir = path.join(dir, "stale");
    // A process that has exited (no environment handed on: it only prints its pid).
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], {
      env: {},
    }).stdout.toString();
    writeFileSync(`${dataDir}.lock`, `${dead}\n`);
    const db = await fromDump(dataDir);
    expect(readFileSync(`${dataDir}.lock`, "utf8").trim()).toBe(String(process.pid));
    await db.close();
  });

  it("should refuse an applied migration whose file changed", async () => {
    const migrations = path.join(dir, "migrations");
    const dataDir = path.join(dir, "changed");
    rmSync(migrations, { recursive: true, force: true });
    mkdirSync(migrations);
    writeFileSync(path.join(migrations, "0001_first.sql"), "CREATE TABLE a (v int);");
    await (await openDb({ dataDir, migrationsDir: migrations })).close();
    writeFileSync(path.join(migrations, "0001_first.sql"), "CREATE TABLE a (v text);");
    await expect(openDb({ dataDir, migrationsDir: migrations })).rejects.toBeInstanceOf(MigrationError);
  });
});
