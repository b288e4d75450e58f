import { z } from "./zod.js";

/**
 * Bodies of the access API (docs/product.md, "Devices and servers"): the public server list, the
 * customer's devices and the peer block a browser turns into a WireGuard `.conf`. The browser
 * keeps the private key; nothing here ever carries one.
 */

/** A WireGuard public key as `wg` prints it: 32 bytes in canonical base64 (44 characters, one `=`). */
export const WIREGUARD_KEY_PATTERN = /^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$/;

/**
 * Curve25519 points of small order (0, 1, the two of order 8, p-1, p, p+1), each with and without
 * the top bit X25519 ignores. Any handshake with one yields an all-zero shared secret, which
 * WireGuard refuses: such a "key" can never connect, only take a device slot. No real key pair
 * has one as its public half.
 */
const SMALL_ORDER_KEYS = new Set([
  "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
  "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAIA=",
  "AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
  "AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAIA=",
  "4Ot6fDtBuK4WVuP68Z/EatoJjeucMrH9hmIFFl9JuAA=",
  "4Ot6fDtBuK4WVuP68Z/EatoJjeucMrH9hmIFFl9JuIA=",
  "X5yVvKNQjCSx0LFVnIPvWwREXMRYHI6G2CJO3dCfEVc=",
  "X5yVvKNQjCSx0LFVnIPvWwREXMRYHI6G2CJO3dCfEdc=",
  "7P///////////////////////////////////////38=",
  "7P////////////////////////////////////////8=",
  "7f///////////////////////////////////////38=",
  "7f////////////////////////////////////////8=",
  "7v///////////////////////////////////////38=",
  "7v////////////////////////////////////////8=",
]);

/** True for a canonical base64 encoding of 32 bytes (surrounding whitespace is not trimmed here). */
export function isWireguardKey(value: string): boolean {
  return WIREGUARD_KEY_PATTERN.test(value) && !SMALL_ORDER_KEYS.has(value);
}

/** For forms: a pasted key, trimmed, that must be a WireGuard public key. */
export const wireguardKeySchema = z
  .string()
  .trim()
  .regex(WIREGUARD_KEY_PATTERN, "A WireGuard public key is 32 bytes in base64 (44 characters)")
  .refine((key) => !SMALL_ORDER_KEYS.has(key), "Not a usable WireGuard public key");

/** Longest device name. */
export const DEVICE_NAME_MAX = 64;
/** The tunnel protocols a device may have; a second one is added here without reshaping the data. */
export const DEVICE_PROTOCOLS = ["wireguard"] as const;

const CONTROL = /[\p{Cc}]/u;
export const deviceNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(DEVICE_NAME_MAX)
  .refine((name) => !CONTROL.test(name), "Control characters are not allowed");

/**
 * The key as the API takes it: any short string, so that a wrong key is answered with the
 * `invalid_public_key` code (422) rather than a generic validation failure.
 */
const publicKeyField = z.string().max(200);
const idField = z.string().min(1).max(64);

// ── servers ──────────────────────────────────────────────────────────────────
export const serverSchema = z.object({
  id: z.string(),
  /** ISO 3166-1 alpha-2, e.g. "NL". */
  country: z.string(),
  city: z.string(),
  host: z.string(),
  /** "host:port" the client connects to. */
  endpoint: z.string(),
  publicKey: z.string(),
  /** The node synced with the control plane recently. */
  online: z.boolean(),
  /** The development demo location (never created in production). */
  demo: z.boolean(),
});
export type Server = z.infer<typeof serverSchema>;
export const serverListSchema = z.object({ servers: z.array(serverSchema) });
export type ServerList = z.infer<typeof serverListSchema>;

// ── devices ──────────────────────────────────────────────────────────────────
export const deviceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  protocol: z.enum(DEVICE_PROTOCOLS),
  publicKey: z.string(),
  /** e.g. "10.64.0.7/32". */
  ipv4: z.string(),
  /** e.g. "fd00:7665:696c::7/128". */
  ipv6: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** The latest handshake any server reported, or null. */
  lastHandshakeAt: z.iso.datetime({ offset: true }).nullable(),
  /** The location chosen when the device was added (or last asked a config for). */
  serverId: z.string().nullable(),
});
export type Device = z.infer<typeof deviceSchema>;

/** What the browser needs, with its own private key, to write a WireGuard `.conf`. */
export const peerConfigSchema = z.object({
  serverId: z.string(),
  interface: z.object({ addresses: z.array(z.string()), dns: z.array(z.string()) }),
  peer: z.object({ publicKey: z.string(), endpoint: z.string(), allowedIps: z.array(z.string()) }),
});
export type PeerConfig = z.infer<typeof peerConfigSchema>;

export const deviceListSchema = z.object({
  devices: z.array(deviceSchema),
  /** Devices an account may have. */
  limit: z.number().int().positive(),
  /** Whether configs are issued now (an active subscription), and until when. */
  access: z.object({ active: z.boolean(), endsAt: z.iso.datetime({ offset: true }).nullable() }),
});
export type DeviceList = z.infer<typeof deviceListSchema>;

export const createDeviceRequestSchema = z.strictObject({
  publicKey: publicKeyField,
  name: deviceNameSchema.optional(),
  serverId: idField.optional(),
});
export type CreateDeviceRequest = z.infer<typeof createDeviceRequestSchema>;

/** PATCH: either a new name or a new key (re-key), never both at once. */
export const updateDeviceRequestSchema = z.union([
  z.strictObject({ name: deviceNameSchema }),
  z.strictObject({ publicKey: publicKeyField }),
]);
export type UpdateDeviceRequest = z.infer<typeof updateDeviceRequestSchema>;

/** Create, rename and re-key reply: the device and, when one is issued, its peer block. */
export const deviceReplySchema = z.object({ device: deviceSchema, config: peerConfigSchema.nullable() });
export type DeviceReply = z.infer<typeof deviceReplySchema>;

export const deviceConfigReplySchema = z.object({ config: peerConfigSchema });
export type DeviceConfigReply = z.infer<typeof deviceConfigReplySchema>;
