/**
 * Helpers of the operations tests: the BUILT server (`dist/main.js`, as production runs it) in
 * child processes, scratch Postgres databases for them, and free ports.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const repoRoot = path.resolve(serverDir, "../..");
export const builtMain = path.join(serverDir, "dist/main.js");

/** `npm test` builds before it runs Vitest; a targeted run must build first. */
export function assertBuilt(): void {
  if (!existsSync(builtMain)) {
    throw new Error(`${builtMain} is missing: run \`pnpm --filter @veil/server run build\` first`);
  }
}

export interface BuiltServer {
  url: string;
  port: number;
  process: ChildProcess;
  output(): string;
  /** Sends `signal` and resolves with the exit code once the process is gone. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
}

/** Resolves once `child` prints that it listens (rejects if it exits first or takes too long). */
export function whenListening(child: ChildProcess, timeoutMs = 60_000): Promise<BuiltServer> {
  let out = "";
  const exited = new Promise<number | null>((done) => {
    if (child.exitCode !== null) done(child.exitCode);
    else child.once("exit", (code) => done(code));
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not start in ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (!match?.[1]) return;
      clearTimeout(timer);
      const url = match[1].replace("//localhost:", "//127.0.0.1:");
      resolve({
        url,
        port: Number(new URL(url).port),
        process: child,
        output: () => out,
        exited,
        stop: (signal = "SIGTERM") => {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          return exited;
        },
      });
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${out}`));
    });
  });
}

/** Starts `node dist/main.js` with `env` on top of a quiet test environment. */
export function startBuilt(env: Record<string, string>): Promise<BuiltServer> {
  assertBuilt();
  const child = spawn(process.execPath, [builtMain], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: "test", PORT: "0", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return whenListening(child);
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database on the test Postgres (DATABASE_URL), dropped again by `drop()`. */
export async function scratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error("the operations tests run in the server:postgres project (DATABASE_URL)");
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/** One query on a database URL, on a connection of its own. */
export async function queryUrl<T = Record<string, unknown>>(url: string, sql: string, params: unknown[] = []) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows as T[];
  } finally {
    await c.end();
  }
}
