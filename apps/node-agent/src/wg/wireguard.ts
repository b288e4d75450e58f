/**
 * The WireGuard interface, driven through wireguard-tools' `wg` (kernel WireGuard or wireguard-go
 * alike). Always `execFile` with an argument array — never a shell — and only three commands:
 *
 * - `wg set IF peer KEY allowed-ips A,B … peer KEY remove …` for every change, in batches;
 * - `wg show IF allowed-ips` to read what the interface holds, for a full reconcile (the difference
 *   to the set is then applied with `wg set`, so an interface that already matches is not touched);
 * - `wg show IF dump` for handshakes and counters. Its first line carries the interface's private
 *   key: it is dropped unread, and the output is never logged.
 *
 * Not `wg syncconf`/`setconf`: for a file without PrivateKey/ListenPort/FwMark lines they reset the
 * private key, port and fwmark to nothing (wireguard-tools replaces the whole device config unless
 * appending), so a peer list alone would take the node down — the tunnel test caught exactly that.
 * The agent never holds the node's private key and touches nothing but peers.
 */
import { execFile } from "node:child_process";
import { isWireGuardKey } from "../peers/validate.js";
import type { Peer } from "../peers/wire.js";

/**
 * Peers per `wg set` call: ~110 bytes of arguments each, so ~450 KB a call — below the kernel's
 * argument limit (a quarter of the 8 MB stack) and few enough processes for a 65k-peer set.
 */
export const SET_BATCH = 4000;

export interface PeerStats {
  publicKey: string;
  /** Unix seconds, 0 = never. */
  latestHandshake: number;
  rxBytes: number;
  txBytes: number;
}

export interface WireGuard {
  /** Makes the interface's peer list exactly `peers` (reads it, then `wg set` for the difference). */
  sync(peers: Iterable<Peer>): Promise<void>;
  /** Adds or updates `upserts` and removes `removals` (wg set, batched). */
  set(upserts: Peer[], removals: string[]): Promise<void>;
  /** Every peer's latest handshake and transfer counters (wg show IF dump). */
  stats(): Promise<PeerStats[]>;
}

export interface WireGuardOptions {
  /** The `wg` binary (WG_BIN). */
  bin: string;
  /** The interface name, already checked by the configuration. */
  iface: string;
  /** Seconds a single `wg` call may take before it is killed. */
  timeoutSeconds?: number;
}

function run(bin: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      bin,
      args,
      // No shell; a bounded run and output (a dump of 2^20 peers is ~250 MB at most).
      { shell: false, timeout: timeoutMs, maxBuffer: 512 * 1024 * 1024, env: { PATH: process.env.PATH ?? "" } },
      (error, stdout, stderr) => {
        if (error) {
          // The command and its stderr, never stdout (a dump holds the private key).
          const detail = String(stderr).trim().slice(0, 500);
          reject(new Error(`wg ${args[0]} failed: ${detail || error.message}`));
        } else resolve(String(stdout));
      },
    );
  });
}

/** Parses `wg show IF allowed-ips`: public key → its allowed IPs, sorted and comma-joined. */
export function parseAllowedIps(output: string): Map<string, string> {
  const peers = new Map<string, string>();
  for (const line of output.split("\n")) {
    const [publicKey, ips = ""] = line.split("\t");
    if (!publicKey || !isWireGuardKey(publicKey)) continue;
    peers.set(publicKey, ips === "(none)" ? "" : ips.split(/\s+/).filter(Boolean).sort().join(","));
  }
  return peers;
}

const sortedIps = (peer: Peer) => [...peer.allowedIps].sort().join(",");

/** Parses `wg show IF dump`: the interface line is skipped, peer lines give key, handshake, counters. */
export function parseDump(output: string): PeerStats[] {
  const stats: PeerStats[] = [];
  const lines = output.split("\n");
  for (let i = 1; i < lines.length; i++) {
    const fields = (lines[i] as string).split("\t");
    if (fields.length < 8) continue;
    const [publicKey, , , , handshake, rx, tx] = fields as [string, string, string, string, string, string, string];
    if (!isWireGuardKey(publicKey) || !/^\d+$/.test(handshake) || !/^\d+$/.test(rx) || !/^\d+$/.test(tx)) continue;
    stats.push({ publicKey, latestHandshake: Number(handshake), rxBytes: Number(rx), txBytes: Number(tx) });
  }
  return stats;
}

export function wireGuardCli({ bin, iface, timeoutSeconds = 120 }: WireGuardOptions): WireGuard {
  const timeoutMs = timeoutSeconds * 1000;
  const set = async (upserts: Peer[], removals: string[]) => {
    const args: string[][] = [];
    let batch: string[] = [];
    let count = 0;
    const push = (...parts: string[]) => {
      batch.push(...parts);
      if (++count >= SET_BATCH) {
        args.push(batch);
        batch = [];
        count = 0;
      }
    };
    // Removals first: a re-keyed device's addresses are free again before its new key takes them.
    for (const key of removals) push("peer", key, "remove");
    for (const peer of upserts) push("peer", peer.publicKey, "allowed-ips", peer.allowedIps.join(","));
    if (batch.length > 0) args.push(batch);
    for (const peerArgs of args) await run(bin, ["set", iface, ...peerArgs], timeoutMs);
  };
  return {
    async sync(peers) {
      const current = parseAllowedIps(await run(bin, ["show", iface, "allowed-ips"], timeoutMs));
      const upserts: Peer[] = [];
      const wanted = new Set<string>();
      for (const peer of peers) {
        wanted.add(peer.publicKey);
        if (current.get(peer.publicKey) !== sortedIps(peer)) upserts.push(peer);
      }
      const removals = [...current.keys()].filter((key) => !wanted.has(key));
      await set(upserts, removals);
    },
    set,
    async stats() {
      return parseDump(await run(bin, ["show", iface, "dump"], timeoutMs));
    },
  };
}
