import { isKey } from "./keys.js";

/** The server's half of a config (the contract's PeerConfig): everything but the private key. */
export interface PeerBlock {
  interface: { addresses: string[]; dns: string[] };
  peer: { publicKey: string; endpoint: string; allowedIps: string[] };
}

/** A config value the server sent that is not what it claims to be. */
export class UnsafeConfigError extends Error {
  constructor(field: string) {
    super(`The server sent an invalid ${field} for the config`);
    this.name = "UnsafeConfigError";
  }
}

const IPV4 = String.raw`(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}`;
const IPV6 = "[0-9A-Fa-f:]*:[0-9A-Fa-f:.]*";
const IP = new RegExp(`^(?:${IPV4}|${IPV6})$`);
const CIDR = new RegExp(`^(?:${IPV4}/(?:3[0-2]|[12]?\\d)|${IPV6}/(?:12[0-8]|1[01]\\d|[1-9]?\\d))$`);
// host:port, with a DNS name or IPv4, or [IPv6]:port.
const ENDPOINT = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\]):(?:[1-9]\d{0,4})$/;

/**
 * Every value goes into a line of a file that `wg-quick` reads, and `wg-quick` runs `PostUp` lines
 * as shell commands: a value with a newline (or anything but what it should be) would let whoever
 * controls the reply write commands onto the customer's computer. So each value is checked against
 * what it must be, and a config that does not pass is not made at all.
 */
function checked(values: string[], pattern: RegExp, field: string, allowEmpty = false): string[] {
  if (!allowEmpty && values.length === 0) throw new UnsafeConfigError(field);
  for (const value of values) if (!pattern.test(value)) throw new UnsafeConfigError(field);
  return values;
}

/**
 * Written where the private key goes when the customer brought their own key ("I already have a
 * key"): the browser never had it, so they put it in themselves.
 */
export const OWN_PRIVATE_KEY = "<your private key>";

/**
 * The WireGuard `.conf` for a device: the private key made in this browser plus the server's peer
 * block. Assembled here, never on the server, so no URL ever serves a private key.
 */
export function wireguardConfig(privateKey: string | typeof OWN_PRIVATE_KEY, block: PeerBlock): string {
  if (privateKey !== OWN_PRIVATE_KEY && !isKey(privateKey)) throw new UnsafeConfigError("private key");
  if (!isKey(block.peer.publicKey)) throw new UnsafeConfigError("server key");
  const addresses = checked(block.interface.addresses, CIDR, "address");
  const dns = checked(block.interface.dns, IP, "DNS server", true);
  const allowed = checked(block.peer.allowedIps, CIDR, "allowed IPs");
  const [endpoint] = checked([block.peer.endpoint], ENDPOINT, "endpoint");
  return [
    "[Interface]",
    `PrivateKey = ${privateKey}`,
    `Address = ${addresses.join(", ")}`,
    ...(dns.length ? [`DNS = ${dns.join(", ")}`] : []),
    "",
    "[Peer]",
    `PublicKey = ${block.peer.publicKey}`,
    `AllowedIPs = ${allowed.join(", ")}`,
    `Endpoint = ${endpoint}`,
    "",
  ].join("\n");
}

/**
 * The file name: `wg-quick` and the WireGuard apps name the tunnel after it, and a tunnel name is at
 * most 15 characters of [A-Za-z0-9_=+.-]. So "veil-" plus the device name's Latin letters and
 * digits, or plus the start of its id when the name has none (a Russian name).
 */
export function configFileName(deviceName: string, deviceId: string): string {
  const slug = deviceName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 10)
    .replace(/-+$/, "");
  const tail = slug || deviceId.replace(/[^A-Za-z0-9]/g, "").slice(0, 8) || "device";
  return `veil-${tail}.conf`;
}
