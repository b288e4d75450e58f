/**
 * The control plane's replies (docs: the node API in docs/product.md), parsed into peers the agent
 * may apply. The envelope is checked with zod; each peer on its own, so one bad entry costs that
 * entry (reported in `rejected`), not the whole set.
 */
import { z } from "zod";
import { type AllowedIpCheck, isWireGuardKey, parseInstant } from "./validate.js";

export interface Peer {
  publicKey: string;
  /** Canonical host prefixes (`10.64.0.7/32`, `fd00:…/128`), one or two. */
  allowedIps: string[];
  /** When the owner's access ends (epoch ms); the agent drops the peer then, even when cut off. */
  expiresAt: number;
}

export type Change = { op: "upsert"; peer: Peer } | { op: "remove"; publicKey: string };

export interface Rejection {
  /** The entry's public key when it had a valid one (such a peer is then removed: fail closed). */
  publicKey: string | null;
  reason: string;
}

/** More than any node can hold: kernel WireGuard's limit is 2^20 peers per interface. */
export const MAX_PEERS = 1 << 20;
const MAX_IPS_PER_PEER = 2;

const revision = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const fullSet = z.object({ revision, peers: z.array(z.unknown()).max(MAX_PEERS) });
const changeSet = z.object({
  revision,
  reset: z.boolean(),
  changes: z.array(z.unknown()).max(MAX_PEERS).optional(),
});

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** One peer entry, or the reason it is refused. */
export function parsePeer(value: unknown, checkIp: AllowedIpCheck): Peer | Rejection {
  const entry = record(value);
  const publicKey = isWireGuardKey(entry?.publicKey) ? (entry?.publicKey as string) : null;
  if (!entry || !publicKey) return { publicKey: null, reason: "publicKey is not a WireGuard key" };
  const ips = entry.allowedIps;
  if (!Array.isArray(ips) || ips.length === 0 || ips.length > MAX_IPS_PER_PEER)
    return { publicKey, reason: `allowedIps must list 1..${MAX_IPS_PER_PEER} addresses` };
  const allowedIps: string[] = [];
  for (const ip of ips) {
    const canonical = checkIp(ip);
    if (!canonical) return { publicKey, reason: "allowedIps holds an address outside the device pools" };
    if (!allowedIps.includes(canonical)) allowedIps.push(canonical);
  }
  const expiresAt = parseInstant(entry.expiresAt);
  if (expiresAt === null) return { publicKey, reason: "expiresAt is not an ISO instant" };
  return { publicKey, allowedIps, expiresAt };
}

export function isRejection(value: Peer | Rejection): value is Rejection {
  return "reason" in value;
}

export interface FullSet {
  revision: number;
  peers: Peer[];
  rejected: Rejection[];
}

export function parseFullSet(body: unknown, checkIp: AllowedIpCheck): FullSet {
  const envelope = fullSet.parse(body);
  const peers: Peer[] = [];
  const rejected: Rejection[] = [];
  for (const entry of envelope.peers) {
    const parsed = parsePeer(entry, checkIp);
    if (isRejection(parsed)) rejected.push(parsed);
    else peers.push(parsed);
  }
  return { revision: envelope.revision, peers, rejected };
}

export interface ChangeSet {
  revision: number;
  reset: boolean;
  changes: Change[];
  rejected: Rejection[];
}

export function parseChangeSet(body: unknown, checkIp: AllowedIpCheck): ChangeSet {
  const envelope = changeSet.parse(body);
  const changes: Change[] = [];
  const rejected: Rejection[] = [];
  for (const entry of envelope.changes ?? []) {
    const item = record(entry);
    if (item?.op === "remove" && isWireGuardKey(item.publicKey)) {
      changes.push({ op: "remove", publicKey: item.publicKey });
      continue;
    }
    if (item?.op === "upsert") {
      const parsed = parsePeer(item, checkIp);
      if (isRejection(parsed)) rejected.push(parsed);
      else changes.push({ op: "upsert", peer: parsed });
      continue;
    }
    rejected.push({
      publicKey: isWireGuardKey(item?.publicKey) ? (item?.publicKey as string) : null,
      reason: "op must be upsert or remove",
    });
  }
  return { revision: envelope.revision, reset: envelope.reset, changes, rejected };
}
