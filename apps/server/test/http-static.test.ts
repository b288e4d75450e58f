import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpApp } from "../src/app/index.js";
import { loadConfig } from "../src/config/index.js";

// The web build leaves .br/.gz copies beside each text file (apps/web/scripts/precompress.mjs);
// browsers must get those bytes, and hashed assets must be cacheable for good.
describe("given a built web app with precompressed copies", () => {
  let dist: string;
  const script = `console.log(${JSON.stringify("x".repeat(4000))});`;
  const page = `<!doctype html><title>Home</title>${"<p>text</p>".repeat(200)}`;

  beforeAll(() => {
    dist = mkdtempSync(path.join(os.tmpdir(), "veil-static-"));
    mkdirSync(path.join(dist, "assets"));
    mkdirSync(path.join(dist, "home"));
    for (const [file, body] of [
      ["assets/index-abc123.js", script],
      ["home/index.html", page],
    ] as const) {
      writeFileSync(path.join(dist, file), body);
      writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(body));
      writeFileSync(path.join(dist, `${file}.gz`), gzipSync(body));
    }
    writeFileSync(path.join(dist, "index.html"), "<!doctype html><div id=root></div>");
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  const app = () =>
    createHttpApp(loadConfig({ WEB_DIST: dist }), { db: { query: async () => ({ rows: [] }) }, mounts: [] });

  it("should send a hashed asset as Brotli, cacheable for a year, when the browser accepts it", async () => {
    const res = await app().request("/assets/index-abc123.js", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Encoding")).toBe("br");
    expect(res.headers.get("Content-Type")).toMatch(/javascript/);
    expect(res.headers.get("Vary")).toMatch(/Accept-Encoding/);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(script);
  });

  it("should fall back to gzip, and to the plain file for a client that accepts neither", async () => {
    const gz = await app().request("/assets/index-abc123.js", { headers: { "Accept-Encoding": "gzip" } });
    expect(gz.headers.get("Content-Encoding")).toBe("gzip");
    const plain = await app().request("/assets/index-abc123.js");
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it("should compress a prerendered page but have the browser revalidate it, so a deploy shows at once", async () => {
    const res = await app().request("/home", { headers: { "Accept-Encoding": "br" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Encoding")).toBe("br");
    expect(res.headers.get("Content-Type")).toMatch(/text\/html/);
    expect(res.headers.get("Cache-Control")).toBe("no-cache");
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(page);
  });

  it("should send a visitor of the bare address to the prerendered landing page, query kept", async () => {
    const cases: [string, string][] = [
      ["/", "/home"],
      ["/?utm_source=t.me&x=%D1%8F", "/home?utm_source=t.me&x=%D1%8F"],
    ];
    for (const [asked, location] of cases) {
      const res = await app().request(asked);
      expect(res.status, asked).toBe(302);
      expect(res.headers.get("Location"), asked).toBe(location);
    }
  });

  it("should never mark the app shell immutable, even when it answers for a missing asset", async () => {
    const res = await app().request("/assets/index-gone.js");
    expect(res.headers.get("Content-Type")).toMatch(/text\/html/);
    expect(res.headers.get("Cache-Control")).toBe("no-cache");
  });
});

// Public pages are prerendered per language; the first paint should already be in the visitor's.
describe("given a page prerendered in English and Russian", () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(path.join(os.tmpdir(), "veil-static-lang-"));
    mkdirSync(path.join(dist, "faq"));
    writeFileSync(path.join(dist, "faq/index.html"), '<html lang="en"><title>FAQ</title>');
    writeFileSync(path.join(dist, "faq/index.ru.html"), '<html lang="ru"><title>Вопросы</title>');
    writeFileSync(
      path.join(dist, "faq/index.ru.html.br"),
      brotliCompressSync('<html lang="ru"><title>Вопросы</title>'),
    );
    writeFileSync(path.join(dist, "index.html"), "<!doctype html><div id=root></div>");
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  const get = (url: string, headers: Record<string, string> = {}) =>
    createHttpApp(loadConfig({ WEB_DIST: dist }), { db: { query: async () => ({ rows: [] }) }, mounts: [] }).request(
      url,
      { headers },
    );

  it("should send the Russian page to a browser that prefers Russian", async () => {
    const res = await get("/faq", { "Accept-Language": "ru-RU,ru;q=0.9,en;q=0.8" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('lang="ru"');
    expect(res.headers.get("Vary")).toMatch(/Accept-Language/);
    expect(res.headers.get("Vary")).toMatch(/Cookie/);
  });

  it("should let the language the visitor chose (the lang cookie) win over the browser's", async () => {
    const english = await get("/faq", { "Accept-Language": "ru", Cookie: "lang=en" });
    expect(await english.text()).toContain('lang="en"');
    const russian = await get("/faq/", { "Accept-Language": "en-US", Cookie: "lang=ru" });
    expect(await russian.text()).toContain('lang="ru"');
  });

  it("should send English when neither says a language the site has", async () => {
    const res = await get("/faq", { "Accept-Language": "de-DE,fr;q=0.5", Cookie: "lang=xx" });
    expect(await res.text()).toContain('lang="en"');
    expect(res.headers.get("Vary")).toMatch(/Accept-Language/);
  });

  it("should still send the precompressed copy of the Russian page", async () => {
    const res = await get("/faq", { "Accept-Language": "ru", "Accept-Encoding": "br" });
    expect(res.headers.get("Content-Encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toContain("Вопросы");
  });

  it("should give routes without a Russian page the app shell, whatever the language", async () => {
    const res = await get("/account/profile", { "Accept-Language": "ru" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<div id=root>");
  });
});

// The web build lists the app's routes (dist/routes.json): anything else is a real 404.
describe("given a build that lists its routes", () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(path.join(os.tmpdir(), "veil-static-404-"));
    writeFileSync(path.join(dist, "index.html"), "<!doctype html><div id=root></div>");
    writeFileSync(path.join(dist, "404.html"), '<html lang="en"><h1>Oops! Page not found.</h1>');
    writeFileSync(path.join(dist, "404.ru.html"), '<html lang="ru"><h1>Страница не найдена</h1>');
    writeFileSync(
      path.join(dist, "routes.json"),
      JSON.stringify({ prerendered: [], app: ["/", "/home", "/account/profile", "/emailconfirmation_reset_pass"] }),
    );
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  const get = (url: string, headers: Record<string, string> = {}) =>
    createHttpApp(loadConfig({ WEB_DIST: dist }), { db: { query: async () => ({ rows: [] }) }, mounts: [] }).request(
      url,
      { headers },
    );

  it("should answer an unknown page with the not-found page and status 404, in the visitor's language", async () => {
    const english = await get("/no/such/page");
    expect(english.status).toBe(404);
    expect(english.headers.get("Content-Type")).toMatch(/text\/html/);
    expect(await english.text()).toContain("Oops! Page not found.");
    const russian = await get("/no-such-page", { "Accept-Language": "ru-RU,ru;q=0.9" });
    expect(russian.status).toBe(404);
    expect(await russian.text()).toContain("Страница не найдена");
    expect(russian.headers.get("Vary")).toMatch(/Accept-Language/);
  });

  it("should give every route of the app the shell, matched as the router does (any case, trailing slash)", async () => {
    for (const url of ["/account/profile", "/Account/Profile/", "/emailconfirmation_reset_pass?email=a%40b.c"]) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(await res.text(), url).toContain("<div id=root></div>");
    }
  });

  it("should answer a missing asset with a plain 404 that no cache keeps, never with HTML", async () => {
    const res = await get("/assets/index-gone.js");
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).not.toMatch(/html/);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });
});

// Browsers ask for /favicon.ico on their own (the simulator's pay page names no icon): it must be one.
describe("given a browser asking for /favicon.ico", () => {
  it("should get an ICO image, whether or not the web app is built", async () => {
    const app = createHttpApp(loadConfig({ WEB_DIST: path.join(os.tmpdir(), "veil-no-such-build") }), {
      db: { query: async () => ({ rows: [] }) },
      mounts: [],
    });
    const res = await app.request("/favicon.ico");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/x-icon");
    const bytes = Buffer.from(await res.arrayBuffer());
    // ICONDIR: reserved 0, type 1 (icon), at least one image; the first image is a PNG.
    expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]);
    expect(bytes.readUInt16LE(4)).toBeGreaterThan(0);
    const firstImage = bytes.readUInt32LE(6 + 12);
    expect(bytes.subarray(firstImage, firstImage + 8)).toEqual(Buffer.from("\x89PNG\r\n\x1a\n", "latin1"));
  });
});

// A visitor who pinned a colour theme (the `theme` cookie the web app writes with localStorage)
// gets every page with `data-theme` already on <html>: the first paint is in that palette, with no
// script (the CSP allows no inline one).
describe("given a visitor who chose a colour theme", () => {
  let dist: string;
  const faq = '<!doctype html><html lang="ru"><title>Вопросы</title></html>';
  const shell = '<!doctype html>\n<html lang="en">\n<div id="root"></div></html>';
  beforeAll(() => {
    dist = mkdtempSync(path.join(os.tmpdir(), "veil-static-theme-"));
    mkdirSync(path.join(dist, "faq"));
    mkdirSync(path.join(dist, "assets"));
    writeFileSync(path.join(dist, "faq/index.ru.html"), faq);
    writeFileSync(path.join(dist, "faq/index.ru.html.br"), brotliCompressSync(faq));
    writeFileSync(path.join(dist, "faq/index.ru.html.gz"), gzipSync(faq));
    writeFileSync(path.join(dist, "faq/index.html"), faq.replace('lang="ru"', 'lang="en"'));
    writeFileSync(path.join(dist, "index.html"), shell);
    writeFileSync(path.join(dist, "404.html"), '<html lang="en"><title>Not found</title>');
    writeFileSync(path.join(dist, "assets/app-1.js"), "/* <html> */");
    writeFileSync(
      path.join(dist, "routes.json"),
      JSON.stringify({ prerendered: ["/faq"], app: ["/faq", "/account/profile"] }),
    );
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  const get = (url: string, headers: Record<string, string> = {}) =>
    createHttpApp(loadConfig({ WEB_DIST: dist }), { db: { query: async () => ({ rows: [] }) }, mounts: [] }).request(
      url,
      { headers },
    );

  it("should send a prerendered page in the chosen dark theme, still Brotli-compressed", async () => {
    const res = await get("/faq", { Cookie: "lang=ru; theme=dark", "Accept-Encoding": "br" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Encoding")).toBe("br");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(brotliDecompressSync(bytes).toString()).toBe(
      faq.replace('<html lang="ru">', '<html data-theme="dark" lang="ru">'),
    );
    expect(res.headers.get("Content-Length")).toBe(String(bytes.byteLength));
    expect(res.headers.get("Vary")).toMatch(/Cookie/);
  });

  it("should send the app shell and the not-found page in the chosen light theme", async () => {
    const app = await get("/account/profile", { Cookie: "theme=light", "Accept-Encoding": "gzip" });
    expect(await app.text()).toContain('<html data-theme="light" lang="en">');
    const missing = await get("/no-such-page", { Cookie: "theme=light" });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<html data-theme="light" lang="en">');
  });

  it("should leave pages untouched for the system theme, no cookie or an unknown value", async () => {
    for (const cookie of ["theme=system", "", "theme=purple", 'theme="><script>']) {
      const res = await get("/faq", { Cookie: `lang=ru; ${cookie}`, "Accept-Encoding": "br" });
      expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString(), cookie).toBe(faq);
    }
  });

  it("should answer a byte range of a page as a range of the file, never a 500", async () => {
    // A slice of the compressed file cannot be decompressed, and a rewritten slice would no
    // longer be the range its Content-Range names: partial answers go out as the file's.
    for (const encoding of ["br", "identity"]) {
      const res = await get("/faq", {
        Cookie: "lang=ru; theme=dark",
        "Accept-Encoding": encoding,
        Range: "bytes=0-10",
      });
      expect(res.status, encoding).toBe(206);
      expect(res.headers.get("Content-Range"), encoding).toMatch(/^bytes 0-10\//);
      expect((await res.arrayBuffer()).byteLength, encoding).toBe(11);
    }
  });

  it("should tell caches that a page fetched by its file path depends on the cookie too", async () => {
    // Without it a shared cache could keep the untouched page and hand it to a visitor who chose dark.
    for (const cookie of ["", "theme=dark"]) {
      const res = await get("/faq/index.html", { Cookie: cookie });
      expect(res.status, cookie).toBe(200);
      expect(res.headers.get("Vary"), cookie).toMatch(/Cookie/);
    }
  });

  it("should not touch anything but HTML", async () => {
    const res = await get("/assets/app-1.js", { Cookie: "theme=dark" });
    expect(await res.text()).toBe("/* <html> */");
  });
});
