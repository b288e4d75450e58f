/**
 * Every value the control plane sends ends up as an argument of `wg` or a line of a WireGuard config
 * file, so each one is checked against the narrowest shape it can legitimately have before it gets
 * near either. A peer set is data from the network: it must never be able to make the agent run
 * anything, read a file (`wg set … preshared-key <file>`), or change a setting that is not a peer's
 * public key or its own tunnel addresses.
 */
import { BlockList, isIPv4, isIPv6 } from "node:net";

/** A WireGuard key: 32 bytes in standard base64 (44 characters, one `=`; the last digit carries 4 bits). */
const KEY = /^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$/;
/** Digits and dots only, then a /32 host prefix. */
const IPV4_HOST = /^(\d{1,3}(?:\.\d{1,3}){3})\/32$/;
/** Hex digits and colons only (no zone `%…`, no embedded IPv4), then a /128 host prefix. */
const IPV6_HOST = /^([0-9a-fA-F:]{2,39})\/128$/;

export function isWireGuardKey(value: unknown): value is string {
  return typeof value === "string" && KEY.test(value);
}

/** Where the tunnel addresses of customers' devices may lie; anything outside is refused. */
export interface AddressPools {
  ipv4: string;
  ipv6: string;
}

/** The canonical `addr/prefix` to hand to `wg`, or null when the value is not allowed. */
export type AllowedIpCheck = (value: unknown) => string | null;

function parsePrefix(cidr: string, family: "ipv4" | "ipv6"): { address: string; prefix: number } {
  const [address, prefixText, extra] = cidr.split("/");
  const prefix = Number(prefixText);
  const max = family === "ipv4" ? 32 : 128;
  const valid = family === "ipv4" ? isIPv4(address ?? "") : isIPv6(address ?? "");
  if (!valid || extra !== undefined || !/^\d{1,3}$/.test(prefixText ?? "") || prefix > max) {
    throw new Error(`not an ${family === "ipv4" ? "IPv4" : "IPv6"} prefix: ${cidr}`);
  }
  return { address: address as string, prefix };
}

/**
 * Builds the check for one peer's allowed IP: a single host address (/32 or /128) inside the
 * configured pools. A device never needs more, and a wider prefix (0.0.0.0/0, the node's own
 * network) would let one peer capture other peers' or the node's traffic.
 */
export function allowedIpCheck(pools: AddressPools): AllowedIpCheck {
  const v4 = parsePrefix(pools.ipv4, "ipv4");
  const v6 = parsePrefix(pools.ipv6, "ipv6");
  const inside = new BlockList();
  inside.addSubnet(v4.address, v4.prefix, "ipv4");
  inside.addSubnet(v6.address, v6.prefix, "ipv6");
  return (value) => {
    if (typeof value !== "string" || value.length > 64) return null;
    const four = IPV4_HOST.exec(value);
    if (four?.[1]) {
      const address = four[1];
      // isIPv4 refuses octets over 255 and leading zeros ("010.1.1.1").
      if (!isIPv4(address) || !inside.check(address, "ipv4")) return null;
      return `${address}/32`;
    }
    const six = IPV6_HOST.exec(value);
    if (six?.[1]) {
      const address = six[1];
      if (!isIPv6(address) || !inside.check(address, "ipv6")) return null;
      return `${address.toLowerCase()}/128`;
    }
    return null;
  };
}

/** An instant the control plane sends as an ISO string; NaN-free milliseconds or null. */
export function parseInstant(value: unknown): number | null {
  if (typeof value !== "string" || value.length > 40 || !/^\d{4}-\d{2}-\d{2}T[0-9:.]+(Z|[+-]\d{2}:\d{2})$/.test(value))
    return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}
