/**
 * A migrated in-memory PGlite, cached on disk as a dump: initdb inside PGlite takes seconds (over a
 * minute on a loaded 2-core box), loading a dump a fraction of that. The server test helpers and
 * the browser suites' servers (TEST_PGLITE_TEMPLATE_DIR, test only) share one cache. A file is
 * named by the PGlite version and the migrations' fingerprint, so a new migration or PGlite makes a
 * new one, and is written atomically, so parallel processes can share it.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { migrate, migrationsFingerprint } from "./migrate.js";
import { openPglite } from "./pglite.js";
import { SLIM_LAYOUT, slimDump } from "./template-slim.js";

/**
 * A freshly initialised and migrated in-memory PGlite, as a dump that `openDb({ pgliteTemplate })`
 * starts from in a fraction of the time initdb takes (slimmed for tests: `template-slim.ts`).
 * Cached by `cachedPgliteTemplate`.
 */
export async function createPgliteTemplate(migrationsDir?: string): Promise<Blob> {
  const engine = await openPglite("memory://");
  try {
    await migrate(engine, migrationsDir);
    if (!engine.dump) throw new Error("PGlite adapter cannot dump");
    const { rows } = await engine.query<{ oid: number }>(
      "SELECT oid::int AS oid FROM pg_database WHERE datname <> current_database()",
    );
    return await slimDump(
      await engine.dump(),
      rows.map((row) => row.oid),
    );
  } finally {
    await engine.close();
  }
}

/** PGlite's version, read from its package.json (found from its entry point: `exports` hides it). */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  for (;;) {
    const file = path.join(dir, "package.json");
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
      if (pkg.name === "@electric-sql/pglite" && pkg.version) return pkg.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) return "unknown";
    dir = parent;
  }
}

/** The cached template in `dir`, made (and written) first when there is none yet. */
export async function cachedPgliteTemplate(dir: string): Promise<Blob> {
  // "slim<n>": what `slimDump` wrote, so a cache from an older one (or a full dump) is not taken for it.
  const file = path.join(dir, `pglite-${pgliteVersion()}-slim${SLIM_LAYOUT}-${migrationsFingerprint()}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const blob = await createPgliteTemplate();
  mkdirSync(dir, { recursive: true });
  const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
  renameSync(partial, file);
  return blob;
}
