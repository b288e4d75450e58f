import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb } from "../../src/db/index.js";
import {
  assertBuilt,
  type BuiltServer,
  freePort,
  queryUrl,
  repoRoot,
  type ScratchDatabase,
  scratchDatabase,
  startBuilt,
  whenListening,
} from "./built-server.js";

/**
 * docs/operations.md promises that every shell command in it is run by a test or a script. This
 * file reads the guide's `sh` blocks (each one labelled `<!-- guide: name -->`) and runs them as an
 * operator would, in bash: generate the secrets, start the built server in production mode from the
 * environment file, check health and metrics, back up Postgres with pg_dump, break the data, restore it with
 * pg_restore, and the same for a PGlite directory. Blocks labelled `run-by <script>` must appear in
 * that script (they build the release, which `npm test` does before this runs).
 */
const guidePath = path.join(repoRoot, "docs/operations.md");

interface GuideBlock {
  label: string;
  code: string;
}

function guideBlocks(): GuideBlock[] {
  const text = readFileSync(guidePath, "utf8");
  const blocks: GuideBlock[] = [];
  for (const match of text.matchAll(/(?:<!-- guide: ([^>]+?) -->\n)?```sh\n([\s\S]*?)```/g)) {
    blocks.push({ label: match[1] ?? "", code: match[2] ?? "" });
  }
  return blocks;
}

const blocks = guideBlocks();
const block = (label: string): string => {
  const found = blocks.find((b) => b.label === label);
  if (!found) throw new Error(`docs/operations.md has no block labelled ${label}`);
  return found.code;
};

