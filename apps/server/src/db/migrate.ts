import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { EngineDb } from "./types.js";

export class MigrationError extends Error {
  override name = "MigrationError";
}

const FILE_PATTERN = /^(\d{4})_[a-z0-9_-]+\.sql$/;

/**
 * Where the SQL files are: next to this module when running from source, or in the source tree
 * when running from the bundled `dist/main.js` (the bundle does not copy them).
 */
function defaultMigrationsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, "migrations"), path.resolve(here, "../src/db/migrations")];
  const found = candidates.find((dir) => existsSync(dir));
  if (!found) throw new MigrationError(`No migrations directory found (looked in ${candidates.join(", ")})`);
  return found;
}

/** A hash of every migration file: changes whenever the schema a fresh database gets would change. */
export function migrationsFingerprint(dir = defaultMigrationsDir()): string {
  const hash = createHash("sha256");
  for (const file of readMigrations(dir)) hash.update(`${file.name}:${file.checksum}\n`);
  return hash.digest("hex").slice(0, 16);
}

interface MigrationFile {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir: string): MigrationFile[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort();
  const seen = new Map<number, string>();
  return files.map((name) => {
    const match = FILE_PATTERN.exec(name);
    if (!match?.[1]) throw new MigrationError(`Migration file ${name} must be named NNNN_lower_snake_name.sql`);
    const version = Number(match[1]);
    const clash = seen.get(version);
    if (clash) throw new MigrationError(`Migrations ${clash} and ${name} share the number ${match[1]}`);
    seen.set(version, name);
    const sql = readFileSync(path.join(dir, name), "utf8");
    return { version, name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
  });
}

/**
 * Applies every migration not yet recorded, in filename order, each in its own transaction
 * together with its `schema_migrations` row. An applied migration whose file has since changed is
 * refused: migrations are append-only (write a new one instead).
 */
export async function migrate(db: EngineDb, dir = defaultMigrationsDir()): Promise<void> {
  const files = readMigrations(dir);
  await db.withMigrationLock(async () => {
    await db.execScript(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await db.query<{ version: number; name: string; checksum: string }>(
      "SELECT version, name, checksum FROM schema_migrations",
    );
    const applied = new Map(rows.map((r) => [r.version, r]));
    for (const file of files) {
      const done = applied.get(file.version);
      if (done) {
        if (done.checksum !== file.checksum) {
          throw new MigrationError(
            `Migration ${file.name} was changed after it was applied (as ${done.name}). ` +
              "Applied migrations are append-only: add a new migration instead.",
          );
        }
        continue;
      }
      await db.transaction(async (tx) => {
        try {
          await db.execScript(file.sql, tx);
        } catch (err) {
          throw new MigrationError(`Migration ${file.name} failed: ${(err as Error).message}`);
        }
        await tx.query("INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)", [
          file.version,
          file.name,
          file.checksum,
        ]);
      });
    }
  });
}
