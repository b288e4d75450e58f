// Finds the Postgres the server tests run on a second time (every db-touching test also runs on
// PGlite): TEST_DATABASE_URL, else the machine's Postgres at postgres://postgres@127.0.0.1:5432/test.
// Each test file gets its own schema there, dropped afterwards.
import { spawnSync } from "node:child_process";
import net from "node:net";

export const testDatabaseUrl = () => process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

function listening(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port: Number(port) || 5432 });
    socket.setTimeout(2000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/**
 * Resolves to the database URL once a Postgres listens there, starting the machine's own clusters
 * when it is a local Debian install that is stopped (root only, best effort); otherwise prints what
 * to install or start and resolves to null.
 */
export async function ensurePostgres(databaseUrl = testDatabaseUrl()) {
  const { hostname, port } = new URL(databaseUrl);
  if (await listening(hostname, port)) return databaseUrl;
  const isLocal = ["127.0.0.1", "localhost", "::1"].includes(hostname);
  if (isLocal && process.getuid?.() === 0) {
    spawnSync(
      "sh",
      [
        "-c",
        "command -v pg_ctlcluster >/dev/null && pg_lsclusters -h | awk '{print $1, $2}' | while read v c; do pg_ctlcluster $v $c start; done",
      ],
      { stdio: "inherit" },
    );
    for (let i = 0; i < 20 && !(await listening(hostname, port)); i++) await new Promise((r) => setTimeout(r, 500));
    if (await listening(hostname, port)) return databaseUrl;
  }
  console.error(
    [
      `✖ No Postgres is listening at ${hostname}:${port || 5432}, so the server tests cannot run on real Postgres.`,
      "  Start one, e.g. on Debian/Ubuntu:  apt-get install -y postgresql && pg_ctlcluster 15 main start",
      "  (trust auth for 127.0.0.1 and a database named test: createdb -U postgres test),",
      "  or point TEST_DATABASE_URL at a Postgres you can create schemas in.",
    ].join("\n"),
  );
  return null;
}

/** Shown in logs without its password. */
export const redacted = (url) => url.replace(/:[^:@/]+@/, ":***@");
