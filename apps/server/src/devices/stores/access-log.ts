/**
 * The access revision and its change log (migration 0500): all of their SQL, and the peer queries
 * nodes are answered from. A peer has access while its device exists, its owner is not blocked and
 * the owner's subscription ends in the future; `ends_at` is sent along so nodes drop it then.
 */
import type { Queryable } from "../../db/index.js";

export interface PeerRow {
  public_key: string;
  ipv4: string;
  ipv6: string;
  ends_at: Date;
}

/** What nodes can ask from: the revision now, and the newest revision whose log entries are gone. */
export async function readRevision(q: Queryable): Promise<{ revision: number; prunedThrough: number }> {
  const { rows } = await q.query<{ revision: string; pruned_through: string }>(
    "SELECT revision, pruned_through FROM access_revision",
  );
  const row = rows[0];
  return { revision: Number(row?.revision ?? 0), prunedThrough: Number(row?.pruned_through ?? 0) };
}

/**
 * Writes `keys` to the log under a new revision. Call it last in the transaction that changed their
 * access: the counter row's lock is held until commit, so a later revision never becomes visible
 * before an earlier one (a node reading revision R has every entry up to R).
 */
export async function logAccessChange(tx: Queryable, keys: readonly string[], now: Date): Promise<number | null> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return null;
  const { rows } = await tx.query<{ revision: string }>(
    "UPDATE access_revision SET revision = revision + 1 RETURNING revision",
  );
  const revision = Number(rows[0]?.revision);
  await tx.query("INSERT INTO access_changes (revision, public_key, created_at) SELECT $1, unnest($2::text[]), $3", [
    revision,
    unique,
    now,
  ]);
  return revision;
}

export async function customerKeys(q: Queryable, customerId: string): Promise<string[]> {
  const { rows } = await q.query<{ public_key: string }>("SELECT public_key FROM devices WHERE customer_id = $1", [
    customerId,
  ]);
  return rows.map((r) => r.public_key);
}

/** Keys changed after `since` up to `upTo`; at most `max + 1` (more than `max` means: start over). */
export async function changedKeys(q: Queryable, since: number, upTo: number, max: number): Promise<string[]> {
  const { rows } = await q.query<{ public_key: string }>(
    `SELECT DISTINCT public_key FROM access_changes WHERE revision > $1 AND revision <= $2 LIMIT $3`,
    [since, upTo, max + 1],
  );
  return rows.map((r) => r.public_key);
}

const HAS_ACCESS = "NOT c.blocked AND s.ends_at > $1";
const PEER_FROM = `devices d JOIN customers c ON c.id = d.customer_id JOIN subscriptions s ON s.customer_id = d.customer_id`;

/** Of `keys`, those with access now (the rest are to be removed). */
export async function peersWithAccess(q: Queryable, keys: string[], now: Date): Promise<PeerRow[]> {
  const { rows } = await q.query<PeerRow>(
    `SELECT d.public_key, d.ipv4, d.ipv6, s.ends_at FROM ${PEER_FROM}
      WHERE ${HAS_ACCESS} AND d.public_key = ANY($2::text[])`,
    [now, keys],
  );
  return rows;
}

/** One page of the full set, in key order after `afterKey` (keyset paging: no offset scans). */
export async function peerPage(q: Queryable, afterKey: string, limit: number, now: Date): Promise<PeerRow[]> {
  const { rows } = await q.query<PeerRow>(
    `SELECT d.public_key, d.ipv4, d.ipv6, s.ends_at FROM ${PEER_FROM}
      WHERE ${HAS_ACCESS} AND d.public_key > $2 ORDER BY d.public_key LIMIT $3`,
    [now, afterKey, limit],
  );
  return rows;
}

/**
 * Writes the keys of subscriptions that ended since the last sweep to the log (nodes drop them by
 * `expiresAt` anyway; this makes the removal explicit). One sweeper at a time: the revision row is
 * locked first. The first sweep only sets the mark.
 */
export async function sweepEndedSubscriptions(tx: Queryable, now: Date): Promise<number | null> {
  const { rows } = await tx.query<{ expiry_swept_until: Date | null }>(
    "SELECT expiry_swept_until FROM access_revision FOR UPDATE",
  );
  const since = rows[0]?.expiry_swept_until ?? null;
  if (since && new Date(since).getTime() >= now.getTime()) {
    // A clock moved back (the development test clock): sweep from here on.
    await tx.query("UPDATE access_revision SET expiry_swept_until = $1", [now]);
    return null;
  }
  let revision: number | null = null;
  if (since) {
    const ended = await tx.query<{ public_key: string }>(
      `SELECT d.public_key FROM devices d JOIN subscriptions s ON s.customer_id = d.customer_id
        WHERE s.ends_at > $1 AND s.ends_at <= $2`,
      [since, now],
    );
    revision = await logAccessChange(
      tx,
      ended.rows.map((r) => r.public_key),
      now,
    );
  }
  await tx.query("UPDATE access_revision SET expiry_swept_until = $1", [now]);
  return revision;
}

/** Drops log entries older than `before`; nodes behind them start over with the full set. */
export async function pruneLog(tx: Queryable, before: Date): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `WITH gone AS (DELETE FROM access_changes WHERE created_at < $1 RETURNING revision)
     UPDATE access_revision SET pruned_through = GREATEST(pruned_through, (SELECT COALESCE(max(revision), 0) FROM gone))
     RETURNING (SELECT count(*)::int FROM gone) AS n`,
    [before],
  );
  return rows[0]?.n ?? 0;
}
