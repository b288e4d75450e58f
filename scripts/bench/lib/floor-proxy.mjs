// The floor reference of `pnpm bench:web`: a proxy in front of the real server that passes every
// request through unchanged, except `/__floor/<page>`, which answers the same prerendered page
// with every script removed (module scripts, inline scripts and modulepreloads). Lighthouse loads
// both through this proxy, so the page and its floor pay the same hops; the difference between
// them is what the page's JavaScript costs. Compressed like the server compresses HTML (Brotli
// when the client accepts it), so the transfer sizes compare.
import http from "node:http";
import { brotliCompressSync, gzipSync } from "node:zlib";

export const FLOOR_PREFIX = "/__floor";

/**
 * The page's HTML without anything that would run or fetch JavaScript, drawn as a visitor without
 * scripts sees it: with Inter from the start (`data-fonts`, which the page's script sets after the
 * first paint; Lighthouse's browser runs scripts, so `(scripting: none)` does not apply to it).
 */
export function stripScripts(html) {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "")
    .replace(/<html\b/i, '<html data-fonts="inter"');
}

function forward(req, res, upstream) {
  const target = new URL(req.url, upstream);
  const out = http.request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (up) => {
    res.writeHead(up.statusCode ?? 502, up.headers);
    up.pipe(res);
  });
  out.on("error", (err) => {
    res.writeHead(502).end(String(err));
  });
  req.pipe(out);
}

async function floor(req, res, upstream) {
  const pagePath = req.url.slice(FLOOR_PREFIX.length) || "/";
  const headers = { ...req.headers, "accept-encoding": "identity" };
  delete headers.host;
  const reply = await fetch(new URL(pagePath, upstream), { headers });
  const html = stripScripts(await reply.text());
  const accepts = String(req.headers["accept-encoding"] ?? "");
  const [body, encoding] = accepts.includes("br")
    ? [brotliCompressSync(html), "br"]
    : accepts.includes("gzip")
      ? [gzipSync(html, { level: 9 }), "gzip"]
      : [Buffer.from(html), null];
  res.writeHead(reply.status, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-cache",
    "content-length": body.length,
    ...(encoding ? { "content-encoding": encoding, vary: "Accept-Encoding" } : {}),
  });
  res.end(body);
}

/** Starts the proxy on a free loopback port; `url` is its origin. */
export function startFloorProxy(upstream) {
  const server = http.createServer((req, res) => {
    if (req.url.startsWith(`${FLOOR_PREFIX}/`)) {
      floor(req, res, upstream).catch((err) => res.writeHead(502).end(String(err)));
    } else forward(req, res, upstream);
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        stop: () => new Promise((done) => server.close(done)),
      });
    });
  });
}
