#!/usr/bin/env node
// The node agent's side of `pnpm bench:nodes` (issue #29): how long the built agent takes from its
// start to a wireguard-go interface holding the whole published set. Each run: a fresh network
// namespace with a wireguard-go interface (private key set, up, as on a node), a control plane
// stand-in on loopback serving the full set of BENCH_AGENT_PEERS peers as the node API does, then
// `node apps/node-agent/dist/main.js`; the clock stops when the agent logs "interface synced" and
// `wg show IF peers` counts every peer. Median of BENCH_AGENT_RUNS runs, with spread and load.
//
// Needs root, /dev/net/tun, wireguard-tools and wireguard-go (node scripts/ensure-wireguard.mjs).
// Environment: BENCH_AGENT_PEERS (65536: wireguard-go's limit per interface, see BENCHMARKS.md),
// BENCH_AGENT_RUNS (5). Other bench scripts call runAgentApplyBench() directly.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  createNamespace,
  deleteNamespace,
  deleteWireguardGo,
  run,
  startWireguardGo,
  tunnelBlocker,
  uniqueSuffix,
  wgKeyPair,
} from "../lib/wireguard-netns.mjs";
import { loadAverage, printMachine } from "./lib/machine.mjs";
import { saveResults } from "./lib/results.mjs";
import { median, printTable, round } from "./lib/stats.mjs";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const AGENT = path.join(repoRoot, "apps/node-agent/dist/main.js");
const TOKEN = "bench-node-token-0123456789abcdef";
export const TARGET_SECONDS = 10;

/** `count` peers as the node API sends them: random keys, consecutive addresses in the pools. */
export function benchPeerSet(count) {
  const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const peers = [];
  for (let i = 0; i < count; i++) {
    const n = i + 2;
    const v4 = `10.${64 + (n >>> 16)}.${(n >>> 8) & 255}.${n & 255}/32`;
    const v6 = `fd00:7665:696c::${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}/128`;
    peers.push({ publicKey: randomBytes(32).toString("base64"), allowedIps: [v4, v6], expiresAt });
  }
  return { revision: 1, peers };
}

