/**
 * The peer set the control plane published, as the agent holds it: every peer with its addresses
 * and access end. What belongs on the interface is the part of it whose access has not ended yet
 * (`active`), so expiry needs no message from the control plane.
 *
 * One tunnel address belongs to one peer. An entry that claims an address another peer holds is
 * refused rather than allowed to take it over (WireGuard itself would silently move the address,
 * handing that peer's traffic to the newcomer).
 */
import type { Change, Peer, Rejection } from "./wire.js";

export class PeerSet {
  readonly #peers = new Map<string, Peer>();
  readonly #owners = new Map<string, string>();

  get size(): number {
    return this.#peers.size;
  }

  get(publicKey: string): Peer | undefined {
    return this.#peers.get(publicKey);
  }

  all(): IterableIterator<Peer> {
    return this.#peers.values();
  }

  /** Replaces everything with `peers`; returns the entries refused (duplicate key or address). */
  replaceAll(peers: Iterable<Peer>): Rejection[] {
    this.#peers.clear();
    this.#owners.clear();
    const rejected: Rejection[] = [];
    for (const peer of peers) {
      if (this.#peers.has(peer.publicKey)) {
        rejected.push({ publicKey: peer.publicKey, reason: "the public key appears twice" });
        continue;
      }
      const reason = this.#add(peer);
      if (reason) rejected.push({ publicKey: peer.publicKey, reason });
    }
    return rejected;
  }

  /**
   * Applies a change list. Only each key's last change counts, and removals go first, so a re-key
   * (old key removed, new key with the same addresses) works in whatever order the list has them.
   */
  apply(changes: Change[]): Rejection[] {
    const last = new Map<string, Change>();
    for (const change of changes) {
      const key = change.op === "remove" ? change.publicKey : change.peer.publicKey;
      last.delete(key);
      last.set(key, change);
    }
    const rejected: Rejection[] = [];
    // Every key the list touches loses its old entry first; upserts then add the new one.
    for (const key of last.keys()) this.remove(key);
    for (const change of last.values()) {
      if (change.op !== "upsert") continue;
      const reason = this.#add(change.peer);
      if (reason) rejected.push({ publicKey: change.peer.publicKey, reason });
    }
    return rejected;
  }

  remove(publicKey: string): boolean {
    const peer = this.#peers.get(publicKey);
    if (!peer) return false;
    for (const ip of peer.allowedIps) if (this.#owners.get(ip) === publicKey) this.#owners.delete(ip);
    this.#peers.delete(publicKey);
    return true;
  }

  /** The peers whose access has not ended at `now` (epoch ms). */
  *active(now: number): IterableIterator<Peer> {
    for (const peer of this.#peers.values()) if (peer.expiresAt > now) yield peer;
  }

  /** The earliest access end after `now`, or null when no peer will expire. */
  nextExpiry(now: number): number | null {
    let next: number | null = null;
    for (const peer of this.#peers.values()) {
      if (peer.expiresAt > now && (next === null || peer.expiresAt < next)) next = peer.expiresAt;
    }
    return next;
  }

  #add(peer: Peer): string | null {
    for (const ip of peer.allowedIps) {
      const owner = this.#owners.get(ip);
      if (owner !== undefined && owner !== peer.publicKey) return `address ${ip} already belongs to another peer`;
    }
    this.#peers.set(peer.publicKey, peer);
    for (const ip of peer.allowedIps) this.#owners.set(ip, peer.publicKey);
    return null;
  }
}
