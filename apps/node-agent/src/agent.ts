/**
 * The agent's loops, around one rule: the interface holds exactly the peers of the last published
 * set whose access has not ended.
 *
 * - sync: the full set once (or after "start over"), then the changes since the last revision,
 *   long-polled; each change list is journalled, then applied with `wg set`.
 * - reconcile: every FULL_RECONCILE_SECONDS the full set again (If-None-Match: nothing is sent when
 *   nothing changed), then the interface is read and brought to it, which undoes any drift — also
 *   while the control plane is out of reach, from the agent's own copy. A copy restored from disk
 *   is not taken on trust there: until a full set has come in this run, the reconcile asks for it
 *   without If-None-Match (the state file may have been edited; its revision would still match).
 * - expiry: a timer at the next access end removes that peer, whether or not the control plane
 *   can be reached, so an outage never hands out free days.
 * - report: handshakes and counters that changed since the last report, in chunks.
 *
 * A 429 from the control plane (this node's limits there) is obeyed: no request of any loop goes out
 * before its Retry-After has passed (at most `retryAfterMaxMs`), and the interface keeps its set.
 *
 * Everything that touches the interface or the state runs one at a time (`#serial`).
 */
import type { Logger } from "pino";
import { type ControlPlane, RateLimitedError, UnauthorizedError } from "./control-plane/client.js";
import { PeerSet } from "./peers/peer-set.js";
import type { Change, Peer, Rejection } from "./peers/wire.js";
import type { StateStore } from "./state/state-store.js";
import type { PeerStats, WireGuard } from "./wg/wireguard.js";

/** Peers per report request (the node API takes at most 5000). */
export const REPORT_CHUNK = 5000;
/** The longest the expiry timer sleeps, so a jump of the wall clock is noticed within a minute. */
const EXPIRY_CHECK_MAX_MS = 60_000;
/** The longest a Retry-After is obeyed: a control plane that says "a day" is asked again after this. */
const RETRY_AFTER_MAX_MS = 300_000;

export interface AgentOptions {
  wg: WireGuard;
  controlPlane: ControlPlane;
  store: StateStore;
  log: Logger;
  agentVersion: string;
  /** Long-poll wait per changes request (0 = poll every `pollMs`). */
  syncWaitSeconds: number;
  fullReconcileMs: number;
  reportMs: number;
  pollMs?: number;
  /** Retry delays after a failed request: doubling from min to max, with jitter. */
  backoffMinMs?: number;
  backoffMaxMs?: number;
  /** The longest wait a 429's Retry-After can impose (default 5 minutes). */
  retryAfterMaxMs?: number;
  now?: () => number;
}

export type ControlPlaneState = "unknown" | "ok" | "unreachable" | "unauthorized" | "rate_limited";

export interface AgentStatus {
  revision: number | null;
  /** Peers in the published set / peers on the interface (access not ended). */
  peersKnown: number;
  peersApplied: number;
  controlPlane: ControlPlaneState;
  lastContactAt: string | null;
  lastApplyAt: string | null;
  lastApplyError: string | null;
  lastReportAt: string | null;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const ipsOf = (peer: Peer) => peer.allowedIps.join(",");

export class Agent {
  readonly #o: Required<AgentOptions>;
  readonly #peers = new PeerSet();
  /** What the agent last put on the interface: public key → allowed IPs. */
  #applied = new Map<string, string>();
  /** The last reported handshake and counters per peer, so a report carries only what changed. */
  readonly #reported = new Map<string, string>();
  #revision: number | null = null;
  /** Whether the set came from the control plane's full set in this run (not only from disk). */
  #fromControlPlane = false;
  #queue: Promise<unknown> = Promise.resolve();
  #interfaceDirty = false;
  #controlPlane: ControlPlaneState = "unknown";
  #lastContactAt: number | null = null;
  #lastApplyAt: number | null = null;
  #lastApplyError: string | null = null;
  #lastReportAt: number | null = null;
  readonly #stop = new AbortController();
  #timers: NodeJS.Timeout[] = [];
  #expiryTimer: NodeJS.Timeout | undefined;
  #syncLoop: Promise<void> = Promise.resolve();
  #reconciling = false;
  #reporting = false;
  /** No request before this (Date.now() ms): the control plane's last 429 said to wait. */
  #quietUntil = 0;

