/**
 * Who is calling, for rate limits and session records. The socket's peer, unless that peer is a
 * listed reverse proxy (TRUSTED_PROXIES, a CIDR list): then X-Forwarded-For is read from the right
 * — each entry was appended by the hop to its right — past every listed proxy, and the first
 * address no listed proxy owns is the client. Entries further left were written by the client
 * (or by proxies we do not know) and are never believed, so rotating them dodges no limit.
 */

import { BlockList, isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/** A parsed TRUSTED_PROXIES list. */
export type TrustedProxies = BlockList;

/** 127.0.0.0/8 and ::1: a proxy on the same machine (what TRUST_PROXY_HOPS now stands for). */
export const LOOPBACK_PROXIES = ["127.0.0.0/8", "::1/128"];

/**
 * Parses `10.0.0.0/8, 192.0.2.7, 2001:db8::/32`. Throws on an entry that is neither an address nor
 * a CIDR block, so a typo stops the start-up instead of trusting nothing (or everything).
 */
export function parseTrustedProxies(entries: readonly string[]): TrustedProxies {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", bits, extra] = entry.trim().split("/");
    const family = isIP(address);
    const max = family === 6 ? 128 : 32;
    const prefix = bits === undefined ? max : Number(bits);
    if (!family || extra !== undefined || !/^\d{1,3}$/.test(bits ?? String(max)) || prefix > max) {
      throw new Error(`not an IP address or CIDR block: "${entry}"`);
    }
    list.addSubnet(address, prefix, family === 6 ? "ipv6" : "ipv4");
  }
  return list;
}

/**
 * An address as written in a socket or X-Forwarded-For entry, reduced to the bare IP:
 * `[2001:db8::1]:443` → `2001:db8::1`, `192.0.2.1:80` → `192.0.2.1`, `::ffff:192.0.2.1` → `192.0.2.1`.
 * Null when it is not an IP at all.
 */
export function bareIp(raw: string): string | null {
  let value = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed?.[1]) value = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(":"));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(value);
  if (mapped?.[1]) value = mapped[1];
  const zone = value.indexOf("%");
  if (zone > 0 && isIP(value.slice(0, zone)) === 6) value = value.slice(0, zone);
  return isIP(value) ? value.toLowerCase() : null;
}

function isTrusted(ip: string, trusted: TrustedProxies): boolean {
  return trusted.check(ip, isIP(ip) === 6 ? "ipv6" : "ipv4");
}

/**
 * The client's address from the socket peer and the X-Forwarded-For header. The right-most entry
 * no trusted proxy owns; when every hop is trusted, the left-most one; when the chain holds
 * something that is not an address, the last hop before it (the proxy that passed it on).
 */
export function resolveClientIp(peer: string, forwardedFor: string | undefined, trusted: TrustedProxies): string {
  let client = bareIp(peer);
  if (!client) return peer;
  const chain = (forwardedFor ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  while (isTrusted(client, trusted)) {
    const next = chain.pop();
    if (next === undefined) break;
    const ip = bareIp(next);
    if (!ip) break;
    client = ip;
  }
  return client;
}

/** The caller's address for this request (see the module comment). */
export function clientIp(c: Context, trusted: TrustedProxies): string {
  let peer = "unknown";
  try {
    peer = getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // Not served by the Node adapter (e.g. app.request in a unit test).
  }
  return resolveClientIp(peer, c.req.header("X-Forwarded-For"), trusted);
}

/**
 * What per-IP limits count: the address itself for IPv4, its /64 network for IPv6 — one
 * subscriber usually holds a whole /64 and can rotate through it at will (RFC 4941 privacy
 * addresses), so counting single IPv6 addresses would limit nobody.
 */
export function rateLimitSubject(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const groups = expandIpv6(ip);
  return groups ? `${groups.slice(0, 4).join(":")}::/64` : ip;
}

/** The eight 16-bit groups of an IPv6 address, as lower-case hex without leading zeros. */
function expandIpv6(ip: string): string[] | null {
  let text = ip.toLowerCase();
  // A dotted IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", rest] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = rest ? rest.split(":") : [];
  const missing = 8 - left.length - right.length;
  if (rest === undefined ? missing !== 0 : missing < 0) return null;
  return [...left, ...Array<string>(Math.max(0, missing)).fill("0"), ...right].map((g) =>
    Number.parseInt(g, 16).toString(16),
  );
}
