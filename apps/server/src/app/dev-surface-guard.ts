import { Hono } from "hono";
import { isDevSurfaceHost } from "../config/index.js";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The simulator's own pay page posts its Pay/Cancel form (same origin): the one form a surface takes. */
const isPayPageForm = (path: string) => /\/pay\/[^/]+$/.test(path);

/** Whether `origin` is this server as the request addressed it, or SITE_URL's origin. */
function sameOrigin(origin: string, requestUrl: string, host: string | undefined, siteUrl: string): boolean {
  const own = new URL(requestUrl);
  const allowed = new Set([new URL(siteUrl).origin, own.origin]);
  if (host) allowed.add(`${own.protocol}//${host}`);
  return allowed.has(origin);
}

/**
 * Wraps a development surface (dev mailbox, simulator, test clock) so only requests addressed to a
 * loopback name or SITE_URL's host reach it: a site re-pointing its own name at 127.0.0.1 (DNS
 * rebinding) still sends its own Host and gets 403. See src/config/dev-surfaces.ts.
 *
 * A request that changes something must also come from no page or a page of this site (an
 * `Origin`, when sent, of this server or SITE_URL: else 403) and be JSON (`application/json`:
 * else 415), the simulator pay page's own form excepted. So a foreign page open in the
 * developer's browser cannot move the test clock or flip the simulator's switches with a
 * cross-site `text/plain` POST, which browsers send without asking.
 */
export function guardDevSurface(app: Hono, siteUrl: string): Hono {
  const guarded = new Hono();
  guarded.use("*", async (c, next) => {
    const host = c.req.header("Host");
    if (!isDevSurfaceHost(host, siteUrl)) {
      return c.json({ message: "Development surfaces answer only on localhost or the site's own host name" }, 403);
    }
    if (!READS.has(c.req.method)) {
      const origin = c.req.header("Origin");
      if (origin !== undefined && !sameOrigin(origin, c.req.url, host, siteUrl)) {
        return c.json({ message: "Development surfaces take changes only from this site's own pages" }, 403);
      }
      const type = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase();
      if (type !== "application/json" && !isPayPageForm(c.req.path)) {
        return c.json({ message: "Send changes to a development surface as application/json" }, 415);
      }
    }
    await next();
  });
  guarded.route("/", app);
  return guarded;
}
