/**
 * Tunnel addresses (docs/architecture.md, "Devices and the address pool"). Every device has one
 * number, unique across the service; its IPv4 address is that number inside DEVICE_IPV4_POOL and
 * its IPv6 address the same number as the host part under DEVICE_IPV6_PREFIX. Numbers 0 and 1
 * are never handed out (the network, and the gateway/DNS address of VPN_DNS), nor the pool's last
 * (its broadcast address). The same key and addresses work on every node, as at Mullvad.
 */
import { isIP } from "node:net";

/** The first device number handed out. */
export const FIRST_DEVICE_NUMBER = 2;

export interface AddressPool {
  /** The largest device number the pool holds. */
  lastNumber: number;
  ipv4(n: number): string;
  ipv6(n: number): string;
}

function parseCidr(value: string): { address: string; bits: number } | null {
  const match = /^([^/]+)\/(\d{1,3})$/.exec(value.trim());
  if (!match?.[1] || !match[2]) return null;
  return { address: match[1], bits: Number(match[2]) };
}

function ipv4ToInt(address: string): number {
  return address.split(".").reduce((acc, part) => acc * 256 + Number(part), 0);
}

function intToIpv4(n: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join(".");
}

/** The 128 bits of an IPv6 address (any valid spelling, `::` included). */
function ipv6ToBigInt(address: string): bigint {
  const [head = "", tail] = address.split("::");
  const headParts = head ? head.split(":") : [];
  const tailParts = tail === undefined ? [] : tail ? tail.split(":") : [];
  const missing = 8 - headParts.length - tailParts.length;
  const groups = [...headParts, ...Array(tail === undefined ? 0 : missing).fill("0"), ...tailParts];
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(Number.parseInt(g, 16)), 0n);
}

/** The shortest usual spelling (RFC 5952: lower case, the longest run of zero groups as `::`). */
function bigIntToIpv6(value: bigint): string {
  const groups = Array.from({ length: 8 }, (_, i) => Number((value >> BigInt(112 - 16 * i)) & 0xffffn));
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(":");
  return `${hex.slice(0, bestStart).join(":")}::${hex.slice(bestStart + bestLength).join(":")}`;
}

/** Private (RFC 1918) and shared (RFC 6598, CGNAT) IPv4 blocks: the only places a pool may lie. */
const PRIVATE_IPV4: [string, number][] = [
  ["10.0.0.0", 8],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["100.64.0.0", 10],
];

/** Why DEVICE_IPV4_POOL is unusable, or null. */
export function ipv4PoolProblem(value: string): string | null {
  const cidr = parseCidr(value);
  if (!cidr || isIP(cidr.address) !== 4) return "not an IPv4 CIDR block";
  if (cidr.bits < 8 || cidr.bits > 28) return "the block must be /8 to /28";
  if (ipv4ToInt(cidr.address) % 2 ** (32 - cidr.bits) !== 0) return "the address must be the block's first";
  // Nodes route every address of the pool to a customer's device: a public block would hand real
  // hosts' traffic (a resolver, the control plane) to whoever holds those addresses.
  const start = ipv4ToInt(cidr.address);
  const inside = PRIVATE_IPV4.some(
    ([base, bits]) =>
      cidr.bits >= bits && Math.floor(start / 2 ** (32 - bits)) === Math.floor(ipv4ToInt(base) / 2 ** (32 - bits)),
  );
  if (!inside) return "the block must lie inside 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16 or 100.64.0.0/10";
  return null;
}

/** Why DEVICE_IPV6_PREFIX is unusable, or null. */
export function ipv6PrefixProblem(value: string): string | null {
  const cidr = parseCidr(value);
  if (!cidr || isIP(cidr.address) !== 6) return "not an IPv6 prefix";
  if (cidr.bits < 48 || cidr.bits > 64) return "the prefix must be /48 to /64";
  const bits = ipv6ToBigInt(cidr.address);
  if (bits >> 121n !== 0x7en) return "not a unique local (fc00::/7) prefix";
  if (bits & ((1n << BigInt(128 - cidr.bits)) - 1n)) return "host bits must be zero";
  return null;
}

/** The pool of the two settings (checked by config). */
export function createAddressPool(ipv4Pool: string, ipv6Prefix: string): AddressPool {
  const v4 = parseCidr(ipv4Pool);
  const v6 = parseCidr(ipv6Prefix);
  if (!v4 || !v6 || ipv4PoolProblem(ipv4Pool) || ipv6PrefixProblem(ipv6Prefix)) {
    throw new Error("invalid address pool settings");
  }
  const base4 = ipv4ToInt(v4.address);
  const base6 = ipv6ToBigInt(v6.address);
  return {
    // The broadcast address stays unused, so old stacks that treat it specially never see it.
    lastNumber: 2 ** (32 - v4.bits) - 2,
    ipv4: (n) => `${intToIpv4(base4 + n)}/32`,
    ipv6: (n) => `${bigIntToIpv6(base6 + BigInt(n))}/128`,
  };
}
