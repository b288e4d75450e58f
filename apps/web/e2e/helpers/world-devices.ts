/**
 * The devices of the world's Devices accounts (docs/product.md, "Devices"), added through the
 * public API on fixed dates at the demo location (the world's server runs DEV_DEMO_NODE). Every
 * value the screen shows is fixed: names are given (the server's friendly names are random),
 * public keys come from fixed secrets, dates from the test clock, and the tunnel addresses are the
 * next free numbers of an empty pool, taken in seeding order.
 *
 * No device shows a "last connected" time: handshakes are reported only by a node with a token,
 * and the demo node has none (apps/server/src/nodes/index.ts).
 */
import { createHash } from "node:crypto";
import { x25519 } from "@noble/curves/ed25519.js";
import { type APIRequestContext, expect } from "@playwright/test";

export interface SeededDevice {
  name: string;
  /** When it was added (the list is ordered by it). */
  at: string;
}

/** Active month, three devices: a friendly name and the two longest names a customer gives (64 at most). */
export const LISTED_DEVICES: SeededDevice[] = [
  { name: "Happy Seagull", at: "2026-02-10T10:30:00Z" },
  { name: "konstantin-konstantinopolsky-macbook-pro-16-inch-personal-2026", at: "2026-02-18T19:45:00Z" },
  { name: "Рабочий ноутбук Константина Константинопольского в Петербурге", at: "2026-02-27T08:10:00Z" },
];

/** Active month, as many devices as the limit (DEVICE_LIMIT, 5 by default). */
export const FULL_DEVICES: SeededDevice[] = [
  { name: "Brave Otter", at: "2026-02-05T09:20:00Z" },
  { name: "Pixel 9", at: "2026-02-05T09:40:00Z" },
  { name: "Work laptop", at: "2026-02-11T14:05:00Z" },
  { name: "Телевизор в гостиной", at: "2026-02-19T20:30:00Z" },
  { name: "iPad", at: "2026-02-24T07:55:00Z" },
];

/** A week that ended on 23 Feb: the devices stay listed, no config is issued. */
export const LAPSED_DEVICES: SeededDevice[] = [
  { name: "Calm Fox", at: "2026-02-16T10:20:00Z" },
  { name: "Old phone", at: "2026-02-17T18:00:00Z" },
];

/** A WireGuard key pair from a fixed secret: base64 of the 32-byte private and public keys. */
export function fixedKeyPair(seed: string): { privateKey: string; publicKey: string } {
  const secret = createHash("sha256").update(seed).digest();
  return {
    privateKey: secret.toString("base64"),
    publicKey: Buffer.from(x25519.getPublicKey(secret)).toString("base64"),
  };
}

/** The id of the first location of the public list (the demo). */
export async function firstServerId(api: APIRequestContext): Promise<string> {
  const res = await api.get("/api/servers");
  expect(res.ok(), await res.text()).toBe(true);
  const [server] = ((await res.json()) as { servers: { id: string }[] }).servers;
  expect(server, "a server location (DEV_DEMO_NODE)").toBeTruthy();
  return server?.id ?? "";
}

/** Adds one device as the web page does, with a public key only. */
export async function addDevice(
  api: APIRequestContext,
  token: string,
  device: SeededDevice & { serverId: string },
): Promise<void> {
  const res = await api.post("/api/devices", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      publicKey: fixedKeyPair(`veil-world-device:${device.name}`).publicKey,
      name: device.name,
      serverId: device.serverId,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
}
