import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface SpawnedServer {
  url: string;
  process: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
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
    env: { ...process.env, PORT: "0", NODE_ENV: "test", DATA_DIR: "memory://", DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not start in ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({
          url: match[1],
          process: child,
          output: () => out,
          stop: (signal = "SIGTERM") =>
            new Promise((done) => {
              if (child.exitCode !== null) return done(child.exitCode);
              child.once("exit", (code) => done(code));
              child.kill(signal);
            }),
        });
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${out}`));
    });
  });
}
