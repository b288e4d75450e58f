/**
 * A server of its own for e2e files that need settings the shared e2e server does not have (a
 * frozen clock, a shorter confirmation window): the built bundle (`apps/server/dist/main.js`, so
 * `pnpm run build` first) on a free loopback port with an in-memory database.
 */
import { type ChildProcess, spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Shared with the server's Vitest helpers (apps/server/test/helpers/test-db.ts). */
export const PGLITE_TEMPLATE_DIR = path.join(os.tmpdir(), "veil-test-templates");
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

export interface BuiltServer {
  url: string;
  process: ChildProcess;
}

/** Starts the built server with `env` on top of a quiet test environment; resolves once it listens. */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<BuiltServer> {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, "apps/server/dist/main.js")], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: "memory://",
      MAIL_RESEND_SECONDS: "1",
      RECONCILE_INTERVAL_SECONDS: "0",
      LOG_LEVEL: "warn",
      // bcrypt at its lowest cost (test only): seeding and sign-ins hash dozens of passwords.
      TEST_PASSWORD_HASH_COST: "4",
      // The in-memory database from a cached migrated dump instead of initdb (test only).
      TEST_PGLITE_TEMPLATE_DIR: PGLITE_TEMPLATE_DIR,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // However the test process ends (a fixture timeout tears the worker down without teardown),
  // the server ends with it.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  child.once("exit", () => process.off("exit", killOnExit));
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^\s"]+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`the e2e server exited (${code}):\n${output}`)));
    // 60 s was too short on a 2-core box at load 30 (seen: every world of a run failed to start).
    setTimeout(() => reject(new Error(`the e2e server did not start in 120 s:\n${output}`)), 120_000).unref();
  }).catch((err: unknown) => {
    // A server that did not start in time must not live on after the run (seen: a dozen left
    // running after a loaded run, each a PGlite server taking CPU from the next one).
    child.kill("SIGKILL");
    throw err;
  });
  return { url, process: child };
}