  constructor(options: AgentOptions) {
    this.#o = {
      pollMs: 1000,
      backoffMinMs: 1000,
      backoffMaxMs: 30_000,
      retryAfterMaxMs: RETRY_AFTER_MAX_MS,
      now: Date.now,
      ...options,
    };
  }

  /** Restores the saved set onto the interface, then starts the loops. */
  async start(): Promise<void> {
    const saved = await this.#o.store.load().catch((err: Error) => {
      this.#o.log.error({ err: err.message }, "saved state unreadable; starting from the control plane");
      return null;
    });
    if (saved) {
      this.#rejected("saved state", this.#peers.replaceAll(saved.peers));
      this.#revision = saved.revision;
      this.#o.log.info({ revision: saved.revision, peers: this.#peers.size }, "restored the saved peer set");
      await this.#serial(() => this.#syncInterface("restore"));
    }
    this.#syncLoop = this.#runSyncLoop();
    this.#timers.push(setInterval(() => void this.reconcile(), this.#o.fullReconcileMs));
    this.#timers.push(setInterval(() => void this.report(), this.#o.reportMs));
    // A failed apply is retried soon rather than at the next reconcile.
    this.#timers.push(
      setInterval(() => this.#interfaceDirty && void this.#serial(() => this.#syncInterface("retry")), 5000),
    );
  }

  async stop(): Promise<void> {
    this.#stop.abort();
    for (const timer of this.#timers) clearInterval(timer);
    clearTimeout(this.#expiryTimer);
    await this.#syncLoop;
    await this.#queue.catch(() => {});
  }

  status(): AgentStatus {
    return {
      revision: this.#revision,
      peersKnown: this.#peers.size,
      peersApplied: this.#applied.size,
      controlPlane: this.#controlPlane,
      lastContactAt: iso(this.#lastContactAt),
      lastApplyAt: iso(this.#lastApplyAt),
      lastApplyError: this.#lastApplyError,
      lastReportAt: iso(this.#lastReportAt),
    };
  }

  /** Full set from the control plane (or, cut off, the agent's own copy) onto the interface. */
  async reconcile(): Promise<void> {
    if (this.#reconciling || this.#stop.signal.aborted) return;
    this.#reconciling = true;
    try {
      if (this.#quiet()) return await this.#serial(() => this.#syncInterface("reconcile while rate limited"));
      // Forced (unconditional, taken even if older) while the set is only what the disk said.
      await this.#fetchFull(!this.#fromControlPlane);
    } catch (err) {
      this.#contactFailed(err);
      await this.#serial(() => this.#syncInterface("reconcile while cut off"));
    } finally {
      this.#reconciling = false;
    }
  }

  /** Sends the handshakes and counters that changed since the last report. */
  async report(): Promise<void> {
    if (this.#reporting || this.#stop.signal.aborted || this.#quiet()) return;
    this.#reporting = true;
    try {
      const changed: PeerStats[] = [];
      const present = new Set<string>();
      for (const stat of await this.#o.wg.stats()) {
        if (!this.#peers.get(stat.publicKey)) continue;
        present.add(stat.publicKey);
        if (stat.latestHandshake === 0 && stat.rxBytes === 0 && stat.txBytes === 0) continue;
        const seen = `${stat.latestHandshake}:${stat.rxBytes}:${stat.txBytes}`;
        if (this.#reported.get(stat.publicKey) !== seen) changed.push(stat);
      }
      for (const key of this.#reported.keys()) if (!present.has(key)) this.#reported.delete(key);
      for (let i = 0; i < changed.length; i += REPORT_CHUNK) {
        const chunk = changed.slice(i, i + REPORT_CHUNK);
        await this.#o.controlPlane.report(this.#o.agentVersion, chunk);
        for (const s of chunk) this.#reported.set(s.publicKey, `${s.latestHandshake}:${s.rxBytes}:${s.txBytes}`);
      }
      this.#lastReportAt = this.#o.now();
      if (changed.length > 0) this.#o.log.debug({ peers: changed.length }, "reported handshakes");
    } catch (err) {
      if (err instanceof RateLimitedError) this.#contactFailed(err);
      this.#o.log.warn({ err: (err as Error).message }, "report failed; the changes go with the next one");
    } finally {
      this.#reporting = false;
    }
  }

  async #runSyncLoop(): Promise<void> {
    let failures = 0;
    const signal = this.#stop.signal;
    while (!signal.aborted) {
      if (this.#quiet()) {
        await sleep(this.#quietUntil - Date.now(), signal);
        continue;
      }
      try {
        if (this.#revision === null) await this.#fetchFull(true);
        else await this.#fetchChanges(this.#revision);
        failures = 0;
      } catch (err) {
        if (signal.aborted) break;
        const backoff = Math.min(this.#o.backoffMaxMs, this.#o.backoffMinMs * 2 ** Math.min(failures++, 10));
        await sleep(this.#contactFailed(err, backoff * (0.75 + Math.random() * 0.5)), signal);
      }
    }
  }

  async #fetchChanges(base: number): Promise<void> {
    const delta = await this.#o.controlPlane.changesSince(base, this.#o.syncWaitSeconds, this.#stop.signal);
    this.#contactOk();
    if (delta === null) {
      if (this.#o.syncWaitSeconds === 0) await sleep(this.#o.pollMs, this.#stop.signal);
      return;
    }
    if (delta.reset) {
      this.#o.log.info({ since: base, revision: delta.revision }, "control plane asked to start over");
      await this.#fetchFull(true);
      return;
    }
    if (delta.revision <= base) {
      // Changes "since REV" that end at REV or before it: a control plane restored from an older
      // backup, or a broken one. Neither list can be trusted; the full set is the truth.
      this.#o.log.warn(
        { since: base, revision: delta.revision },
        "changes do not move the revision forward; refused, fetching the full set",
      );
      await this.#fetchFull(true);
      return;
    }
    await this.#serial(async () => {
      // A full set landed while this request waited: it already holds these changes.
      if (this.#revision !== base) return;
      this.#rejected("changes", delta.rejected);
      // An entry that fails the checks removes the peer it names: fail closed.
      const changes: Change[] = [...delta.changes];
      for (const r of delta.rejected) if (r.publicKey) changes.push({ op: "remove", publicKey: r.publicKey });
      let compact: boolean;
      try {
        compact = await this.#o.store.appendChanges(base, delta.revision, changes);
      } catch (err) {
        // The disk refused the journal (full, read-only). The removals go on the interface anyway
        // (fail closed): a revoked device keeping its tunnel until someone frees the disk is worse
        // than the old snapshot bringing it back after a restart while cut off. The rest of the
        // list, and the revision, wait: the sync loop asks for the same changes again.
        const removals = changes.flatMap((c) => (c.op === "remove" ? [c.publicKey] : []));
        for (const key of removals) this.#peers.remove(key);
        await this.#applyKeys(removals);
        throw err;
      }
      this.#rejected("changes", this.#peers.apply(changes));
      this.#revision = delta.revision;
      const touched = changes.map((c) => (c.op === "remove" ? c.publicKey : c.peer.publicKey));
      this.#o.log.info({ revision: delta.revision, changes: changes.length }, "applying changes");
      await this.#applyKeys(touched);
      if (compact) await this.#o.store.saveSnapshot(delta.revision, this.#peers.all());
    });
  }

  /** `force`: take the set even if its revision is older (first fetch, "start over"). */
  async #fetchFull(force: boolean): Promise<void> {
    const current = this.#revision;
    const started = Date.now();
    const set = await this.#o.controlPlane.fullSet(force || current === null ? undefined : current, this.#stop.signal);
    this.#contactOk();
    await this.#serial(async () => {
      if (set === null) return this.#syncInterface("reconcile");
      // A routine reconcile that raced with newer changes must not roll them back.
      if (!force && this.#revision !== null && set.revision < this.#revision) return;
      const received = Date.now();
      this.#rejected("full set", [...set.rejected, ...this.#peers.replaceAll(set.peers)]);
      this.#revision = set.revision;
      this.#fromControlPlane = true;
      try {
        await this.#o.store.saveSnapshot(set.revision, this.#peers.all());
      } catch (err) {
        // Not saved (disk full, read-only): the interface still gets the set, removals included,
        // rather than waiting for the next reconcile; the sync loop retries the save.
        await this.#syncInterface("full set, not saved");
        this.#revision = current;
        throw err;
      }
      this.#o.log.info(
        { revision: set.revision, peers: this.#peers.size, fetchMs: received - started, saveMs: Date.now() - received },
        "full set received and saved",
      );
      await this.#syncInterface("full set");
    });
  }

  /** Puts `keys` on the interface as the set says: added, changed, or removed (also when expired). */
  async #applyKeys(keys: string[]): Promise<void> {
    const now = this.#o.now();
    const upserts: Peer[] = [];
    const removals: string[] = [];
    for (const key of new Set(keys)) {
      const peer = this.#peers.get(key);
      const active = peer !== undefined && peer.expiresAt > now;
      if (active && this.#applied.get(key) !== ipsOf(peer)) upserts.push(peer);
      else if (!active && this.#applied.has(key)) removals.push(key);
    }
    if (upserts.length === 0 && removals.length === 0) return this.#scheduleExpiry();
    try {
      await this.#o.wg.set(upserts, removals);
      for (const key of removals) this.#applied.delete(key);
      for (const peer of upserts) this.#applied.set(peer.publicKey, ipsOf(peer));
      this.#applyOk();
    } catch (err) {
      this.#applyFailed(err);
    }
    this.#scheduleExpiry();
  }

  async #syncInterface(reason: string): Promise<void> {
    const started = Date.now();
    const active = [...this.#peers.active(this.#o.now())];
    try {
      await this.#o.wg.sync(active);
      this.#applied = new Map(active.map((peer) => [peer.publicKey, ipsOf(peer)]));
      this.#applyOk();
      this.#o.log.info({ reason, peers: active.length, ms: Date.now() - started }, "interface synced");
    } catch (err) {
      this.#applyFailed(err);
    }
    this.#scheduleExpiry();
  }

  /** Wakes at the next access end (or within a minute) and removes whatever expired. */
  #scheduleExpiry(): void {
    clearTimeout(this.#expiryTimer);
    if (this.#stop.signal.aborted) return;
    const now = this.#o.now();
    const next = this.#peers.nextExpiry(now);
    const delay = next === null ? EXPIRY_CHECK_MAX_MS : Math.min(EXPIRY_CHECK_MAX_MS, Math.max(0, next - now));
    this.#expiryTimer = setTimeout(() => {
      void this.#serial(async () => {
        const now = this.#o.now();
        const due = [...this.#applied.keys()].filter((key) => (this.#peers.get(key)?.expiresAt ?? 0) <= now);
        if (due.length > 0) this.#o.log.info({ peers: due.length }, "access ended; removing peers");
        await this.#applyKeys(due);
      });
    }, delay + 1);
  }

  #serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(work, work);
    this.#queue = run.catch(() => {});
    return run;
  }

  #contactOk(): void {
    if (this.#controlPlane !== "ok") this.#o.log.info("control plane reachable");
    this.#controlPlane = "ok";
    this.#lastContactAt = this.#o.now();
  }

  /** Whether a 429's Retry-After is still running. */
  #quiet(): boolean {
    return Date.now() < this.#quietUntil;
  }

  /**
   * Notes a failed request; returns how long to wait before the next: `backoffMs`, or for a 429 its
   * Retry-After (never less than `backoffMs`, so repeated 429s back off too; at most `retryAfterMaxMs`).
   */
  #contactFailed(err: unknown, backoffMs = 0): number {
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof RateLimitedError) {
      const waitMs = Math.min(this.#o.retryAfterMaxMs, Math.max(err.retryAfterMs ?? 0, backoffMs, 1000));
      this.#quietUntil = Math.max(this.#quietUntil, Date.now() + waitMs);
      this.#controlPlane = "rate_limited";
      this.#o.log.warn(
        { err: message, retryAfterMs: err.retryAfterMs, waitMs },
        "control plane rate-limited this node; waiting before the next request",
      );
      return waitMs;
    }
    const state: ControlPlaneState = err instanceof UnauthorizedError ? "unauthorized" : "unreachable";
    if (state === "unauthorized") this.#o.log.error({ err: message }, "node token refused; keeping the last set");
    else if (this.#controlPlane !== state)
      this.#o.log.warn({ err: message }, "control plane unreachable; enforcing the last set");
    this.#controlPlane = state;
    return backoffMs;
  }

  #applyOk(): void {
    this.#lastApplyAt = this.#o.now();
    this.#lastApplyError = null;
    this.#interfaceDirty = false;
  }

  #applyFailed(err: unknown): void {
    this.#lastApplyError = err instanceof Error ? err.message : String(err);
    this.#interfaceDirty = true;
    this.#o.log.error({ err: this.#lastApplyError }, "applying to the interface failed; retrying");
  }

  #rejected(source: string, rejections: Rejection[]): void {
    if (rejections.length === 0) return;
    this.#o.log.warn(
      { source, count: rejections.length, examples: rejections.slice(0, 5) },
      "refused peer entries that fail the checks",
    );
  }
}
