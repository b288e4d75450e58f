#!/usr/bin/env node
// `pnpm bench:web`: Lighthouse 12.8 (mobile preset, simulated throttling, system Chromium) on the
// built app served by the real server, median of 3 runs per page. Prints scores, LCP/TBT/CLS and
// every audit that keeps a category below 100. Results: stdout + bench-results/web-*.json.
//
// Environment: BENCH_LH_RUNS (3), BENCH_LH_PAGES ("/home,/faq,/login"), CHROME_PATH (/usr/bin/chromium).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { repoRoot } from "./lib/deps.mjs";
import { describeMachine, printMachine } from "./lib/machine.mjs";
import { startVeil } from "./lib/processes.mjs";
import { saveResults } from "./lib/results.mjs";
import { median, printTable, round } from "./lib/stats.mjs";

const RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);
const PAGES = (process.env.BENCH_LH_PAGES ?? "/home,/faq,/login").split(",").map((s) => s.trim());
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
export const TARGETS = {
  performance: 98,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
  lcpMs: 1200,
  tbtMs: 50,
  cls: 0.01,
};

const LIGHTHOUSE = path.join(repoRoot, "node_modules/.bin/lighthouse");

/** One Lighthouse run (CLI: mobile form factor and simulated throttling are its defaults). */
function lighthouse(url, outDir, n) {
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
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
        "--quiet",
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
async function lighthouseWithRetry(url, outDir, n) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouse(url, outDir, n);
    } catch (err) {
      if (attempt > 2 || !String(err.message).includes("NO_NAVSTART")) throw err;
      console.log(`  (lighthouse recorded no navigation for ${url}; running it again)`);
    }
  }
}

function summarise(lhr) {
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
    userAgent: lhr.environment?.hostUserAgent,
  };
}

const machine = printMachine();
const server = await startVeil({ database: { kind: "pglite" } });
const outDir = mkdtempSync(path.join(os.tmpdir(), "veil-lighthouse-"));
const pages = {};
try {
  for (const page of PAGES) {
    const runs = [];
    for (let n = 0; n < RUNS; n++) {
      runs.push(
        summarise(await lighthouseWithRetry(`${server.url}${page}`, outDir, `${page.replace(/\W/g, "_")}-${n}`)),
      );
      process.stdout.write(`${page} run ${n + 1}/${RUNS}: performance ${runs.at(-1).scores.performance}\n`);
    }
    const med = (f) => median(runs.map(f));
    pages[page] = {
      runs,
      median: {
        ...Object.fromEntries(CATEGORIES.map((c) => [c, med((r) => r.scores[c])])),
        lcpMs: med((r) => r.lcpMs),
        tbtMs: med((r) => r.tbtMs),
        cls: med((r) => r.cls),
        fcpMs: med((r) => r.fcpMs),
        transferKiB: med((r) => r.transferKiB),
      },
    };
  }
} finally {
  await server.stop();
  rmSync(outDir, { recursive: true, force: true });
}

console.log(
  `\nLighthouse ${Object.values(pages)[0]?.runs[0]?.lighthouseVersion} · mobile · simulated throttling · median of ${RUNS}`,
);
const rows = Object.entries(pages).map(([page, { median: m }]) => {
  const misses = [];
  for (const c of CATEGORIES) if (m[c] < TARGETS[c]) misses.push(`${c} ${m[c]}<${TARGETS[c]}`);
  if (m.lcpMs > TARGETS.lcpMs) misses.push("LCP");
  if (m.tbtMs > TARGETS.tbtMs) misses.push("TBT");
  if (m.cls > TARGETS.cls) misses.push("CLS");
  return {
    page,
    perf: m.performance,
    a11y: m.accessibility,
    "best pr.": m["best-practices"],
    seo: m.seo,
    "LCP ms": round(m.lcpMs, 0),
    "TBT ms": round(m.tbtMs, 0),
    CLS: round(m.cls, 3),
    "FCP ms": round(m.fcpMs, 0),
    KiB: round(m.transferKiB, 0),
    targets: misses.length ? `MISSED: ${misses.join(", ")}` : "met",
  };
});
printTable(rows);

console.log("\nLCP element and layout shifts (first run):");
for (const [page, { runs }] of Object.entries(pages)) {
  console.log(`  ${page} LCP: ${runs[0]?.lcpElement?.slice(0, 160) ?? "?"}`);
  for (const shift of runs[0]?.shifts ?? []) console.log(`  ${page} shift ${round(shift.score, 3)}: ${shift.node}`);
}
console.log("\nAudits costing points (any run):");
for (const [page, { runs }] of Object.entries(pages)) {
  const seen = new Map();
  for (const r of runs) for (const f of [...r.failing, ...r.opportunities]) seen.set(f.id, f);
  for (const f of seen.values()) {
    console.log(`  ${page} ${f.category ?? "opportunity"}: ${f.id} — ${f.title}${f.display ? ` (${f.display})` : ""}`);
    if (f.detail) console.log(`      ${f.detail}`);
  }
}

saveResults("web", { machine, machineAfter: describeMachine(), targets: TARGETS, pages });
process.exitCode = rows.every((r) => r.targets === "met") ? 0 : 1;
