/**
 * One access line per request, whoever answers it (`/auth/v1`, `/api`, the dev surfaces, pages,
 * assets, health checks), and the request id that ties a client's error to that line: a sane
 * `X-Request-Id` the client sent is kept, else a new UUID; it is returned in the `X-Request-Id`
 * header of every reply and put in every JSON error body (`request_id` in `/api`'s `{detail, code}`,
 * `error_id` — GoTrue's own field — in `/auth/v1`'s). `requestIdOf(c)` gives it to those writers.
 *
 * The line holds the route pattern (`/api/user/web/sessions/:id`), never a query string (reminder
 * and verification links carry tokens there), and the path with the provider callback's secret
 * segment masked. No header, body, address or token is logged.
 */
import { randomUUID } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import type { Logger } from "pino";

const SANE_ID = /^[\w.-]{1,64}$/;

/** The request's id (set by `accessLog`), or undefined outside it (a sub-app run on its own). */
export function requestIdOf(c: Context): string | undefined {
  const id: unknown = c.get("requestId" as never);
  return typeof id === "string" ? id : undefined;
}

/** The id of this request: the one `accessLog` gave it, else a new one (kept for the request). */
export function ensureRequestId(c: Context): string {
  const existing = requestIdOf(c);
  if (existing) return existing;
  const incoming = c.req.header("X-Request-Id");
  const id = incoming && SANE_ID.test(incoming) ? incoming : randomUUID();
  c.set("requestId" as never, id as never);
  return id;
}

/** Path segments that are secrets: the provider callback's (EXNODE_CALLBACK_SECRET). */
export function loggablePath(path: string): string {
  return path.replace(/\/exnode\/callback\/[^/]+/, "/exnode/callback/***").slice(0, 256);
}

/** The first path segment that names who answered: `auth`, `api`, `dev`, `assets`, `health`, or `pages`. */
function surfaceOf(path: string): string {
  if (path.startsWith("/auth/")) return "auth";
  if (path.startsWith("/api/") || path === "/api") return "api";
  if (path.startsWith("/dev/")) return "dev";
  if (path.startsWith("/assets/")) return "assets";
  if (path === "/healthz" || path === "/readyz" || path === "/metrics") return "health";
  return "pages";
}

export function accessLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const requestId = ensureRequestId(c);
    try {
      await next();
    } finally {
      c.header("X-Request-Id", requestId);
      const status = c.res.status;
      const line = {
        requestId,
        method: c.req.method,
        route: c.req.routePath,
        path: loggablePath(c.req.path),
        surface: surfaceOf(c.req.path),
        status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      };
      if (status >= 500) logger.warn(line, "request");
      else logger.info(line, "request");
    }
  };
}
