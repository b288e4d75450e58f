import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { cors } from "hono/cors";
import type { Config } from "../config/index.js";
import type { Queryable } from "../db/index.js";
import { fromAcceptLanguage, isMailLanguage } from "../mail/language.js";
import { securityHeaders } from "./security-headers.js";

/** A sub-app mounted under a path prefix (e.g. `/auth/v1`, `/api`). */
export interface HttpMount {
  path: string;
  app: Hono;
}

export interface HttpDeps {
  /** Used by /readyz to prove the database answers. */
  db: Queryable;
  /** Feature sub-apps, mounted in order before the static web app. Built in server.ts. */
  mounts: HttpMount[];
}

/** Builds the HTTP app: health/readiness, the feature sub-apps, then the web app with SPA fallback. */
export function createHttpApp(config: Config, deps: HttpDeps): Hono {
  const app = new Hono();

  // Security headers on every response, whoever answers it (README "Security").
  app.use("*", securityHeaders({ production: config.production, connectSrc: config.CSP_CONNECT_SRC }));
  // Dynamic answers (API, auth, dev mailbox, simulator, health) are never stored by caches unless
  // their handler chose otherwise; static files get their own policy further down.
  const dynamicPrefixes = ["/healthz", "/readyz", ...deps.mounts.map((m) => m.path)];
  app.use("*", async (c, next) => {
    await next();
    const dynamic = dynamicPrefixes.some((p) => c.req.path === p || c.req.path.startsWith(`${p}/`));
    if ((dynamic || c.res.status >= 400) && !c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
  });
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
  app.get("/readyz", async (c) => {
    try {
      await deps.db.query("SELECT 1");
      return c.json({ status: "ready" });
    } catch {
      return c.json({ status: "unavailable", reason: "database unreachable" }, 503);
    }
  });

  for (const mount of deps.mounts) app.route(mount.path, mount.app);

  const root = path.relative(process.cwd(), config.WEB_DIST) || ".";
  // Hashed build output (/assets/…) never changes under its name: cached for good. HTML (prerendered
  // pages, the app shell) is revalidated, so a deploy shows at once.
  app.use("/*", async (c, next) => {
    await next();
    if (c.res.status !== 200 || c.res.headers.has("Cache-Control")) return;
    if (c.res.headers.get("Content-Type")?.startsWith("text/html")) c.header("Cache-Control", "no-cache");
    else if (c.req.path.startsWith("/assets/")) c.header("Cache-Control", "public, max-age=31536000, immutable");
  });
  // Prerendered pages come in each language: dist/<page>/index.html (English) and index.ru.html.
  // A visitor gets the one the app would pick itself, so the first paint is already in their
  // language: the `lang` cookie the app writes when a language is chosen, else the browser's
  // Accept-Language, else English. Caches must keep the variants apart (Vary).
  const translatedPages = new Set<string>(); // files known to exist (misses are not kept: unbounded)
  app.on(["GET", "HEAD"], "/*", async (c, next) => {
    const page = c.req.path.replace(/\/+$/, "");
    if (page.includes(".") || page.startsWith("/assets")) return next();
    const cookie = getCookie(c, "lang");
    const lang = isMailLanguage(cookie) ? cookie : (fromAcceptLanguage(c.req.header("Accept-Language")) ?? "en");
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
  app.get("*", async (c) => {
    try {
      const html = await readFile(path.join(config.WEB_DIST, "index.html"), "utf8");
      return c.html(html);
    } catch {
      return c.text("The web app is not built. Run `pnpm build` (or `npm start`).", 503);
    }
  });

  return app;
}
