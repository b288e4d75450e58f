// The fake `wg`'s state file, shared by the fake itself (one process per call) and the test that
// reads and edits it. Two rules keep it whole:
// - writes go to a temporary file that is renamed over the state, so a reader never meets a file
//   cut off halfway (a plain write truncates first, and a test's read could land in that gap);
// - a read-modify-write holds a lock file, so a `show` running beside a `set`, or a test's edit
//   beside either, cannot write back a stale copy and undo the other's change.
import { closeSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";

const LOCK_WAIT_MS = 10_000;
const pause = new Int32Array(new SharedArrayBuffer(4));

export function readState(file) {
  return JSON.parse(readFileSync(file, "utf8"));
}

export function writeState(file, state) {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(state));
  renameSync(tmp, file);
}

/**
 * Runs `work` holding the state's lock, released when `work` returns, throws or calls process.exit
 * (not if the process is killed by a signal: nothing in these tests does, and `wg` calls have 120 s).
 */
export function withStateLock(file, work) {
  const lock = `${file}.lock`;
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      closeSync(openSync(lock, "wx"));
      break;
    } catch (err) {
      if (err.code !== "EEXIST") throw err;
      if (Date.now() > deadline) throw new Error(`fake wg: ${lock} held for over ${LOCK_WAIT_MS} ms`);
      Atomics.wait(pause, 0, 0, 5);
    }
  }
  const release = () => rmSync(lock, { force: true });
  process.once("exit", release);
  try {
    return work();
  } finally {
    process.removeListener("exit", release);
    release();
  }
}
