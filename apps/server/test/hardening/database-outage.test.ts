import { randomBytes } from "node:crypto";
import net from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDb } from "../../src/db/index.js";
import { api, createUser, type TestUser } from "../helpers/product.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";
import { createTestDb } from "../helpers/test-db.js";
import { expectAuthError, expectNoLeak, readJson } from "./helpers.js";

/**
 * The database goes away under a running server: requests fail cleanly (503, JSON of the
 * documented shape, never a 500 or a hang) and work again once it is back, without restarting
 * the server. On Postgres the outage is real: the server's backends are terminated
 * (pg_terminate_backend, only this test's, found by application_name) and, for a longer "restart",
 * a TCP relay between server and Postgres drops every connection and refuses new ones. The
 * machine's Postgres itself is never stopped (others use it). PGlite has no server to restart:
 * there the database is closed under the server, which must still answer 503.
 */

const json = { "Content-Type": "application/json" };
const authHeaders = (token?: string) => ({
  ...json,
  apikey: "anon-key",
  "X-Supabase-Api-Version": "2024-01-01",
  ...(token ? { Authorization: `Bearer ${token}` } : {}),
});

/** Requests that each touch the database, with how to check their failure shape. */
function probes(app: TestApp, user: TestUser) {
  return [
    {
      name: "GET /api/subscription/web/info",
      kind: "api" as const,
      run: async () =>
        fetch(`${app.url}/api/subscription/web/info`, { headers: { Authorization: `Bearer ${await user.token()}` } }),
    },
    {
      name: "GET /api/payment/web/all",
      kind: "api" as const,
      run: async () =>
        fetch(`${app.url}/api/payment/web/all`, { headers: { Authorization: `Bearer ${await user.token()}` } }),
    },
    {
      name: "POST /api/contact/web/send",
      kind: "api" as const,
      run: async () =>
        fetch(`${app.url}/api/contact/web/send`, {
          method: "POST",
          headers: { ...json, "X-Forwarded-For": `192.0.2.${Math.floor(Math.random() * 250) + 1}` },
          body: JSON.stringify({ name: "Ann", email: "ann@example.com", message: "Hello there, support." }),
        }),
    },
    {
      name: "GET /auth/v1/user",
      kind: "auth" as const,
      run: async () => fetch(`${app.authUrl}/user`, { headers: authHeaders(await user.token()) }),
    },
    {
      name: "POST /auth/v1/token",
      kind: "auth" as const,
      run: async () =>
        fetch(`${app.authUrl}/token?grant_type=password`, {
          method: "POST",
          headers: authHeaders(),
          body: JSON.stringify({ email: user.email, password: "wrong-password-123" }),
        }),
    },
  ];
}

async function expectUnavailable(app: TestApp, user: TestUser) {
  for (const probe of probes(app, user)) {
    const res = await probe.run();
    const body = await readJson(res);
    expect(res.status, `${probe.name} ${JSON.stringify(body)}`).toBe(503);
    expect(res.headers.get("retry-after"), probe.name).toBe("5");
    // The documented shapes (503 is outside the 4xx helpers' range: check the fields directly).
    expectNoLeak(body, probe.name);
    if (probe.kind === "api")
      expect(body, probe.name).toEqual({
        detail: expect.any(String),
        code: "service_unavailable",
        request_id: res.headers.get("x-request-id"),
      });
    else expect(body, probe.name).toMatchObject({ code: "unexpected_failure", message: expect.any(String) });
  }
  expect((await fetch(`${app.url}/readyz`)).status).toBe(503);
  expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  // The plan list is served from memory once read: it may stay up, but never as a 500.
  expect([200, 503]).toContain((await fetch(`${app.url}/api/plans/`)).status);
}

