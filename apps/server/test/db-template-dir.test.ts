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
import { PRODUCTION_ENV } from "./helpers/production-env.js";

const PRODUCTION = PRODUCTION_ENV;

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
