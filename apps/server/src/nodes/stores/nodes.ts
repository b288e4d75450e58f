/** The `nodes` table (migration 0510): all of its SQL. */
import type { Queryable } from "../../db/index.js";

export interface NodeRow {
  id: string;
  country: string;
  city: string;
  host: string;
  endpoint: string;
  public_key: string;
  disabled: boolean;
  demo: boolean;
  created_at: Date;
  last_sync_at: Date | null;
  agent_version: string | null;
  peer_count: number | null;
}

const COLUMNS =
  "id, country, city, host, endpoint, public_key, disabled, demo, created_at, last_sync_at, agent_version, peer_count";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function insertNode(
  q: Queryable,
  node: Pick<NodeRow, "id" | "country" | "city" | "host" | "endpoint" | "public_key" | "demo" | "created_at">,
  tokenHash: string,
): Promise<boolean> {
  const { rows } = await q.query(
    `INSERT INTO nodes (id, country, city, host, endpoint, public_key, token_hash, demo, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING RETURNING id`,
    [
      node.id,
      node.country,
      node.city,
      node.host,
      node.endpoint,
      node.public_key,
      tokenHash,
      node.demo,
      node.created_at,
    ],
  );
  return rows.length > 0;
}

/** Whether any node (enabled or not) has this WireGuard public key. */
export async function nodeKeyExists(q: Queryable, publicKey: string): Promise<boolean> {
  const { rows } = await q.query("SELECT 1 FROM nodes WHERE public_key = $1 LIMIT 1", [publicKey]);
  return rows.length > 0;
}

export async function listNodes(q: Queryable): Promise<NodeRow[]> {
  const { rows } = await q.query<NodeRow>(`SELECT ${COLUMNS} FROM nodes ORDER BY demo, country, city, created_at`);
  return rows;
}

/** The nodes customers may connect to: enabled ones, real locations before the demo. */
export async function listEnabledNodes(q: Queryable): Promise<NodeRow[]> {
  const { rows } = await q.query<NodeRow>(
    `SELECT ${COLUMNS} FROM nodes WHERE NOT disabled ORDER BY demo, country, city, created_at`,
  );
  return rows;
}

export async function findNode(q: Queryable, id: string): Promise<NodeRow | null> {
  if (!UUID.test(id)) return null;
  const { rows } = await q.query<NodeRow>(`SELECT ${COLUMNS} FROM nodes WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findNodeByTokenHash(q: Queryable, tokenHash: string): Promise<NodeRow | null> {
  const { rows } = await q.query<NodeRow>(`SELECT ${COLUMNS} FROM nodes WHERE token_hash = $1`, [tokenHash]);
  return rows[0] ?? null;
}

export async function setNodeDisabled(q: Queryable, id: string, disabled: boolean): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const { rows } = await q.query("UPDATE nodes SET disabled = $2 WHERE id = $1 RETURNING id", [id, disabled]);
  return rows.length > 0;
}

export async function setNodeTokenHash(q: Queryable, id: string, tokenHash: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const { rows } = await q.query("UPDATE nodes SET token_hash = $2 WHERE id = $1 RETURNING id", [id, tokenHash]);
  return rows.length > 0;
}

export async function deleteNode(q: Queryable, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const { rows } = await q.query("DELETE FROM nodes WHERE id = $1 RETURNING id", [id]);
  return rows.length > 0;
}

/** A node synced: when, and (when it said) its agent version and how many peers it was sent. */
export async function recordNodeSync(
  q: Queryable,
  id: string,
  at: Date,
  detail: { agentVersion?: string; peerCount?: number } = {},
): Promise<void> {
  await q.query(
    `UPDATE nodes SET last_sync_at = $2, agent_version = COALESCE($3, agent_version), peer_count = COALESCE($4, peer_count)
      WHERE id = $1`,
    [id, at, detail.agentVersion ?? null, detail.peerCount ?? null],
  );
}
