/**
 * The last peer set the agent was given, on disk, so a restart (or a reboot that empties the
 * interface) puts the same peers back at once — before, and without, reaching the control plane.
 *
 * Two files: STATE_FILE holds a snapshot (revision and every peer), written atomically (temp file,
 * fsync, rename); STATE_FILE.journal gets one line per applied change list, appended and fsynced
 * BEFORE the change reaches the interface. So whatever the interface saw, the disk saw first: a
 * crash can lose nothing that was already enforced, and a removal can never come back from an old
 * snapshot while the control plane is out of reach. The journal is folded into a new snapshot when
 * it grows long, and on every full set. (A write that fails leaves the agent to apply removals
 * anyway: agent.ts fails closed.)
 */
import { open, readFile, rename, rm } from "node:fs/promises";
import { type AllowedIpCheck, isWireGuardKey } from "../peers/validate.js";
import { type Change, isRejection, type Peer, parsePeer } from "../peers/wire.js";

const FORMAT = 1;
/** Journal lines before the snapshot is rewritten. */
const COMPACT_AFTER = 500;

export interface SavedState {
  revision: number;
  peers: Peer[];
}

interface JournalLine {
  base: number;
  revision: number;
  changes: Change[];
}

interface RawJournalLine {
  base?: unknown;
  revision?: unknown;
  changes?: { op?: unknown; publicKey?: unknown; peer?: unknown }[];
}

function toWire(peer: Peer) {
  return { publicKey: peer.publicKey, allowedIps: peer.allowedIps, expiresAt: new Date(peer.expiresAt).toISOString() };
}

async function writeDurably(file: string, text: string, flag: "w" | "a"): Promise<void> {
  const handle = await open(file, flag, 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export class StateStore {
  readonly #file: string;
  readonly #journal: string;
  readonly #checkIp: AllowedIpCheck;
  #journalLines = 0;

  constructor(file: string, checkIp: AllowedIpCheck) {
    this.#file = file;
    this.#journal = `${file}.journal`;
    this.#checkIp = checkIp;
  }

  /**
   * The saved set with its journal replayed, or null when there is none. The files are checked like
   * anything from the network (a hand-edited state file gets no more trust than a peer set).
   */
  async load(): Promise<SavedState | null> {
    let snapshot: { format?: unknown; revision?: unknown; peers?: unknown };
    try {
      snapshot = JSON.parse(await readFile(this.#file, "utf8"));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw new Error(`the state file ${this.#file} cannot be read: ${(err as Error).message}`);
    }
    if (snapshot.format !== FORMAT || !Number.isSafeInteger(snapshot.revision) || !Array.isArray(snapshot.peers))
      throw new Error(`the state file ${this.#file} is not in the expected format`);
    const peers = new Map<string, Peer>();
    for (const entry of snapshot.peers) {
      const peer = parsePeer(entry, this.#checkIp);
      if (!isRejection(peer)) peers.set(peer.publicKey, peer);
    }
    let revision = snapshot.revision as number;
    for (const line of await this.#journalEntries()) {
      // A line whose base is not where the state stands (an interrupted write before it) ends the replay.
      if (line.base !== revision) break;
      for (const change of line.changes) {
        if (change.op === "remove") peers.delete(change.publicKey);
        else peers.set(change.peer.publicKey, change.peer);
      }
      revision = line.revision;
      this.#journalLines++;
    }
    return { revision, peers: [...peers.values()] };
  }

  /** Saves a whole set (a full fetch) and starts an empty journal. */
  async saveSnapshot(revision: number, peers: Iterable<Peer>): Promise<void> {
    const parts: string[] = [];
    for (const peer of peers) parts.push(JSON.stringify(toWire(peer)));
    const text = `{"format":${FORMAT},"revision":${revision},"peers":[\n${parts.join(",\n")}\n]}\n`;
    const temp = `${this.#file}.tmp`;
    await writeDurably(temp, text, "w");
    await rename(temp, this.#file);
    await rm(this.#journal, { force: true });
    this.#journalLines = 0;
  }

  /**
   * Records a change list (from `base` to `revision`) before it is applied. Returns true when the
   * journal is long enough that the caller should write a snapshot instead.
   */
  async appendChanges(base: number, revision: number, changes: Change[]): Promise<boolean> {
    const line = {
      base,
      revision,
      changes: changes.map((c) => (c.op === "remove" ? c : { op: "upsert", peer: toWire(c.peer) })),
    };
    await writeDurably(this.#journal, `${JSON.stringify(line)}\n`, "a");
    return ++this.#journalLines >= COMPACT_AFTER;
  }

  async #journalEntries(): Promise<JournalLine[]> {
    let text: string;
    try {
      text = await readFile(this.#journal, "utf8");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw err;
    }
    const lines: JournalLine[] = [];
    for (const raw of text.split("\n")) {
      if (!raw.trim()) continue;
      try {
        const line = JSON.parse(raw) as RawJournalLine;
        if (!Number.isSafeInteger(line.base) || !Number.isSafeInteger(line.revision) || !Array.isArray(line.changes))
          break;
        lines.push({
          base: line.base as number,
          revision: line.revision as number,
          changes: line.changes.map((c) => this.#changeFromWire(c)),
        });
      } catch {
        // A torn last line (the process died mid-write): what came before stands.
        break;
      }
    }
    return lines;
  }

  /** A journalled change, checked again; throws (ending the replay) when it does not pass. */
  #changeFromWire(change: { op?: unknown; publicKey?: unknown; peer?: unknown }): Change {
    if (change.op === "remove" && isWireGuardKey(change.publicKey))
      return { op: "remove", publicKey: change.publicKey };
    const peer = change.op === "upsert" ? parsePeer(change.peer, this.#checkIp) : null;
    if (!peer || isRejection(peer)) throw new Error("a journal line does not pass the checks");
    return { op: "upsert", peer };
  }
}
