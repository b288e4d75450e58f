/**
 * Devices (docs/product.md, "Devices and servers"; docs/architecture.md, "Devices and the address
 * pool"): a customer's WireGuard keys with their tunnel addresses, the address pool, and the access
 * log nodes follow. Owns the tables of migration 0500 (`devices`, `device_address_counter`,
 * `device_addresses_freed`, `access_revision`, `access_changes`).
 *
 * Other modules change access through this entry, inside their own transactions and as the last
 * thing they do there: payments (`touchCustomerAccess` when days are credited or granted), the
 * admin command line (block, unblock), account deletion (`forgetCustomerDevices`, then
 * `announceAccessChange`). The node API reads the peer set through `createPeerLog`.
 */

import { createAddressPool } from "../address-pool.js";
import type { Clock } from "../clock.js";
import type { Config } from "../config/index.js";
import type { Db, Queryable } from "../db/index.js";
import { createDeviceService, type DeviceService } from "./service.js";
import { customerKeys, logAccessChange } from "./stores/access-log.js";
import { type DeviceRow, deleteCustomerDevices, freeAddressNumbers, listDevices } from "./stores/devices.js";

export { type AddressPool, createAddressPool, ipv4PoolProblem, ipv6PrefixProblem } from "../address-pool.js";
export { friendlyDeviceName } from "./names.js";
export { createPeerLog, type PeerLog, type PeerState } from "./peer-log.js";
export { type DeviceAccess, DeviceError, type DeviceService } from "./service.js";
export type { DeviceRow } from "./stores/devices.js";
export { recordHandshakes } from "./stores/devices.js";

export function createDevices(deps: {
  config: Pick<
    Config,
    "DEVICE_LIMIT" | "DEVICE_IPV4_POOL" | "DEVICE_IPV6_PREFIX" | "DEVICE_ADDRESS_QUARANTINE_SECONDS"
  >;
  db: Db;
  clock: Clock;
  /** Whether a key is a VPN node's own (nodes module). */
  isNodeKey?: (q: Queryable, publicKey: string) => Promise<boolean>;
}): DeviceService {
  return createDeviceService({
    db: deps.db,
    clock: deps.clock,
    ...(deps.isNodeKey ? { isNodeKey: deps.isNodeKey } : {}),
    pool: createAddressPool(deps.config.DEVICE_IPV4_POOL, deps.config.DEVICE_IPV6_PREFIX),
    limit: deps.config.DEVICE_LIMIT,
    quarantineSeconds: deps.config.DEVICE_ADDRESS_QUARANTINE_SECONDS,
  });
}

/**
 * Inside the caller's transaction, as its last write: the customer's access changed (days credited
 * or granted, blocked, unblocked), so every node must look at their devices again.
 */
export async function touchCustomerAccess(tx: Queryable, customerId: string, now: Date): Promise<void> {
  await logAccessChange(tx, await customerKeys(tx, customerId), now);
}

/** Logs that these keys' access changed (after `forgetCustomerDevices`, last in the transaction). */
export async function announceAccessChange(tx: Queryable, keys: readonly string[], now: Date): Promise<void> {
  await logAccessChange(tx, keys, now);
}

/** Account deletion: the devices go and their addresses into quarantine. Returns their keys. */
export async function forgetCustomerDevices(tx: Queryable, customerId: string, now: Date): Promise<string[]> {
  const removed = await deleteCustomerDevices(tx, customerId);
  await freeAddressNumbers(
    tx,
    removed.map((d) => d.address_number),
    now,
  );
  return removed.map((d) => d.public_key);
}

/** The devices' part of a data export. */
export async function exportDevices(q: Queryable, customerId: string) {
  const devices = await listDevices(q, customerId);
  return devices.map((d: DeviceRow) => ({
    name: d.name,
    protocol: d.protocol,
    public_key: d.public_key,
    ipv4: d.ipv4,
    ipv6: d.ipv6,
    created_at: new Date(d.created_at).toISOString(),
    last_handshake_at: d.last_handshake_at ? new Date(d.last_handshake_at).toISOString() : null,
  }));
}