/** Runs a guide block in bash (-e: the first failing command fails the block). */
function runBlock(label: string, env: Record<string, string>, cwd: string, code = block(label)) {
  const res = spawnSync("bash", ["-euo", "pipefail", "-c", code], {
    cwd,
    env: { ...process.env, ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  if (res.status !== 0) {
    throw new Error(`guide block "${label}" failed (${res.status}):\n${code}\n${res.stdout}\n${res.stderr}`);
  }
  return res.stdout;
}

const PASSWORD = "violet-harbour-lantern";
const authHeaders = { "Content-Type": "application/json", apikey: "anon", "X-Supabase-Api-Version": "2024-01-01" };

let work: string;
beforeAll(() => {
  assertBuilt();
  work = mkdtempSync(path.join(tmpdir(), "veil-guide-"));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("docs/operations.md", () => {
  it("should label every shell block, and every label should be one this test or a script runs", () => {
    const handled = [
      "secrets",
      "start",
      "health",
      "backup-postgres",
      "restore-postgres",
      "backup-pglite",
      "restore-pglite",
      "metrics",
    ];
    for (const b of blocks) {
      expect(b.label, `unlabelled block:\n${b.code}`).not.toBe("");
      if (!b.label.startsWith("run-by ")) expect(handled).toContain(b.label);
    }
    expect(blocks.map((b) => b.label)).toEqual(expect.arrayContaining(handled));
  });

  it("should find each build command of a `run-by` block in the script named", () => {
    for (const b of blocks.filter((x) => x.label.startsWith("run-by "))) {
      const script = readFileSync(path.join(repoRoot, b.label.slice("run-by ".length)), "utf8");
      for (const line of b.code.split("\n").filter((l) => l.trim() && !l.trim().startsWith("#"))) {
        // `pnpm install --frozen-lockfile` is spawned as pnpm("install", "--frozen-lockfile").
        const words = line.trim().split(/\s+/);
        const pattern = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(`["'\\s,()]+`);
        expect(script, `${b.label} should run: ${line}`).toMatch(new RegExp(pattern));
      }
    }
  });
});

describe("the guide's commands, run as written", () => {
  let db: ScratchDatabase;
  let server: BuiltServer | undefined;
  beforeAll(async () => {
    db = await scratchDatabase("veil_guide");
  });
  afterAll(async () => {
    await server?.stop("SIGKILL");
    await db?.drop();
  });

  /** The start block with the guide's environment file path pointing at ours. */
  async function startFromGuide(envFile: string): Promise<BuiltServer> {
    const code = block("start").replaceAll("/etc/veil/veil.env", envFile);
    const child = spawn("bash", ["-euo", "pipefail", "-c", code], {
      cwd: repoRoot,
      // Only what a service manager would pass: the rest comes from the environment file.
      env: { PATH: process.env.PATH ?? "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    return whenListening(child);
  }

  it("should generate secrets long enough for production, start, answer health checks, back up and restore Postgres", async () => {
    const secrets = runBlock("secrets", {}, work).trim().split("\n");
    expect(secrets).toHaveLength(4);
    const [jwtSecret = "", mfaKey = "", callbackSecret = "", metricsToken = ""] = secrets;
    expect(Buffer.from(jwtSecret, "base64")).toHaveLength(48);
    expect(Buffer.from(mfaKey, "base64")).toHaveLength(48);
    expect(callbackSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(metricsToken).toMatch(/^[0-9a-f]{64}$/);

    const port = await freePort();
    const metricsPort = await freePort();
    const envFile = path.join(work, "veil.env");
    writeFileSync(
      envFile,
      [
        "NODE_ENV=production",
        "HOST=127.0.0.1",
        `PORT=${port}`,
        `DATABASE_URL=${db.url}`,
        `JWT_SECRET=${jwtSecret}`,
        `MFA_ENCRYPTION_KEY=${mfaKey}`,
        "SITE_URL=https://vpn.example.com",
        // Nothing listens there: the confirmation mail waits in the outbox, as when SMTP is down.
        "SMTP_URL=smtp://127.0.0.1:9",
        'MAIL_FROM="Veil <no-reply@vpn.example.com>"',
        "SUPPORT_EMAIL=support@vpn.example.com",
        "EXNODE_BASE_URL=https://127.0.0.1:9",
        "EXNODE_PUBLIC_KEY=guide-test-public",
        "EXNODE_PRIVATE_KEY=guide-test-private",
        `EXNODE_CALLBACK_SECRET=${callbackSecret}`,
        "TRUSTED_PROXIES=127.0.0.1",
        `METRICS_PORT=${metricsPort}`,
        "LOG_LEVEL=error",
        "",
      ].join("\n"),
      { mode: 0o600 },
    );
    server = await startFromGuide(envFile);
    expect(server.port).toBe(port);

    const health = runBlock("health", {}, work, block("health").replaceAll("127.0.0.1:8080", `127.0.0.1:${port}`));
    expect(health).toContain('"status":"ok"');
    expect(health).toContain('"status":"ready"');
    const metrics = runBlock(
      "metrics",
      {},
      work,
      block("metrics").replaceAll("127.0.0.1:9464", `127.0.0.1:${metricsPort}`),
    );
    expect(metrics).toMatch(/^veil_http_requests_total\{method="GET",route="\/healthz",status="200"\} 1$/m);

    const signup = await fetch(`${server.url}/auth/v1/signup`, {
      method: "POST",
      headers: authHeaders,
      body: JSON.stringify({ email: "backed-up@example.com", password: PASSWORD }),
    });
    expect(signup.status).toBe(200);

    // A backup while the server runs, then a disaster, then the restore with every process stopped.
    runBlock("backup-postgres", { DATABASE_URL: db.url }, work);
    const dumps = readdirSync(work).filter((f) => /^veil-\d{8}T\d{6}Z\.dump$/.test(f));
    expect(dumps).toHaveLength(1);
    await queryUrl(db.url, "DELETE FROM users");
    expect(await server.stop("SIGTERM")).toBe(0);
    server = undefined;

    runBlock("restore-postgres", { DATABASE_URL: db.url, BACKUP: path.join(work, dumps[0] ?? "") }, work);
    const users = await queryUrl<{ email: string }>(db.url, "SELECT email FROM users");
    expect(users.map((u) => u.email)).toEqual(["backed-up@example.com"]);

    // The restored database serves again: the process starts (migrations already applied) and is ready.
    server = await startFromGuide(envFile);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await server.stop("SIGTERM")).toBe(0);
    server = undefined;
  }, 180_000);

  it("should back up a stopped PGlite directory and bring it back", async () => {
    const dataDir = path.join(work, "pglite-data");
    const first = await startBuilt({ DATA_DIR: dataDir, DATABASE_URL: "" });
    const signup = await fetch(`${first.url}/auth/v1/signup`, {
      method: "POST",
      headers: authHeaders,
      body: JSON.stringify({ email: "embedded@example.com", password: PASSWORD }),
    });
    expect(signup.status).toBe(200);
    expect(await first.stop("SIGTERM")).toBe(0);

    const backupDir = path.join(work, "pglite-backups");
    rmSync(backupDir, { recursive: true, force: true });
    spawnSync("mkdir", ["-p", backupDir]);
    runBlock("backup-pglite", { DATA_DIR: dataDir }, backupDir);
    const archives = readdirSync(backupDir).filter((f) => /^veil-pglite-\d{8}T\d{6}Z\.tar\.gz$/.test(f));
    expect(archives).toHaveLength(1);

    // Lose the data, restore it, and find the account again.
    rmSync(path.join(dataDir, "pglite"), { recursive: true, force: true });
    runBlock("restore-pglite", { DATA_DIR: dataDir, BACKUP: path.join(backupDir, archives[0] ?? "") }, backupDir);
    const restored = await openDb({ dataDir: path.join(dataDir, "pglite") });
    try {
      const { rows } = await restored.query<{ email: string }>("SELECT email FROM users");
      expect(rows.map((r) => r.email)).toEqual(["embedded@example.com"]);
    } finally {
      await restored.close();
    }
  }, 180_000);
});
