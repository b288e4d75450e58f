/**
 * What the node API reads (docs/product.md, "Node API"): the revision, the peer set page by page,
 * the changes since a revision, and the upkeep of the log (ended subscriptions, pruning).
 */
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import {
  changedKeys,
  type PeerRow,
  peerPage,
  peersWithAccess,
  pruneLog,
  readRevision,
  sweepEndedSubscriptions,
} from "./stores/access-log.js";

export interface PeerState {
  publicKey: string;
  allowedIps: string[];
  expiresAt: string;
}

const toPeer = (row: PeerRow): PeerState => ({
  publicKey: row.public_key,
  allowedIps: [row.ipv4, row.ipv6],
  expiresAt: new Date(row.ends_at).toISOString(),
});

export type Delta =
  | { reset: true; revision: number }
  | {
      reset: false;
      revision: number;
      changes: (({ op: "upsert" } & PeerState) | { op: "remove"; publicKey: string })[];
    };

export function createPeerLog(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    revision: async () => (await readRevision(db)).revision,

    /**
     * The changes after `since` up to the current revision, each key's state as it is now. `reset`
     * when `since` is older than the log, newer than the revision, or more than `max` keys changed
     * (the full set is then cheaper).
     */
    async changesSince(since: number, max: number): Promise<Delta | null> {
      const { revision, prunedThrough } = await readRevision(db);
      if (since === revision) return null;
      if (since > revision || since < prunedThrough) return { reset: true, revision };
      const keys = await changedKeys(db, since, revision, max);
      if (keys.length > max) return { reset: true, revision };
      const live = new Map((await peersWithAccess(db, keys, clock.now())).map((row) => [row.public_key, row]));
      const changes = keys.sort().map((key) => {
        const row = live.get(key);
        return row ? { op: "upsert" as const, ...toPeer(row) } : { op: "remove" as const, publicKey: key };
      });
      return { reset: false, revision, changes };
    },

    /** The full set in pages of `pageSize`, in key order (read the revision first). */
    async *pages(pageSize: number): AsyncGenerator<PeerState[]> {
      const now = clock.now();
      let after = "";
      for (;;) {
        const rows = await peerPage(db, after, pageSize, now);
        if (rows.length === 0) return;
        yield rows.map(toPeer);
        if (rows.length < pageSize) return;
        after = (rows[rows.length - 1] as PeerRow).public_key;
      }
    },

    /** Logs subscriptions that ended since the last sweep. */
    sweep: () => db.transaction((tx) => sweepEndedSubscriptions(tx, clock.now())),

    /** Drops log entries older than `retentionSeconds`. */
    prune: (retentionSeconds: number) =>
      db.transaction((tx) => pruneLog(tx, new Date(clock.now().getTime() - retentionSeconds * 1000))),
  };
}

export type PeerLog = ReturnType<typeof createPeerLog>;
