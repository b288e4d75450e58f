// The servers under test, each in its own process so the load generator never shares their event
// loop: the built Veil server (apps/server/dist/main.js) and a bare node:http baseline.
import { spawn } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { serverDir } from "./deps.mjs";

export const VEIL_MAIN = path.join(serverDir, "dist/main.js");

/** A port that was free a moment ago (the server gets it up front so /readyz can be polled from spawn). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Resident set size now and at its peak (Linux /proc), in MiB. */
export function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
    return { rssMiB: kb("VmRSS") / 1024, peakRssMiB: kb("VmHWM") / 1024 };
  } catch {
    return { rssMiB: Number.NaN, peakRssMiB: Number.NaN };
  }
}

async function waitFor(url, child, timeoutMs, logFile) {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode} before it was ready:\n${readFileSync(logFile, "utf8")}`);
    }
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  throw new Error(`${url} was not OK within ${timeoutMs} ms:\n${readFileSync(logFile, "utf8")}`);
}

function stopper(child, cleanup) {
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const timedOut = await Promise.race([exited.then(() => false), sleep(10_000).then(() => true)]);
      if (timedOut) {
        child.kill("SIGKILL");
        await exited;
      }
    }
    cleanup?.();
  };
}

/**
 * Starts `node apps/server/dist/main.js` and resolves once GET /readyz answers 200. `coldStartMs`
 * is spawn → first OK /readyz (process start, module load, database open and migrations).
 * `database`: { kind: "pglite", dataDir? } (a fresh temp dir unless given) or { kind: "postgres", url }.
 * Logs go to a file (as they would to a log collector) at the default level, info.
 */
export async function startVeil({ database, env = {}, timeoutMs = 180_000 }) {
  if (!existsSync(VEIL_MAIN)) throw new Error(`${VEIL_MAIN} is missing: run \`pnpm build\` first`);
  const port = await freePort();
  const scratch = mkdtempSync(path.join(os.tmpdir(), "veil-bench-"));
  const dataDir = database.kind === "pglite" ? (database.dataDir ?? path.join(scratch, "data")) : undefined;
  const logFile = path.join(scratch, "server.log");
  const out = openSync(logFile, "w");
  const started = performance.now();
  const child = spawn(process.execPath, [VEIL_MAIN], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: database.kind === "postgres" ? database.url : "",
      DATA_DIR: dataDir ?? path.join(scratch, "unused"),
      // Every request of a load test comes from 127.0.0.1; GoTrue's default of 150 token calls per
      // IP per 5 minutes would turn the refresh benchmark into a rate-limit benchmark.
      RATE_LIMIT_TOKEN_PER_5MIN: "100000",
      RECONCILE_INTERVAL_SECONDS: "0",
      ...env,
    },
    stdio: ["ignore", out, out],
  });
  closeSync(out);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/readyz`, child, timeoutMs, logFile);
  } catch (err) {
    child.kill("SIGKILL");
    throw err;
  }
  const coldStartMs = performance.now() - started;
  return {
    url,
    pid: child.pid,
    dataDir,
    logFile,
    coldStartMs,
    memory: () => memoryOf(child.pid),
    // The scratch directory holds the log and, unless the caller brought one, the data directory.
    stop: stopper(child, () => rmSync(scratch, { recursive: true, force: true })),
  };
}

const BASELINE_SOURCE = `
const http = require("node:http");
const body = JSON.stringify({ hello: "world" });
http.createServer((req, res) => {
  res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.env.PORT), "127.0.0.1");
`;

/** A bare node:http hello-world in its own process: the ceiling this machine and Node can reach. */
export async function startBaseline() {
  const port = await freePort();
  const scratch = mkdtempSync(path.join(os.tmpdir(), "veil-bench-baseline-"));
  const logFile = path.join(scratch, "baseline.log");
  const out = openSync(logFile, "w");
  const child = spawn(process.execPath, ["-e", BASELINE_SOURCE], {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", out, out],
  });
  closeSync(out);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/`, child, 10_000, logFile);
  return {
    url,
    pid: child.pid,
    memory: () => memoryOf(child.pid),
    stop: stopper(child, () => rmSync(scratch, { recursive: true, force: true })),
  };
}
