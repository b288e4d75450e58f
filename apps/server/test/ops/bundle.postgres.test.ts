/**
 * The production bundle (`pnpm bundle <dir>`, scripts/bundle.mjs): built into a temporary
 * directory from this checkout, it holds no development dependency, and started from there alone
 * (its own node_modules, migrations beside dist/, the web app in web/, no tsx, no source tree) with
 * production settings on a fresh Postgres, it migrates, answers /readyz, signs a person up with a
 * code mailed over SMTP, serves the web app and the API reference, and its compiled admin command
 * line (`node dist/admin.js`) works on the same database.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink } from "../helpers/smtp-sink.js";
import type { SpawnedServer } from "../helpers/spawn-server.js";
import { queryUrl, repoRoot, type ScratchDatabase, scratchDatabase, serverDir, whenListening } from "./built-server.js";

let out: string;
let db: ScratchDatabase;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let server: SpawnedServer | undefined;

/** Only what a production host has: no inherited NODE_OPTIONS, NODE_PATH or tsx loader. */
function productionEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: "0",
    DATABASE_URL: db.url,
    JWT_SECRET: randomBytes(48).toString("base64"),
    MFA_ENCRYPTION_KEY: randomBytes(48).toString("base64"),
    EXNODE_CALLBACK_SECRET: randomBytes(32).toString("hex"),
    SITE_URL: "https://vpn.example.com",
    SMTP_URL: sink.url,
    MAIL_FROM: "Veil <no-reply@vpn.example.com>",
    SUPPORT_EMAIL: "support@vpn.example.com",
    EXNODE_PUBLIC_KEY: "bundle-test-public",
    EXNODE_PRIVATE_KEY: "bundle-test-private",
    // Never called: no payment is pending, and the reconciler runs only at start-up.
    EXNODE_BASE_URL: "https://127.0.0.1:9",
    RECONCILE_INTERVAL_SECONDS: "0",
    REMINDER_INTERVAL_SECONDS: "0",
    WEB_DIST: path.join(out, "web"),
    ...extra,
  };
}

/** Every package name in the bundle's node_modules, however deep (pnpm's .pnpm store included). */
function bundledPackages(dir: string): Set<string> {
  const names = new Set<string>();
  const store = path.join(dir, "node_modules/.pnpm");
  for (const entry of existsSync(store) ? readdirSync(store) : []) {
    // e.g. "@hono+node-server@2.1.8_hono@4.13.19" → "@hono/node-server"
    const spec = entry.split("_")[0] ?? "";
    const at = spec.lastIndexOf("@");
    if (at > 0) names.add(spec.slice(0, at).replace("+", "/"));
  }
  for (const entry of readdirSync(path.join(dir, "node_modules"))) {
    if (entry.startsWith(".")) continue;
    if (entry.startsWith("@")) {
      for (const scoped of readdirSync(path.join(dir, "node_modules", entry))) names.add(`${entry}/${scoped}`);
    } else names.add(entry);
  }
  return names;
}

