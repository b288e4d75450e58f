// One Lighthouse run and its summary, shared by `pnpm bench:web` (scripts/bench/web.mjs).
// CLI defaults: mobile form factor, simulated throttling (4x CPU slowdown, slow 4G).
import { spawn } from "node:child_process";
import { readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { repoRoot, requireFromRoot } from "./deps.mjs";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

const LIGHTHOUSE = path.join(repoRoot, "node_modules/.bin/lighthouse");
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu"];

/**
 * Chromium launched the way the Lighthouse CLI launches it (its own chrome-launcher, same flags),
 * holding `cookies` in its cookie jar before Lighthouse connects. A bare `Cookie` header
 * (`--extra-headers`) reaches the server but not the page's script: the server sent the page in
 * the cookie's language while `document.cookie` was empty, so the page measured a visitor whose
 * browser disagreed with the server (docs/architecture.md §1.3), not a returning one.
 */
async function launchWithCookies(url, cookies) {
  // chrome-launcher is Lighthouse's dependency, not ours: found next to it (pnpm's layout).
  const lighthouseDir = realpathSync(path.join(repoRoot, "node_modules/lighthouse"));
  const launcher = path.join(lighthouseDir, "../chrome-launcher/dist/index.js");
  const { launch } = await import(pathToFileURL(launcher).href);
  const chrome = await launch({ chromeFlags: CHROME_FLAGS });
  try {
    const { chromium } = requireFromRoot("playwright");
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    await browser
      .contexts()[0]
      .addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: new URL(url).origin })));
    await browser.close();
  } catch (err) {
    chrome.kill();
    throw err;
  }
  return chrome;
}

/**
 * One Lighthouse run (CLI: mobile form factor and simulated throttling are its defaults). With
 * `cookies`, Chromium is started here with them set and the CLI connects to it (`--port`).
 */
async function lighthouse(url, outDir, n, cookies) {
  const chrome = cookies ? await launchWithCookies(url, cookies) : undefined;
  try {
    return await runCli(url, outDir, n, chrome?.port);
  } finally {
    chrome?.kill();
  }
}

function runCli(url, outDir, n, port) {
  const output = path.join(outDir, `run-${n}.json`);
  return new Promise((resolve, reject) => {
    const child = spawn(
      LIGHTHOUSE,
      [
        url,
        "--output=json",
        `--output-path=${output}`,
        `--only-categories=${CATEGORIES.join(",")}`,
        "--throttling-method=simulate",
        "--form-factor=mobile",
        `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
        "--quiet",
        ...(port ? [`--port=${port}`] : []),
      ],
      { env: { ...process.env, CHROME_PATH }, stdio: ["ignore", "ignore", "pipe"] },
    );
    let err = "";
    child.stderr.on("data", (d) => {
      err += d;
    });
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited ${code} for ${url}:\n${err.slice(-2000)}`));
      resolve(JSON.parse(readFileSync(output, "utf8")));
    });
  });
}

/**
 * Lighthouse sometimes fails to record the trace of a cold Chromium's first load ("NO_NAVSTART …
 * Please run Lighthouse again", seen on this machine on the first run after boot); such a run
 * measured nothing, so it is repeated (at most twice). Any other failure stops the benchmark.
 */
export async function lighthouseWithRetry(url, outDir, n, cookies) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouse(url, outDir, n, cookies);
    } catch (err) {
      if (attempt > 2 || !String(err.message).includes("NO_NAVSTART")) throw err;
      console.log(`  (lighthouse recorded no navigation for ${url}; running it again)`);
    }
  }
}

export function summarise(lhr) {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
  const metric = (id) => lhr.audits[id]?.numericValue;
  // Audits that cost points: score below 1 and counted in a category (weight > 0, or a11y/bp/seo).
  const failing = [];
  for (const c of CATEGORIES) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (audit.scoreDisplayMode === "informative" || audit.scoreDisplayMode === "notApplicable") continue;
      if (c === "performance" && !ref.weight) continue;
      // a11y / best-practices / SEO failures: keep a glimpse of what failed, for the owners.
      const items = c === "performance" ? [] : (audit.details?.items ?? []).slice(0, 3);
      const detail = items.map((i) => JSON.stringify(i.subItems?.items?.[0] ?? i).slice(0, 240)).join(" | ");
      failing.push({
        category: c,
        id: ref.id,
        title: audit.title,
        score: audit.score,
        display: audit.displayValue,
        detail,
      });
    }
  }
  const opportunities = Object.values(lhr.audits)
    .filter((a) => a.details?.type === "opportunity" && (a.numericValue ?? 0) > 0 && a.score !== null && a.score < 1)
    .map((a) => ({ id: a.id, title: a.title, display: a.displayValue }));
  // What the LCP element and the layout shifts were, for diagnosis.
  const lcpItems = lhr.audits["largest-contentful-paint-element"]?.details?.items ?? [];
  const lcpElement = lcpItems[0]?.items?.[0]?.node?.snippet ?? null;
  const shifts = (lhr.audits["layout-shifts"]?.details?.items ?? []).map((i) => ({
    score: i.score,
    node: i.node?.snippet?.slice(0, 160),
  }));
  return {
    lcpElement,
    shifts,
    scores,
    lcpMs: metric("largest-contentful-paint"),
    tbtMs: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
    fcpMs: metric("first-contentful-paint"),
    siMs: metric("speed-index"),
    transferKiB: (metric("total-byte-weight") ?? 0) / 1024,
    failing,
    opportunities,
    lighthouseVersion: lhr.lighthouseVersion,
    // Lighthouse's own CPU yardstick for this run (higher is faster; see BENCHMARKS.md).
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    userAgent: lhr.environment?.hostUserAgent,
  };
}
