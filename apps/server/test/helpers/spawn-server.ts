import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGLITE_TEMPLATE_DIR } from "./test-db.js";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface SpawnedServer {
  url: string;
  port: number;
  process: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  /** Sends `signal` and resolves with the exit code once the process is gone. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
}

/** Resolves once `child` prints that it listens (rejects if it exits first or takes too long). */
export function whenListening(child: ChildProcess, timeoutMs = 60_000): Promise<SpawnedServer> {
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
      const match = /listening on (http:\/\/[^\s"]+)/.exec(out);
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

/**
 * Starts the real server entry point (src/main.ts) in a child process on a random port and
 * resolves with its URL once it prints that it is listening.
 */
export function spawnServer(env: Record<string, string> = {}, timeoutMs = 60_000): Promise<SpawnedServer> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    // In-memory database by default, so a spawned server never contends for the repo's .data/ nor
    // touches a shared Postgres (pass DATA_DIR / DATABASE_URL to test those).
    // bcrypt at its lowest cost, as in test-app.ts, and the in-memory database from the cached
    // migrated dump (test-db.ts); production refuses both, so they are left out there.
    env: {
      ...process.env,
      PORT: "0",
      NODE_ENV: "test",
      DATA_DIR: "memory://",
      DATABASE_URL: "",
      ...(env.NODE_ENV === "production"
        ? {}
        : { TEST_PASSWORD_HASH_COST: "4", TEST_PGLITE_TEMPLATE_DIR: PGLITE_TEMPLATE_DIR }),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return whenListening(child, timeoutMs);
}
