/**
 * A fresh, isolated, migrated database for one test file.
 * - Default: PGlite in memory (nothing on disk, nothing shared).
 * - With DATABASE_URL set (CI's Postgres run): a new schema `test_<random>` on that server, dropped
 *   again by `close()`, so test files can run in parallel against one database.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { createPgliteTemplate, type Db, migrationsFingerprint, openDb } from "../../src/db/index.js";

/**
 * initdb inside PGlite takes seconds (far more on a busy machine); starting from a dump of a
 * migrated database takes a fraction of that. The dump is cached on disk, keyed by the PGlite
 * version and the migration files, and written atomically so parallel test files can share it.
 */
async function pgliteTemplate(): Promise<Blob> {
  const pkg = path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    "../../node_modules/@electric-sql/pglite/package.json",
  );
  const pgliteVersion = JSON.parse(readFileSync(pkg, "utf8")).version as string;
  const dir = path.join(tmpdir(), "veil-test-templates");
  const file = path.join(dir, `pglite-${pgliteVersion}-${migrationsFingerprint()}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const blob = await createPgliteTemplate();
  mkdirSync(dir, { recursive: true });
  const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
  renameSync(partial, file);
  return blob;
}

export async function createTestDb(): Promise<Db> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) return openDb({ dataDir: "memory://", pgliteTemplate: await pgliteTemplate() });

  const schema = `test_${randomBytes(6).toString("hex")}`;
  const db = await openDb({ databaseUrl, schema });
  return {
    ...db,
    kind: db.kind,
    async close() {
      await db.close();
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      try {
        await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await admin.end();
      }
    },
  };
}
