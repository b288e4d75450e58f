/** The `devices` table and the address pool's two tables (migration 0500): all of their SQL. */
import type { Queryable } from "../../db/index.js";

export interface DeviceRow {
  id: string;
  customer_id: string;
  protocol: "wireguard";
  name: string;
  public_key: string;
  address_number: number;
  ipv4: string;
  ipv6: string;
  server_id: string | null;
  created_at: Date;
  last_handshake_at: Date | null;
}

const COLUMNS =
  "id, customer_id, protocol, name, public_key, address_number, ipv4, ipv6, server_id, created_at, last_handshake_at";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids that are not UUIDs name no device (and must not reach a uuid column as a query error). */
export const isDeviceId = (id: string): boolean => UUID.test(id);

/** Holds the customer row until the transaction ends: one account's device changes run one at a time. */
export async function lockCustomer(tx: Queryable, customerId: string): Promise<boolean> {
  const { rows } = await tx.query("SELECT 1 FROM customers WHERE id = $1 FOR UPDATE", [customerId]);
  return rows.length > 0;
}

export async function countDevices(q: Queryable, customerId: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM devices WHERE customer_id = $1", [
    customerId,
  ]);
  return rows[0]?.n ?? 0;
}

export async function publicKeyTaken(q: Queryable, publicKey: string): Promise<boolean> {
  const { rows } = await q.query("SELECT 1 FROM devices WHERE public_key = $1", [publicKey]);
  return rows.length > 0;
}

/**
 * A device number: the longest-quarantined freed one whose quarantine is over, else the next
 * never-used one. SKIP LOCKED lets two processes reusing numbers at once take different ones; the
 * counter row's lock orders new numbers; the unique index on devices is the last word.
 * Null when the pool is full.
 */
export async function allocateAddressNumber(
  tx: Queryable,
  now: Date,
  quarantineSeconds: number,
  lastNumber: number,
): Promise<number | null> {
  const reused = await tx.query<{ address_number: number }>(
    `DELETE FROM device_addresses_freed WHERE address_number = (
        SELECT address_number FROM device_addresses_freed
         WHERE freed_at <= $1::timestamptz - make_interval(secs => $2::int)
         ORDER BY freed_at, address_number LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING address_number`,
    [now, quarantineSeconds],
  );
  if (reused.rows[0]) return reused.rows[0].address_number;
  const fresh = await tx.query<{ n: number }>(
    `UPDATE device_address_counter SET next_number = next_number + 1
      WHERE next_number <= $1 RETURNING next_number - 1 AS n`,
    [lastNumber],
  );
  return fresh.rows[0]?.n ?? null;
}

/** The number goes into quarantine. */
export async function freeAddressNumbers(tx: Queryable, numbers: number[], now: Date): Promise<void> {
  if (numbers.length === 0) return;
  await tx.query(
    `INSERT INTO device_addresses_freed (address_number, freed_at) SELECT unnest($1::int[]), $2
     ON CONFLICT (address_number) DO UPDATE SET freed_at = EXCLUDED.freed_at`,
    [numbers, now],
  );
}

export async function insertDevice(
  tx: Queryable,
  row: Omit<DeviceRow, "last_handshake_at" | "protocol">,
): Promise<DeviceRow> {
  const { rows } = await tx.query<DeviceRow>(
    `INSERT INTO devices (id, customer_id, name, public_key, address_number, ipv4, ipv6, server_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING ${COLUMNS}`,
    [
      row.id,
      row.customer_id,
      row.name,
      row.public_key,
      row.address_number,
      row.ipv4,
      row.ipv6,
      row.server_id,
      row.created_at,
    ],
  );
  return rows[0] as DeviceRow;
}

/** Oldest first, so the list does not reorder as devices are renamed. */
export async function listDevices(q: Queryable, customerId: string): Promise<DeviceRow[]> {
  const { rows } = await q.query<DeviceRow>(
    `SELECT ${COLUMNS} FROM devices WHERE customer_id = $1 ORDER BY created_at, id`,
    [customerId],
  );
  return rows;
}

/** The caller's own device: another customer's id finds nothing, like an unknown one. */
export async function findDevice(
  q: Queryable,
  customerId: string,
  id: string,
  forUpdate = false,
): Promise<DeviceRow | null> {
  if (!isDeviceId(id)) return null;
  const { rows } = await q.query<DeviceRow>(
    `SELECT ${COLUMNS} FROM devices WHERE id = $1 AND customer_id = $2${forUpdate ? " FOR UPDATE" : ""}`,
    [id, customerId],
  );
  return rows[0] ?? null;
}

export async function updateDevice(
  q: Queryable,
  customerId: string,
  id: string,
  change: { name?: string; publicKey?: string; serverId?: string },
  now: Date,
): Promise<DeviceRow | null> {
  if (!isDeviceId(id)) return null;
  const { rows } = await q.query<DeviceRow>(
    `UPDATE devices SET name = COALESCE($3, name), public_key = COALESCE($4, public_key),
            server_id = COALESCE($5, server_id), updated_at = $6
      WHERE id = $1 AND customer_id = $2 RETURNING ${COLUMNS}`,
    [id, customerId, change.name ?? null, change.publicKey ?? null, change.serverId ?? null, now],
  );
  return rows[0] ?? null;
}

export async function deleteDevice(tx: Queryable, customerId: string, id: string): Promise<DeviceRow | null> {
  if (!isDeviceId(id)) return null;
  const { rows } = await tx.query<DeviceRow>(
    `DELETE FROM devices WHERE id = $1 AND customer_id = $2 RETURNING ${COLUMNS}`,
    [id, customerId],
  );
  return rows[0] ?? null;
}

export async function deleteCustomerDevices(tx: Queryable, customerId: string): Promise<DeviceRow[]> {
  const { rows } = await tx.query<DeviceRow>(`DELETE FROM devices WHERE customer_id = $1 RETURNING ${COLUMNS}`, [
    customerId,
  ]);
  return rows;
}

/**
 * Latest handshakes a node reported: a device's time only moves forward, and keys that name no
 * device with access now are ignored.
 */
export async function recordHandshakes(
  q: Queryable,
  entries: { publicKey: string; at: Date }[],
  now: Date,
): Promise<number> {
  if (entries.length === 0) return 0;
  // Only devices in the peer set now (owner not blocked, access not ended: as the node API's peer
  // queries): a node reporting any other key is serving a peer it should not have, or lying.
  const { rows } = await q.query(
    `UPDATE devices d SET last_handshake_at = r.at
       FROM (SELECT unnest($1::text[]) AS public_key, unnest($2::timestamptz[]) AS at) r,
            customers c, subscriptions s
      WHERE d.public_key = r.public_key AND (d.last_handshake_at IS NULL OR d.last_handshake_at < r.at)
        AND c.id = d.customer_id AND s.customer_id = d.customer_id AND NOT c.blocked AND s.ends_at > $3
      RETURNING 1`,
    [entries.map((e) => e.publicKey), entries.map((e) => e.at), now],
  );
  return rows.length;
}

/**
 * The account's block flag and its subscription's end (null without one), or undefined without
 * an account: what decides whether the customer's devices are in the peer set.
 */
export async function accountAccess(
  q: Queryable,
  customerId: string,
): Promise<{ ends_at: Date | null; blocked: boolean } | undefined> {
  const { rows } = await q.query<{ ends_at: Date | null; blocked: boolean }>(
    `SELECT s.ends_at, c.blocked FROM customers c LEFT JOIN subscriptions s ON s.customer_id = c.id WHERE c.id = $1`,
    [customerId],
  );
  return rows[0];
}
