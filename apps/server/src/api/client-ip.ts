import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The caller's IP address. With `trustedHops` reverse proxies in front, the address those proxies
 * appended to X-Forwarded-For is used; entries further left were written by the client and are
 * ignored, so they cannot dodge a per-IP limit.
 */
export function clientIp(c: Context, trustedHops: number): string {
  let remote = "unknown";
  try {
    remote = getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // Not served by the Node adapter (e.g. app.request in a unit test).
  }
  if (trustedHops <= 0) return remote;
  const forwarded = (c.req.header("X-Forwarded-For") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return forwarded[forwarded.length - trustedHops] ?? forwarded[0] ?? remote;
}
