import { Hono } from "hono";
import { isDevSurfaceHost } from "../config/dev-surfaces.js";

/**
 * Wraps a development surface (dev mailbox, simulator, test clock) so only requests addressed to a
 * loopback name or SITE_URL's host reach it: a site re-pointing its own name at 127.0.0.1 (DNS
 * rebinding) still sends its own Host and gets 403. See src/config/dev-surfaces.ts.
 */
export function guardDevSurface(app: Hono, siteUrl: string): Hono {
  const guarded = new Hono();
  guarded.use("*", async (c, next) => {
    if (!isDevSurfaceHost(c.req.header("Host"), siteUrl)) {
      return c.json({ message: "Development surfaces answer only on localhost or the site's own host name" }, 403);
    }
    await next();
  });
  guarded.route("/", app);
  return guarded;
}
