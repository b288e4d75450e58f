import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

/** Thrown when another live process holds the PGlite data directory. */
export class DataDirInUseError extends Error {
  override name = "DataDirInUseError";
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by process ${pid}. PGlite allows one process per directory ` +
        "(two would silently diverge). Stop that process, or set DATA_DIR to another directory, " +
        "or use DATABASE_URL for a shared Postgres.",
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else — still alive.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes an exclusive lock on `dataDir` by creating `<dataDir>.lock` holding our pid. A lock left by
 * a process that no longer runs is taken over; one held by a live process (including this one: a
 * second PGlite on the same directory inside one process diverges just the same) is refused.
 * Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = `${path.resolve(dataDir)}.lock`;
  mkdirSync(path.dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          // Only remove the lock if it is still ours.
          if (Number.parseInt(readFileSync(lockPath, "utf8"), 10) === process.pid) unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    let holder = Number.NaN;
    try {
      holder = Number.parseInt(readFileSync(lockPath, "utf8"), 10);
    } catch {
      continue; // Removed between our open and read: try again.
    }
    if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) throw new DataDirInUseError(dataDir, holder);
    // Stale (dead pid or garbage): take it over.
    try {
      unlinkSync(lockPath);
    } catch {
      // Someone else removed it first; the next open decides.
    }
  }
  throw new Error(`Could not lock ${dataDir}: the lock file ${lockPath} keeps changing`);
}
