/**
 * Every value the control plane sends ends up as an argument of `wg` or a line of a WireGuard config
 * file, so each one is checked against the narrowest shape it can legitimately have before it gets
 * near either. A peer set is data from the network: it must never be able to make the agent run
 * anything, read a file (`wg set … preshared-key <file>`), or change a setting that is not a peer's
 * public key or its own tunnel addresses.
 */

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

/** Dotted quad → 32-bit number, or null (no leading zeros, octets ≤ 255). */
function ipv4Number(address: string): number | null {
  const parts = address.split(".");
  if (parts.length !== 4) return null;
  let n = 0;
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part) || Number(part) > 255) return null;
    n = n * 256 + Number(part);
  }
  return n;
}

/** IPv6 text (hex groups and at most one `::`, nothing else) → its eight 16-bit groups, or null. */
function ipv6Groups(address: string): number[] | null {
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const side = (text: string | undefined) => (text ? text.split(":") : []);
  const head = side(halves[0]);
  const tail = side(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups: number[] = [];
  for (const group of [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail]) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return null;
    groups.push(Number.parseInt(group, 16));
  }
  return groups;
}

/** RFC 5952 text of eight groups (lower case, longest run of two or more zero groups as `::`), as `wg` prints it. */
function formatIpv6(groups: number[]): string {
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

function insideV6(groups: number[], prefix: number[], bits: number): boolean {
  for (let i = 0; i < 8 && bits > 0; i++, bits -= 16) {
    const mask = bits >= 16 ? 0xffff : (0xffff << (16 - bits)) & 0xffff;
    if (((groups[i] as number) & mask) !== ((prefix[i] as number) & mask)) return false;
  }
  return true;
}

function parsePool(cidr: string, family: "ipv4" | "ipv6") {
  const [address = "", prefixText = "", extra] = cidr.split("/");
  const bits = Number(prefixText);
  const max = family === "ipv4" ? 32 : 128;
  const parsed = family === "ipv4" ? ipv4Number(address) : ipv6Groups(address);
  if (parsed === null || extra !== undefined || !/^\d{1,3}$/.test(prefixText) || bits > max) {
    throw new Error(`not an ${family === "ipv4" ? "IPv4" : "IPv6"} prefix: ${cidr}`);
  }
  return { parsed, bits };
}

/** Private and shared (CGNAT) IPv4 blocks: a customer's tunnel address never lies elsewhere. */
const PRIVATE_V4: [number, number][] = [
  [10 << 24, 8],
  [((172 << 24) | (16 << 16)) >>> 0, 12],
  [((192 << 24) | (168 << 16)) >>> 0, 16],
  [((100 << 24) | (64 << 16)) >>> 0, 10],
];

/**
 * Why a pool setting is unusable, or null. Every /32 inside the pool is an address a peer set may
 * route to a customer, so a pool reaching past private space (0.0.0.0/0, a public block) would let
 * whoever writes the set take over the node's traffic to real hosts — its resolver, its control
 * plane. Same rule as the server's DEVICE_IPV4_POOL / DEVICE_IPV6_PREFIX: IPv4 inside 10/8,
 * 172.16/12, 192.168/16 or 100.64/10; IPv6 a unique local (fc00::/7) prefix of /48 to /64; host
 * bits zero.
 */
export function poolProblem(cidr: string, family: "ipv4" | "ipv6"): string | null {
  let pool: { parsed: number | number[]; bits: number };
  try {
    pool = parsePool(cidr, family);
  } catch (err) {
    return (err as Error).message;
  }
  if (family === "ipv4") {
    const n = pool.parsed as number;
    const hostMask = pool.bits === 32 ? 0 : 2 ** (32 - pool.bits) - 1;
    if (n % (hostMask + 1) !== 0) return "host bits must be zero";
    const inside = PRIVATE_V4.some(
      ([base, bits]) => pool.bits >= bits && Math.floor(n / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits)),
    );
    return inside ? null : "must lie inside 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16 or 100.64.0.0/10";
  }
  const groups = pool.parsed as number[];
  if (pool.bits < 48 || pool.bits > 64) return "the prefix must be /48 to /64";
  if (((groups[0] as number) & 0xfe00) !== 0xfc00) return "must be a unique local (fc00::/7) prefix";
  if (groups.some((g, i) => i * 16 >= pool.bits && g !== 0)) return "host bits must be zero";
  const partial = pool.bits % 16;
  const index = Math.floor(pool.bits / 16);
  if (partial && ((groups[index] as number) & (0xffff >> partial)) !== 0) return "host bits must be zero";
  return null;
}

/** Whether the bits after the prefix are 0 or 1 (the network and the node's own address). */
function hostPartAtMostOne(groups: number[], bits: number): boolean {
  for (let i = 0; i < 8; i++) {
    const prefixBits = Math.min(16, Math.max(0, bits - i * 16));
    const host = (groups[i] as number) & (0xffff >> prefixBits);
    if (host > (i === 7 ? 1 : 0)) return false;
  }
  return true;
}

/**
 * Builds the check for one peer's allowed IP: a single host address (/32 or /128) inside the
 * configured pools. A device never needs more, and a wider prefix (0.0.0.0/0, the node's own
 * network) would let one peer capture other peers' or the node's traffic. (Hand-written parsing:
 * node:net's BlockList made checking a 65k-peer set take seconds.)
 */
export function allowedIpCheck(pools: AddressPools): AllowedIpCheck {
  const v4 = parsePool(pools.ipv4, "ipv4") as { parsed: number; bits: number };
  const v6 = parsePool(pools.ipv6, "ipv6") as { parsed: number[]; bits: number };
  const v4Mask = v4.bits === 0 ? 0 : (0xffffffff << (32 - v4.bits)) >>> 0;
  return (value) => {
    if (typeof value !== "string" || value.length > 64) return null;
    const four = IPV4_HOST.exec(value);
    if (four?.[1]) {
      const n = ipv4Number(four[1]);
      if (n === null || (n & v4Mask) >>> 0 !== (v4.parsed & v4Mask) >>> 0) return null;
      const host = (n & ~v4Mask) >>> 0;
      if (host <= 1 || host === ~v4Mask >>> 0) return null;
      return `${four[1]}/32`;
    }
    const six = IPV6_HOST.exec(value);
    if (six?.[1]) {
      const groups = ipv6Groups(six[1]);
      if (!groups || !insideV6(groups, v6.parsed, v6.bits) || hostPartAtMostOne(groups, v6.bits)) return null;
      return `${formatIpv6(groups)}/128`;
    }
    return null;
  };
}

/** An instant the control plane sends as an ISO string; NaN-free milliseconds or null. */
export function parseInstant(value: unknown): number | null {
  if (typeof value !== "string" || value.length > 40) return null;
  const cached = instants.get(value);
  if (cached !== undefined) return cached;
  if (!/^\d{4}-\d{2}-\d{2}T[0-9:.]+(Z|[+-]\d{2}:\d{2})$/.test(value)) return null;
  const ms = Date.parse(value);
  if (!Number.isFinite(ms)) return null;
  // Many peers share an access end (one account's devices, one payment batch): parse each once.
  if (instants.size > 100_000) instants.clear();
  instants.set(value, ms);
  return ms;
}
const instants = new Map<string, number>();
