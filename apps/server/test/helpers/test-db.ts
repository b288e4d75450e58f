/**
 * A fresh, isolated, migrated database for one test file.
 * - Default: PGlite in memory (nothing on disk, nothing shared).
 * - With DATABASE_URL set (CI's Postgres run): a new schema `test_<random>` on that server, dropped
 *   again by `close()`, so test files can run in parallel against one database.
 */
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { cachedPgliteTemplate, type Db, openDb } from "../../src/db/index.js";

/** Where migrated PGlite dumps are cached (shared with the browser suites' servers). */
export const PGLITE_TEMPLATE_DIR = path.join(tmpdir(), "veil-test-templates");

export async function createTestDb(): Promise<Db> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl)
    return openDb({ dataDir: "memory://", pgliteTemplate: await cachedPgliteTemplate(PGLITE_TEMPLATE_DIR) });

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
