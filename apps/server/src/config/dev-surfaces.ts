import { isIP } from "node:net";

/**
 * Development surfaces: the dev mailbox (/dev/mailbox, every mail the server "sent", sign-up and
 * recovery codes included), the payment simulator (/sim/exnode: settles any invoice, flips failure
 * switches) and the test clock (/dev/clock). Each of them hands whoever reaches it the accounts or
 * the money, so they run only where nobody else can reach them: the server listens on loopback
 * only and the site is a localhost origin. Anything else needs DANGEROUS_DEV_SURFACES_ON_ANY_HOST
 * (README "Security"). Production refuses them whatever is set.
 */

/** 127.0.0.0/8, ::1 and `localhost` (also `*.localhost`, which resolvers keep on loopback, RFC 6761). */
export function isLoopbackName(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "");
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (isIP(host) === 4) return host.startsWith("127.");
  if (isIP(host) === 6) {
    // Normalised by the URL parser: ::1 in any spelling, and IPv4-mapped 127.x (::ffff:7fxx:…).
    const normal = URL.parse(`http://[${host}]`)?.hostname ?? "";
    return normal === "[::1]" || normal.startsWith("[::ffff:7f");
  }
  return false;
}

/**
 * HOST binds loopback only (not 0.0.0.0, ::, a LAN address or a public name). Of names, only
 * `localhost` itself: browsers keep `*.localhost` on loopback, but the server binds whatever its own
 * resolver answers, and without systemd-resolved that is DNS.
 */
export function listensOnLoopbackOnly(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, "");
  return name === "localhost" || (isIP(name.replace(/^\[(.*)\]$/, "$1")) !== 0 && isLoopbackName(name));
}

/** SITE_URL is an http(s) origin on a loopback name, e.g. http://localhost:8080. */
export function isLocalhostOrigin(url: string): boolean {
  const parsed = URL.parse(url);
  return parsed !== null && /^https?:$/.test(parsed.protocol) && isLoopbackName(parsed.hostname);
}

export interface DevSurfaceSettings {
  HOST: string;
  SITE_URL: string;
  DANGEROUS_DEV_SURFACES_ON_ANY_HOST: boolean;
}

/** Whether this process may run development surfaces at all (production decides separately). */
export function devSurfacesAllowed(env: DevSurfaceSettings): boolean {
  return env.DANGEROUS_DEV_SURFACES_ON_ANY_HOST || (listensOnLoopbackOnly(env.HOST) && isLocalhostOrigin(env.SITE_URL));
}

/**
 * Whether a request's Host may reach a development surface: a loopback name, or SITE_URL's host.
 * Anything else is refused, so a page on another site cannot reach the surfaces through DNS
 * rebinding (its name re-pointed at 127.0.0.1 still arrives with its own Host).
 */
export function isDevSurfaceHost(hostHeader: string | undefined, siteUrl: string): boolean {
  if (!hostHeader) return false;
  const parsed = URL.parse(`http://${hostHeader}`);
  if (!parsed || parsed.username || parsed.password || parsed.pathname !== "/") return false;
  const hostname = parsed.hostname.toLowerCase();
  return isLoopbackName(hostname) || hostname === new URL(siteUrl).hostname.toLowerCase();
}
