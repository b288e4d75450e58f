#!/usr/bin/env node
// `pnpm dev`: the web app on Vite's dev server (hot module replacement: a saved screen shows in the
// browser within a second) in front of the server from source in watch mode (`tsx watch`: restarts
// on a saved server file). Vite passes /api, /auth, /dev and the payment simulator on to the
// server (apps/web/vite.config.ts), so the app, the dev mailbox and the simulator all answer on one
// origin: http://localhost:5173. Ctrl-C stops both.
//
// The server runs on its development defaults (PGlite in .data/, dev mailbox, gateway simulator,
// loopback only), with SITE_URL pointing at Vite, so links in mails open the dev server. PORT
// (server, default 8080) and DEV_PORT (Vite, default 5173) move them.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const serverPort = process.env.PORT ?? "8080";
const devPort = process.env.DEV_PORT ?? "5173";
const siteUrl = process.env.SITE_URL ?? `http://localhost:${devPort}`;
const env = { ...process.env, PORT: serverPort, DEV_PORT: devPort, SITE_URL: siteUrl, FORCE_COLOR: "1" };

const children = [];

/** Starts `pnpm --filter <pkg> run dev`, prefixing each line of its output with `label`. */
function start(label, pkg) {
  // A process group of its own: pnpm starts a shell that starts the watcher that starts the
  // server, and a signal to pnpm alone would leave those running.
  const child = spawn("pnpm", ["--filter", pkg, "run", "dev"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  for (const stream of [child.stdout, child.stderr]) {
    let rest = "";
    stream.on("data", (chunk) => {
      const lines = (rest + chunk.toString()).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) process.stdout.write(`${label} ${line}\n`);
    });
  }
  child.on("exit", (code, signal) => {
    console.log(`${label} stopped (${signal ?? code})`);
    // One half without the other is no dev setup: stop the rest too.
    stop(code ?? 1);
  });
  children.push(child);
}

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // That group has already gone.
    }
  }
  setTimeout(() => process.exit(code), 500).unref();
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

start("[server]", "@veil/server");
start("[web]   ", "@veil/web");
console.log(`Open http://localhost:${devPort} (server on http://localhost:${serverPort}; Ctrl-C stops both)`);
