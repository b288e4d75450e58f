import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { THEME_STORAGE_KEY } from "@veil/contracts/constants";
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";

/** The pinned palettes: `system` (or no cookie) leaves the page as built, for prefers-color-scheme. */
const PINNED = new Set(["light", "dark"]);

/**
 * Web pages in the visitor's chosen colour theme before any script runs. The app keeps the choice in
 * a `theme` cookie next to localStorage (apps/web/src/theme/theme.ts), as it does the language; for
 * `light` or `dark` the HTML the server sends (prerendered page, app shell, 404) gets
 * `data-theme` on <html>, which @veil/ui's tokens read, so the first paint is already in that
 * palette. Without a pinned choice the built file goes out untouched (precompressed, streamed) and
 * the system setting decides in CSS. The CSP allows no inline script but the pages' start-up (by
 * its hash, @veil/contracts PAGE_START_SCRIPT, which runs after the first paint), so this is not
 * done by a script in the page before the first paint.
 */
export function themeAttribute(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!c.res.headers.get("Content-Type")?.startsWith("text/html")) return;
    // Every page depends on the cookie, rewritten or not: a shared cache must not hand the
    // untouched copy to a visitor who pinned a theme (a page fetched by its file path, say).
    if (!/\bCookie\b/i.test(c.res.headers.get("Vary") ?? "")) c.header("Vary", "Cookie", { append: true });
    const theme = getCookie(c, THEME_STORAGE_KEY);
    if (!theme || !PINNED.has(theme) || c.req.method !== "GET" || !c.res.body) return;
    // A byte range (206) is a slice of the file: a compressed slice cannot be decompressed, and a
    // rewritten one would no longer be the range its Content-Range names. It goes out as it is.
    if (c.res.status !== 200 && c.res.status !== 404) return;
    const encoding = c.res.headers.get("Content-Encoding");
    if (encoding && encoding !== "br" && encoding !== "gzip") return;

    const raw = Buffer.from(await c.res.arrayBuffer());
    const html = (encoding === "br" ? brotliDecompressSync(raw) : encoding === "gzip" ? gunzipSync(raw) : raw).toString(
      "utf8",
    );
    const themed = html.replace(/<html\b(?![^>]*\bdata-theme=)/i, `<html data-theme="${theme}"`);
    const text = Buffer.from(themed, "utf8");
    // Same encoding as the file the static handler chose, at a quick level: done per request.
    const body =
      encoding === "br"
        ? brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : encoding === "gzip"
          ? gzipSync(text, { level: 6 })
          : text;
    const headers = new Headers(c.res.headers);
    headers.set("Content-Length", String(body.byteLength));
    const status = c.res.status;
    // Cleared first: Hono copies the old response's headers onto a new one (the old Content-Length too).
    c.res = undefined;
    c.res = new Response(body, { status, headers });
  };
}
