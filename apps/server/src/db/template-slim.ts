/**
 * Makes a migrated PGlite dump cheaper to start from. A test database is opened from the cached
 * template about a hundred times per test run, and each start unpacks the whole tarball into
 * PGlite's in-memory file system and zeroes Postgres's shared buffers; of the 42 MB dump, 14 MB are
 * the template0/template1 databases (only CREATE DATABASE reads them, and nothing does that on an
 * in-process PGlite: on a database started from this dump it fails, and `pg_database` still lists
 * both) and 8 MB the unused tail of the one WAL segment (zeroes). With the settings below a start
 * takes about half the CPU it did (README, "Identity: auth, database, mail" → Tests).
 */
import { extract, pack } from "tar-stream";

/**
 * The version of what `slimDump` writes, part of the cache file's name (template-cache.ts): bump it
 * when the output changes, or a cache written by the older code keeps being used.
 */
export const SLIM_LAYOUT = 1;

/** Postgres's WAL page size: a segment is cut after its last page that holds anything. */
const WAL_PAGE = 8192;

/**
 * Shared buffers for a test database: a few megabytes of data in memory need no 128 MB pool, and
 * zeroing it was a fifth of every start.
 */
const TEST_SETTINGS = "shared_buffers = '16MB'\n";

/** A WAL segment file (`pg_wal/000000010000000000000001`), not its status folders. */
const isWalSegment = (name: string) => /(^|\/)pg_wal\/[0-9A-F]{24}$/.test(name);

/** `base/<oid>/…` of a database to leave out. */
function inDroppedDatabase(name: string, dropped: ReadonlySet<number>): boolean {
  const match = /^\/?base\/(\d+)(\/|$)/.exec(name);
  return match !== null && dropped.has(Number(match[1]));
}

/** A WAL segment without its trailing zero pages (Postgres extends the file when it writes on). */
function trimmedWal(body: Buffer): Buffer {
  let end = body.length;
  while (end > 0 && body[end - 1] === 0) end--;
  return body.subarray(0, Math.ceil(end / WAL_PAGE) * WAL_PAGE);
}

/**
 * The dump without the databases `dropOids` (every one but the one the app uses), with its WAL
 * segments cut after their last written page, and the test settings in `postgresql.auto.conf`.
 */
export async function slimDump(dump: Blob, dropOids: readonly number[]): Promise<Blob> {
  const dropped = new Set(dropOids);
  const reader = extract();
  const writer = pack();
  const output = (async () => {
    const chunks: Uint8Array[] = [];
    for await (const chunk of writer) chunks.push(chunk as Uint8Array);
    return chunks;
  })();
  reader.end(new Uint8Array(await dump.arrayBuffer()));
  try {
    for await (const entry of reader) {
      const parts: Uint8Array[] = [];
      for await (const chunk of entry) parts.push(chunk as Uint8Array);
      const { header } = entry;
      if (inDroppedDatabase(header.name, dropped)) continue;
      if (header.type !== "file") {
        writer.entry(header);
        continue;
      }
      let body: Buffer = Buffer.concat(parts);
      if (isWalSegment(header.name)) body = trimmedWal(body);
      if (/(^|\/)postgresql\.auto\.conf$/.test(header.name)) body = Buffer.concat([body, Buffer.from(TEST_SETTINGS)]);
      writer.entry({ ...header, size: body.length }, body);
    }
  } catch (err) {
    // A dump that cannot be read: end the output too, so nothing is left waiting on it.
    output.catch(() => undefined);
    writer.destroy();
    throw err;
  }
  writer.finalize();
  return new Blob(await output);
}
