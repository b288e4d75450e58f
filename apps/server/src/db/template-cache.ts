/**
 * A migrated in-memory PGlite, cached on disk as a dump: initdb inside PGlite takes seconds (over a
 * minute on a loaded 2-core box), loading a dump a fraction of that. The server test helpers and
 * the browser suites' servers (TEST_PGLITE_TEMPLATE_DIR, test only) share one cache. A file is
 * named by the PGlite version and the migrations' fingerprint, so a new migration or PGlite makes a
 * new one, and is written atomically, so parallel processes can share it. A file is touched when it
 * is read, and writing a new one removes the files nobody has read for a week (each is ~18 MB, and
 * every migration change leaves one behind).
 */
import { randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
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

/** Templates (and unfinished writes of one) not read for this long are removed by the next write. */
export const STALE_TEMPLATE_MS = 7 * 24 * 60 * 60 * 1000;

/** Where `cachedPgliteTemplate` keeps the template of this PGlite and these migrations in `dir`. */
export function templateFile(dir: string): string {
  // "slim<n>": what `slimDump` wrote, so a cache from an older one (or a full dump) is not taken for it.
  return path.join(dir, `pglite-${pgliteVersion()}-slim${SLIM_LAYOUT}-${migrationsFingerprint()}.tar`);
}

/** The cached template in `dir`, made (and written) first when there is none yet. */
export async function cachedPgliteTemplate(dir: string): Promise<Blob> {
  const file = templateFile(dir);
  const cached = readIfThere(file);
  if (cached) {
    // Its mtime says when it was last used, which is what pruning goes by. Best effort: a file
    // another user wrote can be read but not touched.
    try {
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      // Left as it is: at worst it is made again after a week.
    }
    return new Blob([cached]);
  }
  const blob = await createPgliteTemplate();
  mkdirSync(dir, { recursive: true });
  const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
  renameSync(partial, file);
  // Housekeeping must not fail the caller, who already has a good template.
  try {
    pruneStaleTemplates(dir, Date.now());
  } catch {
    // The folder went away or cannot be listed: nothing to prune.
  }
  return blob;
}

/** The file's bytes, or null when it is not there (never written, or pruned by another process). */
function readIfThere(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/**
 * Removes the templates in `dir`, and the unfinished writes of one (a process killed mid-write),
 * that nobody has read for `STALE_TEMPLATE_MS`. Another process may be removing the same file:
 * whatever is already gone is skipped.
 */
export function pruneStaleTemplates(dir: string, now: number): void {
  for (const name of readdirSync(dir)) {
    if (!/^pglite-.+\.tar(\.\d+\.[0-9a-f]+)?$/.test(name)) continue;
    const file = path.join(dir, name);
    try {
      if (now - statSync(file).mtimeMs > STALE_TEMPLATE_MS) rmSync(file, { force: true });
    } catch {
      // Gone between the listing and the stat: nothing to do.
    }
  }
}
