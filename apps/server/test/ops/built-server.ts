/**
 * Helpers of the operations tests: the BUILT server (`dist/main.js`, as production runs it) in
 * child processes, scratch Postgres databases for them, and free ports.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { type SpawnedServer, whenListening } from "../helpers/spawn-server.js";

export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const repoRoot = path.resolve(serverDir, "../..");
export const builtMain = path.join(serverDir, "dist/main.js");

/** `npm test` builds before it runs Vitest; a targeted run must build first. */
export function assertBuilt(): void {
  if (!existsSync(builtMain)) {
    throw new Error(`${builtMain} is missing: run \`pnpm --filter @veil/server run build\` first`);
  }
}

/** The running built server: the same handle as a server spawned from source. */
export type BuiltServer = SpawnedServer;
export { whenListening };

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
