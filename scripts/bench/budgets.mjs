#!/usr/bin/env node
// `pnpm bench:budgets` (also a step of scripts/test-all.mjs, so CI fails on a broken budget):
// byte budgets of the built web app, measured the way a browser pays for them (gzip -9 of each
// file), following the real chunk graph in Vite's manifest and, for the landing page, what a real
// Chromium actually requests (dynamic imports fired at start-up count too).
//
//   landing HTML + render-blocking CSS ≤ 30 KB · JavaScript the landing page runs before the first
//   interaction ≤ 60 KB in en and in ru (issue #14), no supabase-js, no account/payment/auth-screen
//   code · account area and payment route ≤ 150 KB each, counting the shared chunks and the auth
//   client they pull in beyond the app shell (the code the app takes over a page with).
//
// Usage: node scripts/bench/budgets.mjs [--dist apps/web/dist] [--static-only]
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { repoRoot, requireFromRoot, webDir } from "./lib/deps.mjs";
import { startVeil } from "./lib/processes.mjs";
import { saveResults } from "./lib/results.mjs";
import { printTable } from "./lib/stats.mjs";

const KB = 1024;
export const BUDGETS = {
  landingHtmlCss: 30 * KB,
  // Issue #14: the JavaScript /home runs before the visitor's first interaction, in en and in ru.
  // A fixed budget, not a ratchet. Before the islands (whole-page hydration) it was 133.5 KB (en)
  // and 143.3 KB (ru); see BENCHMARKS.md.
  landingJs: 60 * KB,
  routeChunk: 150 * KB,
};
/** The landing page; the other prerendered pages are reported with the same HTML+CSS budget. */
const LANDING = "/home";
/** Dynamic entries (manifest keys) that must never load on the landing page. */
const NOT_ON_LANDING = {
  "src/auth/supabase-client.ts": "supabase-js (auth client)",
  "src/pages/account/index.ts": "account area",
  "src/pages/payment/index.ts": "payment screen",
  "src/pages/auth/index.ts": "auth screens",
};
/** Text only supabase-js contains, in case it gets bundled into some other chunk. */
const SUPABASE_MARKERS = ["GoTrueClient", "supabase-js"];
/** The app that takes over a prerendered page on the first navigation (src/islands/boot.ts). */
const APP_SHELL = "src/spa/start.tsx";
const ROUTES = {
  "account area": "src/pages/account/index.ts",
  "payment screen": "src/pages/payment/index.ts",
};
/** Both need the auth client to do anything (session, API token). */
const AUTH_CLIENT = "src/auth/supabase-client.ts";

const args = process.argv.slice(2);
const distArg = args.indexOf("--dist");
const dist = path.resolve(distArg >= 0 ? args[distArg + 1] : path.join(webDir, "dist"));
const staticOnly = args.includes("--static-only");

const manifestFile = path.join(dist, ".vite/manifest.json");
if (!existsSync(manifestFile)) {
  console.error(
    `${manifestFile} is missing: build the web app first (pnpm build; vite.config.ts sets build.manifest).`,
  );
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

const gzCache = new Map();
/** gzip -9 size of a file under dist/ (what a precompressing server sends). */
function gz(file) {
  if (!gzCache.has(file)) gzCache.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzCache.get(file);
}
const kb = (bytes) => (bytes / KB).toFixed(1);

/** Manifest keys reachable through static imports (what loads together with the given chunks). */
function staticClosure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  for (const key of keys) visit(key);
  return seen;
}
const jsFiles = (keys) => [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith(".js"));
const sum = (files) => files.reduce((total, f) => total + gz(f), 0);

function pageFile(route) {
  return path.join(dist, route.slice(1), "index.html");
}

/**
 * What the prerendered HTML references: module scripts, the start-up module its inline start-up
 * names (`data-start`, asked for after the first paint), modulepreloads, blocking stylesheets.
 */
