import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config/index.js";
import { type RunningServer, startServer } from "../src/server.js";
import { PRODUCTION_ENV } from "./helpers/production-env.js";
import { createTestDb } from "./helpers/test-db.js";

describe("TEST_CLOCK_START (the frozen clock of the browser suites)", () => {
  it("should be refused in production and rejected when it is not an ISO instant", () => {
    const production = PRODUCTION_ENV;
    expect(() => loadConfig(production)).not.toThrow();
    expect(() => loadConfig({ ...production, TEST_CLOCK_START: "2026-01-15T10:00:00Z" })).toThrow(
      /TEST_CLOCK_START: test-only, refused in production/,
    );
    expect(() => loadConfig({ TEST_CLOCK_START: "next tuesday" })).toThrow(/TEST_CLOCK_START/);
  });

  describe("given a server started with TEST_CLOCK_START", () => {
    let server: RunningServer;
    const db = createTestDb();
    beforeAll(async () => {
      const config = loadConfig({
        NODE_ENV: "test",
        PORT: "0",
        DATA_DIR: "memory://",
        TEST_CLOCK_START: "2026-01-15T10:00:00Z",
      });
      server = await startServer(config, { db: await db, mailPollMs: 0 });
    });
    afterAll(async () => {
      await server?.close();
      await (await db).close();
    });

    it("should stay at that instant until /dev/clock moves it, and issue tokens on that clock", async () => {
      const read = async () => ((await (await fetch(`${server.url}/dev/clock`)).json()) as { now: string }).now;
      expect(await read()).toBe("2026-01-15T10:00:00.000Z");
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await read()).toBe("2026-01-15T10:00:00.000Z");

      const moved = await fetch(`${server.url}/dev/clock`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ set: "2026-02-01T09:30:00Z", advanceSeconds: 60 }),
      });
      expect(await moved.json()).toEqual({ now: "2026-02-01T09:31:00.000Z" });
      expect(server.services.clock.now().toISOString()).toBe("2026-02-01T09:31:00.000Z");

      const bad = await fetch(`${server.url}/dev/clock`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: '{"set": 5}',
      });
      expect(bad.status).toBe(400);
    });
  });

  it("should leave the system clock and no /dev/clock without it", async () => {
    const db = await createTestDb();
    const server = await startServer(loadConfig({ NODE_ENV: "test", PORT: "0", DATA_DIR: "memory://" }), {
      db,
      mailPollMs: 0,
    });
    try {
      // Nothing answers there: the request falls through to the web app's not-found page.
      const res = await fetch(`${server.url}/dev/clock`);
      expect(res.headers.get("content-type")).not.toMatch(/json/);
      expect(Math.abs(server.services.clock.now().getTime() - Date.now())).toBeLessThan(5_000);
    } finally {
      await server.close();
      await db.close();
    }
  });
});
