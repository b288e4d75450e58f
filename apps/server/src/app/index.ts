import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { cors } from "hono/cors";
import type { Config } from "../config/index.js";
import type { Queryable } from "../db/index.js";
import { accessLog, limitBodySize, requestIdOf, securityHeaders } from "../http/index.js";
import type { Logger } from "../logger.js";
import { fromAcceptLanguage, isMailLanguage, type MailLanguage } from "../mail/index.js";
import { type Metrics, tokenMatches } from "../metrics/index.js";
import { FAVICON_ICO } from "./favicon.js";
import { themeAttribute } from "./theme-attribute.js";

export { guardDevSurface } from "./dev-surface-guard.js";

/** A sub-app mounted under a path prefix (e.g. `/auth/v1`, `/api`). */
export interface HttpMount {
  path: string;
  app: Hono;
  /** The sub-app limits request bodies itself (in its own error shape); others get the default. */
  limitsOwnBody?: boolean;
}

/** Bodies for mounts without a limit of their own (dev mailbox, dev clock, simulator): small JSON and forms. */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

export interface HttpDeps {
  /** Used by /readyz to prove the database answers. */
  db: Queryable;
  /** Feature sub-apps, mounted in order before the static web app. Built in server.ts. */
  mounts: HttpMount[];
  /** Counts and times every request; served at /metrics when METRICS_TOKEN is set. */
  metrics?: Metrics;
  /** True once a shutdown began: /readyz says 503 and connections are not kept alive. */
  draining?: () => boolean;
  /** Writes one access line per request (src/http/access-log.ts); none without. */
  logger?: Logger;
}

