/**
 * TEST_PGLITE_TEMPLATE_DIR: a test server on `memory://` starts from a migrated PGlite dump cached
 * in that directory (made on first use) instead of initdb; production refuses it.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config/index.js";
import { migrationsFingerprint } from "../src/db/index.js";
import { type RunningServer, startServer } from "../src/server.js";

const PRODUCTION = {
  NODE_ENV: "production",
  JWT_SECRET: "pV3x9Lq2Zr7Tn4Wb8Kc1Hs6Yd0Fg5Jm2Qa7Ue3Io9",
  MFA_ENCRYPTION_KEY: "Qm7vT2xK9pL4wR8zN1cF6hJ3dS0gB5yEa8Wu",
  SITE_URL: "https://veil.example.com",
  SMTP_URL: "smtp://mail.example:587",
  EXNODE_PUBLIC_KEY: "pub",
  EXNODE_PRIVATE_KEY: "priv",
  EXNODE_CALLBACK_SECRET: "c7e1a94f0b3d28e65f1a0c9d4b7e2f83a6d5c0b1",
};

describe("TEST_PGLITE_TEMPLATE_DIR", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "veil-template-dir-"));
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("should be refused in production", () => {
    expect(() => loadConfig({ ...PRODUCTION, TEST_PGLITE_TEMPLATE_DIR: dir })).toThrow(
      /TEST_PGLITE_TEMPLATE_DIR: test-only, refused in production/,
    );
  });

  it("should cache a migrated dump on first start and serve every later start from it", async () => {
    const start = async () => {
      const config = loadConfig({ NODE_ENV: "test", PORT: "0", DATA_DIR: "memory://", TEST_PGLITE_TEMPLATE_DIR: dir });
      const server = await startServer(config, { mailPollMs: 0, housekeepingMs: 0 });
      servers.push(server);
      return server;
    };
    const first = await start();
    const cached = readdirSync(dir);
    expect(cached).toEqual([expect.stringMatching(new RegExp(`^pglite-.+-${migrationsFingerprint()}\\.tar$`))]);
    const second = await start();
    expect(readdirSync(dir)).toEqual(cached);
    // Both are migrated databases of their own: the public plans answer on each.
    for (const server of [first, second]) expect((await fetch(`${server.url}/api/plans/`)).status).toBe(200);
  }, 120_000);
});