function htmlReferences(html) {
  const attr = (tag, name) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const scripts = [];
  const styles = [];
  const urgentScripts = [];
  for (const tag of tags) {
    const script = tag.startsWith("<script") ? attr(tag, "src") : undefined;
    // Asked for once the page has painted (@veil/contracts PAGE_START_SCRIPT): never urgent.
    const start = tag.startsWith("<script") ? attr(tag, "data-start") : undefined;
    if (start) scripts.push(start);
    const preload = tag.startsWith("<link") && /rel="modulepreload"/.test(tag) ? attr(tag, "href") : undefined;
    if (script) scripts.push(script);
    if (preload) scripts.push(preload);
    if ((script || preload) && attr(tag, "fetchpriority") !== "low") urgentScripts.push(script ?? preload);
    // A stylesheet without a non-matching media query blocks rendering.
    if (tag.startsWith("<link") && /rel="stylesheet"/.test(tag) && !/media="(print|not all)"/.test(tag)) {
      styles.push(attr(tag, "href"));
    }
  }
  const inlineCss = (html.match(/<style[^>]*>[\s\S]*?<\/style>/g) ?? []).join("");
  const strip = (url) => url.replace(/^\//, "").split("?")[0];
  return {
    scripts: scripts.map(strip),
    styles: styles.map(strip),
    urgentScripts: urgentScripts.map(strip),
    inlineCssBytes: gzipSync(inlineCss).length,
  };
}

/**
 * Every script Chromium fetches for the page until the network is idle, per browser language: what
 * runs before the first interaction. Then the pointer moves onto the page (the first interaction)
 * and what that loads is listed too (informational: the islands' code).
 */
async function runtimeScripts(route, locales) {
  const { chromium } = requireFromRoot("playwright");
  // The real server (PGlite, in a temporary directory) on this dist/: it picks the page's language
  // as for visitors and answers the plan list the landing page checks.
  const server = await startVeil({ database: { kind: "pglite" }, env: { WEB_DIST: dist } });
  const base = server.url;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  try {
    const result = {};
    for (const locale of locales) {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      const files = new Set();
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (request.resourceType() === "script" && url.origin === base) files.add(url.pathname.slice(1));
      });
      await page.goto(`${base}${route}`, { waitUntil: "networkidle" });
      // Effects that load code after hydration (auth client, language switch) get a moment more.
      await page.waitForTimeout(500);
      await page.waitForLoadState("networkidle");
      const before = [...files];
      await page.mouse.move(200, 300);
      // The load state is already reached, so wait for the requests to stop by hand.
      for (let seen = -1, rounds = 0; seen !== files.size && rounds < 20; rounds++) {
        seen = files.size;
        await page.waitForTimeout(750);
      }
      result[locale] = before;
      onInteraction[locale] = [...files].filter((f) => !before.includes(f));
      await context.close();
    }
    return result;
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** Scripts the first interaction loaded, per locale (filled by runtimeScripts). */
const onInteraction = {};
const checks = [];
function check(name, bytes, budget, detail = "") {
  checks.push({
    check: name,
    "KB gzip": kb(bytes),
    "budget KB": kb(budget),
    result: bytes <= budget ? "ok" : "OVER",
    detail,
  });
}
function forbid(name, offenders) {
  checks.push({
    check: name,
    "KB gzip": "",
    "budget KB": "",
    result: offenders.length ? "FAIL" : "ok",
    detail: offenders.join(", "),
  });
}

// ── landing page: HTML + critical CSS ────────────────────────────────────────
const prerendered = JSON.parse(readFileSync(path.join(dist, "routes.json"), "utf8")).prerendered ?? [LANDING];
const pages = {};
for (const route of prerendered) {
  const html = readFileSync(pageFile(route), "utf8");
  const refs = htmlReferences(html);
  const htmlGz = gzipSync(html, { level: 9 }).length;
  const cssGz = sum(refs.styles) + refs.inlineCssBytes;
  pages[route] = { htmlGz, cssGz, refs };
  if (route === LANDING) {
    check(
      `${route}: HTML + render-blocking CSS`,
      htmlGz + cssGz,
      BUDGETS.landingHtmlCss,
      `HTML ${kb(htmlGz)} + CSS ${kb(cssGz)}`,
    );
  }
}

// The prerendered pages paint without script, so no script may compete with their CSS and font
// (scripts/prerender.mjs marks preloads fetchpriority="low", Lighthouse FCP on /home 1.87 s → 0.75 s,
// and the start-up module is asked for only after the first paint).
forbid(
  "prerendered pages: every script fetchpriority=low",
  Object.entries(pages).flatMap(([route, p]) => p.refs.urgentScripts.map((f) => `${route}: ${path.basename(f)}`)),
);

// ── landing page: JavaScript ─────────────────────────────────────────────────
const landingRefs = pages[LANDING].refs;
const landingStatic = staticClosure(landingRefs.scripts.map((f) => keyOfFile.get(f)).filter(Boolean));
let landingRuntime = {};
if (!staticOnly) landingRuntime = await runtimeScripts(LANDING, ["en-US", "ru-RU"]);
const landingLoads = { static: jsFiles(landingStatic) };
for (const [locale, files] of Object.entries(landingRuntime)) {
  landingLoads[locale] = [...new Set([...landingLoads.static, ...files])];
}
for (const [label, files] of Object.entries(landingLoads)) {
  if (label === "static" && !staticOnly) continue; // the runtime sets include it
  const keys = files.map((f) => keyOfFile.get(f)).filter(Boolean);
  const closure = staticClosure(keys);
  const all = [...new Set([...files, ...jsFiles(closure)])];
  check(
    `${LANDING} JS before interaction (${label === "static" ? "static graph" : `browser ${label}`})`,
    sum(all),
    BUDGETS.landingJs,
    all.map((f) => path.basename(f)).join(" "),
  );
  const forbidden = [...closure].filter((k) => NOT_ON_LANDING[k]).map((k) => NOT_ON_LANDING[k]);
  const marked = all.filter((f) => {
    const text = readFileSync(path.join(dist, f), "utf8");
    return SUPABASE_MARKERS.some((m) => text.includes(m));
  });
  forbid(`${LANDING} (${label}) loads no auth client / account / payment code`, [
    ...new Set([...forbidden, ...marked.map((f) => `supabase-js inside ${path.basename(f)}`)]),
  ]);
}

// ── route chunks ─────────────────────────────────────────────────────────────
// Measured beyond the app shell: the first navigation from a prerendered page loads the shell,
// then the route (the landing page itself no longer loads the app).
const shellKeys = staticClosure([APP_SHELL]);
const landingKeys = new Set([...staticClosure([...landingStatic]), ...shellKeys]);
const routes = {};
for (const [name, key] of Object.entries(ROUTES)) {
  if (!manifest[key]) {
    forbid(`${name}: chunk ${key} exists`, [`${key} not in the manifest`]);
    continue;
  }
  const closure = staticClosure([key, AUTH_CLIENT]);
  const extra = jsFiles([...closure].filter((k) => !landingKeys.has(k)));
  const deepLink = jsFiles(closure).concat(jsFiles(landingKeys));
  routes[name] = { extra: sum(extra), deepLinkTotal: sum([...new Set(deepLink)]) };
  check(
    `${name}: route chunk + shared code + auth client`,
    sum(extra),
    BUDGETS.routeChunk,
    `${extra.map((f) => path.basename(f)).join(" ")}; cold deep link incl. the app shell: ${kb(routes[name].deepLinkTotal)} KB`,
  );
}

console.log(`Bundle budgets for ${path.relative(repoRoot, dist) || dist} (gzip -9)\n`);
printTable(checks.map(({ detail, ...row }) => row));
console.log("");
for (const c of checks) if (c.detail) console.log(`${c.result === "ok" ? " " : "✖"} ${c.check}: ${c.detail}`);
for (const [locale, files] of Object.entries(onInteraction)) {
  const all = [...new Set([...files, ...jsFiles(staticClosure(files.map((f) => keyOfFile.get(f)).filter(Boolean)))])];
  console.log(`  ${LANDING} first interaction (${locale}) loads ${kb(sum(all))} KB more (islands; no budget)`);
}
console.log(`  app shell (taken over on the first navigation): ${kb(sum(jsFiles(shellKeys)))} KB (no budget)`);
console.log("\nOther prerendered pages (HTML + blocking CSS, same 30 KB budget, informational):");
for (const [route, p] of Object.entries(pages)) console.log(`  ${route.padEnd(16)} ${kb(p.htmlGz + p.cssGz)} KB`);

if (args.includes("--save")) saveResults("budgets", { dist, checks, pages, routes, landingLoads, onInteraction });
const failed = checks.filter((c) => c.result !== "ok");
if (failed.length) {
  console.log(`\n${failed.length} budget(s) broken: ${failed.map((c) => c.check).join("; ")}`);
  process.exit(1);
}
console.log("\nAll bundle budgets met.");