/** Builds the HTTP app: health/readiness, the feature sub-apps, then the web app with SPA fallback. */
export function createHttpApp(config: Config, deps: HttpDeps): Hono {
  const app = new Hono();

  // First of all: the request id every reply and error body carries, and one access line per
  // request, whichever mount answers (docs/operations.md, "Logs").
  if (deps.logger) {
    const logger = deps.logger;
    app.use("*", accessLog(logger));
    // Whatever no mount handled itself: a JSON line, not Hono's console.error, and a plain 500.
    app.onError((err, c) => {
      logger.error({ err, requestId: requestIdOf(c) }, "unexpected error");
      return c.json({ message: "Internal Server Error", request_id: requestIdOf(c) }, 500);
    });
  }
  // Then the metrics, so they time everything below (docs/operations.md, "Metrics").
  if (deps.metrics) app.use("*", deps.metrics.http);

  // Security headers on every response, whoever answers it (README "Security").
  app.use("*", securityHeaders({ production: config.production, connectSrc: config.CSP_CONNECT_SRC }));
  // Dynamic answers (API, auth, dev mailbox, simulator, health) are never stored by caches unless
  // their handler chose otherwise; static files get their own policy further down.
  const dynamicPrefixes = ["/healthz", "/readyz", "/metrics", ...deps.mounts.map((m) => m.path)];
  app.use("*", async (c, next) => {
    await next();
    const dynamic = dynamicPrefixes.some((p) => c.req.path === p || c.req.path.startsWith(`${p}/`));
    if ((dynamic || c.res.status >= 400) && !c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
  });
  // No body is read into memory without a bound, whoever answers: mounts that limit their own
  // (with their own error shape) are left to it, everything else gets the default.
  const selfLimited = deps.mounts.filter((m) => m.limitsOwnBody).map((m) => m.path);
  const defaultBodyLimit = limitBodySize(DEFAULT_BODY_LIMIT_BYTES, (c) =>
    c.json({ message: "Request body too large", request_id: requestIdOf(c) }, 413),
  );
  app.use("*", (c, next) =>
    selfLimited.some((p) => c.req.path === p || c.req.path.startsWith(`${p}/`)) ? next() : defaultBodyLimit(c, next),
  );
  // The product API answers browsers on the site's own origin only (no wildcard, no reflection).
  // /auth/v1 keeps GoTrue's open CORS (its own middleware): supabase-js may run on any origin.
  const siteOrigin = new URL(config.SITE_URL).origin;
  app.use(
    "/api/*",
    cors({
      origin: (origin) => (origin === siteOrigin ? origin : null),
      allowMethods: ["GET", "POST", "OPTIONS"],
      allowHeaders: ["Authorization", "Content-Type", "X-Request-Id"],
      exposeHeaders: ["X-Request-Id", "Retry-After"],
      maxAge: 600,
    }),
  );

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  // A process shutting down (docs/operations.md §5) still serves what reaches it, but tells load
  // balancers to send nothing new and closes each connection after its answer, so keep-alive
  // clients reconnect to a process that stays.
  const draining = deps.draining ?? (() => false);
  app.use("*", async (c, next) => {
    await next();
    if (draining()) c.header("Connection", "close");
  });
  app.get("/readyz", async (c) => {
    if (draining()) return c.json({ status: "draining", reason: "shutting down" }, 503);
    try {
      await deps.db.query("SELECT 1");
      return c.json({ status: "ready" });
    } catch {
      return c.json({ status: "unavailable", reason: "database unreachable" }, 503);
    }
  });

  // Metrics on the main port only behind a token (METRICS_PORT serves them on a port of their own).
  const { metrics } = deps;
  const metricsToken = config.METRICS_TOKEN;
  if (metrics && metricsToken) {
    app.get("/metrics", async (c) => {
      if (!tokenMatches(c.req.header("Authorization"), metricsToken)) {
        return c.json({ message: "A valid metrics token is required", request_id: requestIdOf(c) }, 401, {
          "WWW-Authenticate": "Bearer",
        });
      }
      return c.body(await metrics.render(), 200, { "Content-Type": metrics.contentType });
    });
  }

  for (const mount of deps.mounts) app.route(mount.path, mount.app);

  // Browsers fetch /favicon.ico unasked (docs: src/app/favicon.ts); a 404 would fill logs and consoles.
  app.get("/favicon.ico", (c) =>
    c.body(new Uint8Array(FAVICON_ICO), 200, {
      "Content-Type": "image/x-icon",
      "Cache-Control": "public, max-age=86400",
    }),
  );

  const root = path.relative(process.cwd(), config.WEB_DIST) || ".";
  // Hashed build output (/assets/…) never changes under its name: cached for good. HTML (prerendered
  // pages, the app shell) is revalidated, so a deploy shows at once.
  app.use("/*", async (c, next) => {
    await next();
    if (c.res.status !== 200 || c.res.headers.has("Cache-Control")) return;
    if (c.res.headers.get("Content-Type")?.startsWith("text/html")) c.header("Cache-Control", "no-cache");
    else if (c.req.path.startsWith("/assets/")) c.header("Cache-Control", "public, max-age=31536000, immutable");
  });
  // The bare address is the landing page. The app would redirect there itself, but only after its
  // whole shell has loaded, and then as a client-side navigation that moves focus to the heading
  // (past the skip link). A redirect here serves the prerendered page at once (a 302: the landing
  // may live at / one day). The query goes along (campaign tags); browsers keep a #fragment.
  app.on(["GET", "HEAD"], "/", (c) => c.redirect(`/home${new URL(c.req.url).search}`, 302));
  // Every web page below (prerendered, app shell, 404) in the visitor's pinned colour theme.
  app.use("/*", themeAttribute());
  // Prerendered pages come in each language: dist/<page>/index.html (English) and index.ru.html.
  // A visitor gets the one the app would pick itself, so the first paint is already in their
  // language: the `lang` cookie the app writes when a language is chosen, else the browser's
  // Accept-Language, else English. Caches must keep the variants apart (Vary).
  const translatedPages = new Set<string>(); // files known to exist (misses are not kept: unbounded)
  app.on(["GET", "HEAD"], "/*", async (c, next) => {
    const page = c.req.path.replace(/\/+$/, "");
    if (page.includes(".") || page.startsWith("/assets")) return next();
    const lang = visitorLanguage(c);
    const file = `${page}/index.${lang}.html`;
    // English is the plain index.html the static handler below serves: no file system probe for it.
    const exists =
      lang !== "en" &&
      (translatedPages.has(file) ||
        (await stat(path.join(config.WEB_DIST, file)).then(
          (found) => found.isFile(),
          () => false,
        )));
    if (exists) translatedPages.add(file);
    const served = exists ? await serveStatic({ root, path: file, precompressed: true })(c, next) : undefined;
    if (served) c.res = served;
    else if (!exists) await next();
    if (c.res.headers.get("Content-Type")?.startsWith("text/html"))
      c.header("Vary", "Accept-Language, Cookie", { append: true });
  });
  // The web build writes .br/.gz copies of every text file (apps/web/scripts/precompress.mjs).
  app.use("/*", serveStatic({ root, precompressed: true }));
  // Client-side routes (e.g. /account/profile) get the app shell; the router decides what to show.
  // Anything else is a real 404: a missing file (say, an asset of an older deploy) gets a plain one,
  // so a browser never runs HTML as a script; an unknown page gets the prerendered not-found page
  // in the visitor's language, with status 404 so search engines and tools see what it is.
  const knownRoutes = appRoutes(config.WEB_DIST);
  app.get("*", async (c) => {
    const routes = await knownRoutes();
    const route = c.req.path.toLowerCase().replace(/\/+$/, "") || "/";
    if (routes && !routes.has(route)) {
      if (/\.[a-z0-9]+$/i.test(route) || route.startsWith("/assets/")) return c.text("Not found", 404);
      const lang = visitorLanguage(c);
      const page = await readFile(path.join(config.WEB_DIST, lang === "en" ? "404.html" : `404.${lang}.html`), "utf8")
        .catch(() => readFile(path.join(config.WEB_DIST, "404.html"), "utf8"))
        .catch(() => null);
      if (page !== null) {
        c.header("Vary", "Accept-Language, Cookie");
        return c.html(page, 404);
      }
    }
    try {
      const html = await readFile(path.join(config.WEB_DIST, "index.html"), "utf8");
      return c.html(html);
    } catch {
      return c.text("The web app is not built. Run `pnpm build` (or `npm start`).", 503);
    }
  });

  return app;
}

/** The language the app would pick: the `lang` cookie it writes, else Accept-Language, else English. */
function visitorLanguage(c: Context): MailLanguage {
  const cookie = getCookie(c, "lang");
  return isMailLanguage(cookie) ? cookie : (fromAcceptLanguage(c.req.header("Accept-Language")) ?? "en");
}

/**
 * The app's routes, lowercased (its router matches paths case-insensitively), from the
 * `routes.json` the web build writes; read once it exists. Undefined for a build without one: then
 * every path gets the app shell, as before.
 */
function appRoutes(webDist: string): () => Promise<Set<string> | undefined> {
  let routes: Set<string> | undefined;
  return async () => {
    if (routes) return routes;
    try {
      const { app } = JSON.parse(await readFile(path.join(webDist, "routes.json"), "utf8")) as { app?: string[] };
      if (Array.isArray(app)) routes = new Set(app.map((route) => route.toLowerCase()));
    } catch {
      // Not built yet, or built without the list: keep asking, the shell answers meanwhile.
    }
    return routes;
  };
}
