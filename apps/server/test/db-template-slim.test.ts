/**
 * The test databases' migrated PGlite template is slimmed (src/db/template-slim.ts): the other
 * databases and the WAL's empty tail left out, small shared buffers. A database started from it
 * must still be a complete, writable one. Always PGlite, so this file runs once (RUN_ONCE_TESTS).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { extract } from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPgliteTemplate, type Db, openDb } from "../src/db/index.js";
import { slimDump } from "../src/db/template-slim.js";

/** The files of a tar dump with their sizes. */
async function filesOf(dump: Blob): Promise<Map<string, number>> {
  const files = new Map<string, number>();
  const reader = extract();
  reader.end(new Uint8Array(await dump.arrayBuffer()));
  for await (const entry of reader) {
    if (entry.header.type === "file") files.set(entry.header.name.replace(/^\//, ""), entry.header.size ?? 0);
    entry.resume();
  }
  return files;
}

describe("given the slimmed template of the test databases", { timeout: 120_000 }, () => {
  let template: Blob;
  let db: Db;
  beforeAll(async () => {
    template = await createPgliteTemplate();
    db = await openDb({ dataDir: "memory://", pgliteTemplate: template });
  });
  afterAll(async () => db?.close());

  it("should start a migrated database with the test settings", async () => {
    const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM users");
    expect(rows).toEqual([{ n: 0 }]);
    expect((await db.query("SHOW shared_buffers")).rows).toEqual([{ shared_buffers: "16MB" }]);
  });

  it("should keep what is written past the cut WAL through a restart", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "veil-slim-"));
    try {
      const first = await openDb({ dataDir, pgliteTemplate: template });
      // Far more WAL than the trimmed segment holds, so Postgres writes past the file's end.
      await first.query("CREATE TABLE bulk (n int, pad text)");
      await first.query("INSERT INTO bulk SELECT g, repeat('x', 200) FROM generate_series(1, 60000) g");
      await first.close();
      const again = await openDb({ dataDir });
      const { rows } = await again.query("SELECT count(*)::int AS n, sum(n)::bigint AS sum FROM bulk");
      await again.close();
      expect(rows).toEqual([{ n: 60000, sum: 1_800_030_000 }]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("should leave out every database but the app's and the WAL segment's zero pages", async () => {
    const files = await filesOf(template);
    const { rows } = await db.query<{ oid: number; app: boolean }>(
      "SELECT oid::int AS oid, datname = current_database() AS app FROM pg_database",
    );
    expect(rows.length).toBeGreaterThan(1);
    for (const { oid, app } of rows)
      expect(
        [...files.keys()].some((name) => name.startsWith(`base/${oid}/`)),
        `base/${oid}`,
      ).toBe(app);
    const wal = [...files].filter(([name]) => /^pg_wal\/[0-9A-F]{24}$/.test(name));
    expect(wal).toHaveLength(1);
    const [, size] = wal[0] ?? ["", 0];
    expect(size % 8192).toBe(0);
    expect(size).toBeGreaterThan(0);
    expect(size).toBeLessThan(16 * 1024 * 1024);
  });

  it("should refuse a dump that is no tar archive instead of waiting on it", async () => {
    await expect(slimDump(new Blob([new Uint8Array(700).fill(65)]), [])).rejects.toThrow();
  });
});
