/**
 * What customers do with their devices (docs/product.md, "Devices and servers"): list, add, rename,
 * re-key, remove. Each refusal is a DeviceError with the contract's code. Adding and re-keying
 * need an active subscription; listing and removing never do. Every change of who has access is
 * written to the access log in the same transaction (stores/access-log.ts).
 */
import { randomUUID } from "node:crypto";
import { type ApiErrorCode, isWireguardKey } from "@veil/contracts";
import type { AddressPool } from "../address-pool.js";
import type { Clock } from "../clock.js";
import type { Db, Queryable } from "../db/index.js";
import { friendlyDeviceName } from "./names.js";
import { logAccessChange } from "./stores/access-log.js";
import {
  accountAccess,
  allocateAddressNumber,
  countDevices,
  type DeviceRow,
  deleteDevice,
  findDevice,
  freeAddressNumbers,
  insertDevice,
  listDevices,
  lockCustomer,
  publicKeyTaken,
  updateDevice,
} from "./stores/devices.js";

export class DeviceError extends Error {
  override name = "DeviceError";
  constructor(
    readonly status: 401 | 403 | 404 | 409 | 422 | 503,
    readonly code: ApiErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const notFound = () => new DeviceError(404, "device_not_found", "Device not found");
const inactive = () =>
  new DeviceError(403, "subscription_inactive", "Your subscription is not active: no configuration can be issued");
const duplicate = () => new DeviceError(409, "duplicate_public_key", "This public key is already in use");

export interface DeviceAccess {
  active: boolean;
  endsAt: Date | null;
}

export interface DevicesOptions {
  db: Db;
  clock: Clock;
  pool: AddressPool;
  limit: number;
  quarantineSeconds: number;
  /**
   * Whether a key is a VPN node's own. Such a key is public (GET /api/servers) and is refused as a
   * device key like any key in use: on that node WireGuard ignores a peer with its own key, and on
   * the others whoever holds the node's private key would ride on the customer's device.
   */
  isNodeKey?: (q: Queryable, publicKey: string) => Promise<boolean>;
}

/** A public key as the customer sent it, trimmed, or a 422. */
function checkedKey(value: string): string {
  const key = value.trim();
  if (!isWireguardKey(key)) {
    throw new DeviceError(422, "invalid_public_key", "Not a WireGuard public key (32 bytes in base64)");
  }
  return key;
}

/** Postgres' unique violation: two requests raced for the same key. */
const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === "23505";

export function createDeviceService(options: DevicesOptions) {
  const { db, clock, pool } = options;

  async function accessOf(q: Queryable, customerId: string): Promise<DeviceAccess> {
    const row = await accountAccess(q, customerId);
    const endsAt = row?.ends_at ? new Date(row.ends_at) : null;
    return { active: !!endsAt && !row?.blocked && endsAt.getTime() > clock.now().getTime(), endsAt };
  }

  /** Runs `fn` in a transaction, turning a lost race for a unique key into its refusal. */
  async function keyed<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(fn);
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicate();
      throw err;
    }
  }

  return {
    limit: options.limit,
    access: (customerId: string) => accessOf(db, customerId),
    list: (customerId: string) => listDevices(db, customerId),
    find: (customerId: string, id: string) => findDevice(db, customerId, id),

    /**
     * Adds a device. `hold` runs first in the transaction (the account still exists and stays so
     * until commit: docs/architecture.md §2.1).
     */
    async create(
      customerId: string,
      input: { publicKey: string; name?: string | undefined; serverId?: string | null; language: string | null },
      hold?: (tx: Queryable) => Promise<void>,
    ): Promise<DeviceRow> {
      const publicKey = checkedKey(input.publicKey);
      return keyed(async (tx) => {
        await hold?.(tx);
        if (!(await lockCustomer(tx, customerId))) throw notFound();
        if (!(await accessOf(tx, customerId)).active) throw inactive();
        if ((await countDevices(tx, customerId)) >= options.limit) {
          throw new DeviceError(409, "device_limit", `An account may have at most ${options.limit} devices`);
        }
        if ((await publicKeyTaken(tx, publicKey)) || (await options.isNodeKey?.(tx, publicKey))) throw duplicate();
        const now = clock.now();
        const number = await allocateAddressNumber(tx, now, options.quarantineSeconds, pool.lastNumber);
        if (number === null) throw new DeviceError(503, "service_unavailable", "No tunnel addresses are left");
        const device = await insertDevice(tx, {
          id: randomUUID(),
          customer_id: customerId,
          name: input.name ?? friendlyDeviceName(input.language),
          public_key: publicKey,
          address_number: number,
          ipv4: pool.ipv4(number),
          ipv6: pool.ipv6(number),
          server_id: input.serverId ?? null,
          created_at: now,
        });
        await logAccessChange(tx, [publicKey], now);
        return device;
      });
    },

    async rename(customerId: string, id: string, name: string): Promise<DeviceRow> {
      const device = await updateDevice(db, customerId, id, { name }, clock.now());
      if (!device) throw notFound();
      return device;
    },

    /** Remembers the location last asked a config for (the list shows it). */
    async chooseServer(customerId: string, id: string, serverId: string): Promise<void> {
      await updateDevice(db, customerId, id, { serverId }, clock.now());
    },

    /** A new key for the device: the old one loses access at once; the addresses stay. */
    async rekey(customerId: string, id: string, newKey: string): Promise<DeviceRow> {
      const publicKey = checkedKey(newKey);
      return keyed(async (tx) => {
        if (!(await lockCustomer(tx, customerId))) throw notFound();
        const device = await findDevice(tx, customerId, id, true);
        if (!device) throw notFound();
        if (!(await accessOf(tx, customerId)).active) throw inactive();
        if (
          device.public_key !== publicKey &&
          ((await publicKeyTaken(tx, publicKey)) || (await options.isNodeKey?.(tx, publicKey)))
        )
          throw duplicate();
        const now = clock.now();
        const updated = (await updateDevice(tx, customerId, id, { publicKey }, now)) as DeviceRow;
        await logAccessChange(tx, [device.public_key, publicKey], now);
        return updated;
      });
    },

    /** Removes the device (with or without a subscription); its address goes into quarantine. */
    async remove(customerId: string, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const device = await deleteDevice(tx, customerId, id);
        if (!device) throw notFound();
        const now = clock.now();
        await freeAddressNumbers(tx, [device.address_number], now);
        await logAccessChange(tx, [device.public_key], now);
      });
    },
  };
}

export type DeviceService = ReturnType<typeof createDeviceService>;
