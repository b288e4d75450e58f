/** The fake `wg` (fake-wg.mjs) for one test: an executable launcher and its state file. */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readState, withStateLock, writeState } from "./fake-wg-state.mjs";

const FAKE = fileURLToPath(new URL("./fake-wg.mjs", import.meta.url));

export interface FakeWgState {
  iface: string;
  /** Public key → allowed IPs, as the "interface" holds them. */
  peers: Record<string, string[]>;
  /** Every argv the agent ran `wg` with. */
  calls: string[][];
  errors: string[];
  stats: Record<string, { handshake: number; rx: number; tx: number }>;
  failing: boolean;
}

export interface FakeWg {
  bin: string;
  dir: string;
  iface: string;
  read(): FakeWgState;
  update(change: (state: FakeWgState) => void): void;
  cleanup(): void;
}

export function fakeWg(iface = "wgtest0"): FakeWg {
  const dir = mkdtempSync(path.join(tmpdir(), "fake-wg-"));
  const stateFile = path.join(dir, "state.json");
  const bin = path.join(dir, "wg");
  const initial: FakeWgState = { iface, peers: {}, calls: [], errors: [], stats: {}, failing: false };
  writeState(stateFile, initial);
  // An executable named like the real one: a shell line starting node on a launcher module.
  writeFileSync(
    `${bin}.mjs`,
    `process.env.FAKE_WG_STATE = ${JSON.stringify(stateFile)};\nawait import(${JSON.stringify(FAKE)});\n`,
  );
  writeFileSync(bin, `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(`${bin}.mjs`)} "$@"\n`);
  chmodSync(bin, 0o755);
  const read = () => readState<FakeWgState>(stateFile);
  return {
    bin,
    dir,
    iface,
    read,
    update(change) {
      withStateLock(stateFile, () => {
        const state = read();
        change(state);
        writeState(stateFile, state);
      });
    },
    // A call still running after the agent stopped may add a file while the folder goes: retried.
    cleanup: () => rmSync(dir, { recursive: true, force: true, maxRetries: 3 }),
  };
}