async function expectWorking(app: TestApp, user: TestUser) {
  const info = await api(app, "GET", "/subscription/web/info", { user });
  expect(info.status).toBe(200);
  const me = await fetch(`${app.authUrl}/user`, { headers: authHeaders(await user.token()) });
  expect(me.status).toBe(200);
  const wrong = await probes(app, user)[4]?.run();
  expectAuthError(wrong?.status ?? 0, await readJson(wrong as Response), "wrong password after recovery");
  expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
}

/** Retries `check` until it passes (the pool reconnects on the next request). */
async function eventually(check: () => Promise<void>, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** A TCP relay to Postgres that can drop every connection and refuse new ones for a while. */
async function startRelay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let down = false;
  const server = net.createServer((client) => {
    if (down) return client.destroy();
    const upstream = net.connect(target);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("error", () => {});
      s.on("close", () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    port: (server.address() as net.AddressInfo).port,
    down() {
      down = true;
      for (const s of sockets) s.destroy();
    },
    up() {
      down = false;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)("given a Postgres that restarts under the running server (Postgres pass only)", () => {
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let db: Db;
  let app: TestApp;
  let user: TestUser;
  const schema = `fault_${randomBytes(6).toString("hex")}`;
  const applicationName = `veil-${schema}`;
  const admin = () => new pg.Client({ connectionString: databaseUrl });

  beforeAll(async () => {
    const target = new URL(databaseUrl as string);
    relay = await startRelay({ host: target.hostname, port: Number(target.port) || 5432 });
    const viaRelay = new URL(databaseUrl as string);
    viaRelay.hostname = "127.0.0.1";
    viaRelay.port = String(relay.port);
    viaRelay.searchParams.set("application_name", applicationName);
    db = await openDb({ databaseUrl: viaRelay.toString(), schema });
    app = await startTestApp({ db, env: { LOG_LEVEL: "error" } });
    user = await createUser(app);
    await api(app, "POST", "/user/web/register", { user, body: { email: user.email } });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await relay?.close();
    const c = admin();
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await c.end();
  });

  it("should survive its connections being terminated (pg_terminate_backend) without a 5xx for long", async () => {
    await expectWorking(app, user);
    const c = admin();
    await c.connect();
    try {
      const { rows } = await c.query(
        "SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity WHERE application_name = $1",
        [applicationName],
      );
      expect(rows.length).toBeGreaterThan(0);
    } finally {
      await c.end();
    }
    // Requests right after may meet a dying connection: a 503 is fine, a 500 or a crash is not.
    for (const probe of probes(app, user)) {
      const res = await probe.run();
      expect([200, 400, 503], probe.name).toContain(res.status);
      await res.arrayBuffer();
    }
    await eventually(() => expectWorking(app, user));
  });

  it("should answer 503 while Postgres is down and recover by itself when it is back", async () => {
    await expectWorking(app, user);
    relay.down();
    await expectUnavailable(app, user);
    // A sign-up attempted during the outage leaves nothing half-done.
    const email = `outage-${schema}@example.com`;
    const signup = await fetch(`${app.authUrl}/signup`, {
      method: "POST",
      headers: authHeaders(),
      body: JSON.stringify({ email, password: "violet-harbour-lantern" }),
    });
    expect(signup.status).toBe(503);
    relay.up();
    await eventually(() => expectWorking(app, user));
    const retry = await fetch(`${app.authUrl}/signup`, {
      method: "POST",
      headers: authHeaders(),
      body: JSON.stringify({ email, password: "violet-harbour-lantern" }),
    });
    expect(retry.status).toBe(200);
    const { rows } = await app.db.query("SELECT count(*)::int AS n FROM users WHERE email = $1", [email]);
    expect(rows).toEqual([{ n: 1 }]);
  }, 60_000);
});

describe("given a database closed under the running server (any engine)", () => {
  it("should answer 503 in each API's error shape, never 500", async () => {
    const db = await createTestDb();
    const app = await startTestApp({ db, env: { LOG_LEVEL: "error" } });
    const user = await createUser(app);
    try {
      await db.close();
      await expectUnavailable(app, user);
    } finally {
      await app.close();
    }
  }, 60_000);
});