/** Development dependencies of every workspace package that the server does not also need in production. */
function devOnlyPackages(): string[] {
  const manifests = ["package.json", "apps/*/package.json", "packages/*/package.json"]
    .flatMap((pattern) =>
      pattern.includes("*")
        ? readdirSync(path.join(repoRoot, path.dirname(path.dirname(pattern)))).map((dir) =>
            path.join(path.dirname(path.dirname(pattern)), dir, "package.json"),
          )
        : [pattern],
    )
    .map((file) => path.join(repoRoot, file))
    .filter((file) => existsSync(file))
    .map((file) => JSON.parse(readFileSync(file, "utf8")) as { devDependencies?: Record<string, string> });
  const server = JSON.parse(readFileSync(path.join(serverDir, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  const dev = new Set(manifests.flatMap((m) => Object.keys(m.devDependencies ?? {})));
  for (const name of Object.keys(server.dependencies)) dev.delete(name);
  return [...dev].sort();
}

beforeAll(async () => {
  out = mkdtempSync(path.join(os.tmpdir(), "veil-bundle-"));
  const built = spawnSync(process.execPath, [path.join(repoRoot, "scripts/bundle.mjs"), out], {
    cwd: repoRoot,
    env: { ...process.env, VEIL_BUNDLE_REUSE_BUILD: "1" },
    encoding: "utf8",
    timeout: 600_000,
  });
  if (built.status !== 0) throw new Error(`pnpm bundle failed:\n${built.stdout}\n${built.stderr}`);
  db = await scratchDatabase("bundle");
  sink = await startSmtpSink();
}, 620_000);

afterAll(async () => {
  await server?.stop();
  await sink?.close();
  await db?.drop();
  if (out) rmSync(out, { recursive: true, force: true });
});

describe("the production bundle", () => {
  it("holds the server, the compiled admin command line, the migrations and the web app", () => {
    for (const file of ["dist/main.js", "dist/admin.js", "web/index.html", "package.json"]) {
      expect(existsSync(path.join(out, file)), file).toBe(true);
    }
    const migrations = readdirSync(path.join(out, "dist/migrations"));
    expect(migrations).toEqual(readdirSync(path.join(serverDir, "src/db/migrations")));
    // No source tree and no test in it.
    expect(existsSync(path.join(out, "src"))).toBe(false);
    expect(existsSync(path.join(out, "test"))).toBe(false);
  });

  it("holds production dependencies only: none of the workspace's development tools", () => {
    const bundled = bundledPackages(out);
    const devOnly = devOnlyPackages();
    // The list it is checked against (typescript, vitest, playwright, lighthouse, storybook, tsx, …).
    expect(devOnly).toEqual(expect.arrayContaining(["tsx", "typescript", "vitest", "@playwright/test", "lighthouse"]));
    expect(devOnly.filter((name) => bundled.has(name))).toEqual([]);
    expect(bundled.has("pg")).toBe(true);
    expect(bundled.has("swagger-ui-dist")).toBe(true);
  });

  it("runs in production on Postgres: migrations, /readyz, a sign-up with a mailed code, the admin command line", async () => {
    server = await whenListening(
      spawn(process.execPath, [path.join(out, "dist/main.js")], {
        cwd: out,
        env: productionEnv(),
        stdio: ["ignore", "pipe", "pipe"],
      }),
      120_000,
    );
    // Production logs: every line JSON, start-up included.
    const startup = server.output().split("\n").filter(Boolean);
    for (const line of startup) expect(() => JSON.parse(line), line).not.toThrow();

    const applied = await queryUrl<{ n: string }>(db.url, "SELECT count(*) AS n FROM schema_migrations");
    expect(Number(applied[0]?.n)).toBe(readdirSync(path.join(out, "dist/migrations")).length);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get("strict-transport-security")).toMatch(/max-age=/);

    // Sign-up: the code arrives over SMTP.
    const email = `bundle-${randomBytes(4).toString("hex")}@example.com`;
    const password = `Bundle-${randomBytes(8).toString("hex")}`;
    const headers = { apikey: "anon", "Content-Type": "application/json", "X-Supabase-Api-Version": "2024-01-01" };
    const signup = await fetch(`${server.url}/auth/v1/signup`, {
      method: "POST",
      headers,
      body: JSON.stringify({ email, password }),
    });
    expect(signup.status).toBe(200);
    const mailTo = () => sink.received.find((m) => JSON.stringify(m.to).includes(email));
    for (const deadline = Date.now() + 30_000; !mailTo() && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 200));
    }
    const mail = mailTo();
    const code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1];
    expect(code, "a mailed code").toBeDefined();
    const verify = await fetch(`${server.url}/auth/v1/verify`, {
      method: "POST",
      headers,
      body: JSON.stringify({ email, token: code, type: "email" }),
    });
    expect(verify.status).toBe(200);
    const { access_token: token } = (await verify.json()) as { access_token: string };
    const bearer = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
    const init = await fetch(`${server.url}/api/user/web/init-session`, {
      method: "POST",
      headers: bearer,
      body: JSON.stringify({ email }),
    });
    expect(init.status).toBe(200);

    // The web app and the API reference come from the bundle's own files.
    expect((await fetch(`${server.url}/faq`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/reference/swagger-ui-bundle.js`)).status).toBe(200);

    // The compiled admin command line, on the same database: grant days, seen by the API.
    const admin = spawnSync(process.execPath, [path.join(out, "dist/admin.js"), "users", "grant", email, "7"], {
      cwd: out,
      env: productionEnv(),
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(admin.status, `${admin.stdout}\n${admin.stderr}`).toBe(0);
    const info = await fetch(`${server.url}/api/subscription/web/info`, { headers: bearer });
    expect(await info.json()).toMatchObject({ is_active: true, days_left: 7 });
  }, 240_000);
});