/** The node API's peer routes for one fixed set: the full set, and 304 for every `since`. */
async function startStandIn(body) {
  const server = createServer((req, res) => {
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return res.writeHead(401).end();
    const url = new URL(req.url, "http://x");
    if (url.pathname === "/api/nodes/v1/report") return res.writeHead(204).end();
    if (url.searchParams.has("since")) {
      const timer = setTimeout(() => res.writeHead(304).end(), Number(url.searchParams.get("wait") ?? 0) * 1000);
      req.socket.once("close", () => clearTimeout(timer));
      return;
    }
    res.writeHead(200, { "content-type": "application/json", etag: '"1"' }).end(body);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { server, url: `http://127.0.0.1:${server.address().port}` };
}

function rssOfWireguardGo(iface) {
  try {
    const out = run("ps", ["-C", "wireguard-go", "-o", "rss=,args="]);
    const line = out.split("\n").find((l) => l.trim().endsWith(` ${iface}`));
    return line ? Math.round(Number(line.trim().split(/\s+/)[0]) / 1024) : null;
  } catch {
    return null;
  }
}

async function oneRun(standIn, count) {
  const id = uniqueSuffix();
  const ns = `vbench-${id}`;
  const iface = `wgb${id}`;
  const dir = mkdtempSync(path.join(tmpdir(), "veil-agent-bench-"));
  let agent;
  const loadBefore = loadAverage();
  try {
    createNamespace(ns);
    await startWireguardGo(ns, iface);
    const keyFile = path.join(dir, "private.key");
    writeFileSync(keyFile, `${wgKeyPair().privateKey}\n`, { mode: 0o600 });
    run("wg", ["set", iface, "private-key", keyFile, "listen-port", "0"]);
    run("ip", ["netns", "exec", ns, "ip", "link", "set", iface, "up"]);

    const started = performance.now();
    agent = spawn(process.execPath, [AGENT], {
      env: {
        PATH: process.env.PATH,
        VEIL_API_URL: standIn.url,
        VEIL_NODE_TOKEN: TOKEN,
        WG_INTERFACE: iface,
        STATE_FILE: path.join(dir, "state.json"),
        HEALTH_PORT: "0",
        REPORT_SECONDS: "3600",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    let received = null;
    const synced = await new Promise((resolve, reject) => {
      const onLine = (chunk) => {
        output += chunk;
        for (const line of output.split("\n")) {
          if (line.includes('"full set received and saved"')) received = JSON.parse(line);
          if (!line.includes('"interface synced"')) continue;
          const entry = JSON.parse(line);
          if (entry.reason === "full set") resolve(entry);
        }
      };
      agent.stdout.on("data", onLine);
      agent.stderr.on("data", (c) => (output += c));
      agent.once("exit", (code) => reject(new Error(`the agent exited (${code}):\n${output.slice(-2000)}`)));
      setTimeout(() => reject(new Error(`no full sync within 300 s:\n${output.slice(-2000)}`)), 300_000).unref();
    });
    const totalSeconds = (performance.now() - started) / 1000;
    const onInterface = run("wg", ["show", iface, "peers"]).split("\n").filter(Boolean).length;
    if (onInterface !== count) throw new Error(`the interface holds ${onInterface} peers, expected ${count}`);
    return {
      totalSeconds: round(totalSeconds, 2),
      // Fetch + parse + checks, then the snapshot written (fsync) before the interface is touched.
      fetchSeconds: round((received?.fetchMs ?? Number.NaN) / 1000, 2),
      saveSeconds: round((received?.saveMs ?? Number.NaN) / 1000, 2),
      syncSeconds: round(synced.ms / 1000, 2),
      wireguardGoMiB: rssOfWireguardGo(iface),
      loadBefore: loadBefore.join("/"),
      loadAfter: loadAverage().join("/"),
    };
  } finally {
    agent?.kill("SIGKILL");
    await deleteWireguardGo(ns, iface);
    deleteNamespace(ns);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs the benchmark; returns the raw runs and the summary. */
export async function runAgentApplyBench({ peers = 65_536, runs = 5 } = {}) {
  const blocker = tunnelBlocker();
  if (blocker) throw new Error(`the agent benchmark cannot run here: ${blocker}`);
  const body = JSON.stringify(benchPeerSet(peers));
  const standIn = await startStandIn(body);
  const results = [];
  try {
    for (let i = 0; i < runs; i++) {
      const r = await oneRun(standIn, peers);
      console.log(
        `  run ${i + 1}/${runs}: ${r.totalSeconds} s to ${peers} peers (of which applying to the interface ${r.syncSeconds} s), load ${r.loadBefore} → ${r.loadAfter}`,
      );
      results.push(r);
    }
  } finally {
    standIn.server.closeAllConnections();
    standIn.server.close();
  }
  const totals = results.map((r) => r.totalSeconds);
  const syncs = results.map((r) => r.syncSeconds);
  return {
    peers,
    runs: results,
    summary: {
      medianTotalSeconds: round(median(totals), 2),
      minTotalSeconds: Math.min(...totals),
      maxTotalSeconds: Math.max(...totals),
      medianSyncSeconds: round(median(syncs), 2),
      targetSeconds: TARGET_SECONDS,
      bodyMiB: round(body.length / 2 ** 20, 1),
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const machine = printMachine();
  const peers = Number(process.env.BENCH_AGENT_PEERS ?? 65_536);
  const runs = Number(process.env.BENCH_AGENT_RUNS ?? 5);
  console.log(`\nnode agent: full set of ${peers} peers → wireguard-go, ${runs} runs`);
  const result = await runAgentApplyBench({ peers, runs });
  printTable(result.runs);
  const s = result.summary;
  console.log(
    `\nmedian ${s.medianTotalSeconds} s (spread ${s.minTotalSeconds}–${s.maxTotalSeconds} s), of which applying to the interface ${s.medianSyncSeconds} s; target ≤ ${TARGET_SECONDS} s for 100k peers`,
  );
  saveResults("agent-apply", { machine, ...result });
}
