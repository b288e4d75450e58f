import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signAccessToken } from "../../src/auth/index.js";
import { DEV_JWT_SECRET } from "../../src/config/index.js";
import { SIMULATOR_PREFIX } from "../../src/payments/index.js";
import { type SpawnedServer, spawnServer } from "../helpers/spawn-server.js";

/**
 * The server is killed (SIGKILL, a real child process) inside the settlement transaction, after
 * the provider reported SUCCESS and before our commit. Restarted on the same database, its
 * reconciler must credit the payment exactly once. Runs on PGlite (a data directory on disk) or,
 * with DATABASE_URL, on Postgres in a schema of its own.
 */

let storage: Record<string, string>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const schema = `crash_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    await admin.end();
    const url = new URL(databaseUrl);
    url.searchParams.set("options", `-c search_path=${schema}`);
    storage = { DATABASE_URL: url.toString() };
    cleanup = async () => {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await c.end();
    };
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), "veil-crash-"));
    storage = { DATA_DIR: dir, DATABASE_URL: "" };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
});
afterAll(async () => cleanup?.());

/** Resolves when the child prints a line matching `pattern` (the reconciler logs its passes). */
function waitForOutput(server: SpawnedServer, pattern: RegExp, timeoutMs = 20_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = server
        .output()
        .split("\n")
        .find((line) => pattern.test(line));
      if (match) {
        cleanupListeners();
        resolve(match);
      }
    };
    const timer = setTimeout(() => {
      cleanupListeners();
      reject(new Error(`no output matching ${pattern}:\n${server.output()}`));
    }, timeoutMs);
    const cleanupListeners = () => {
      clearTimeout(timer);
      server.process.stdout?.off("data", check);
      server.process.stderr?.off("data", check);
    };
    server.process.stdout?.on("data", check);
    server.process.stderr?.on("data", check);
    check();
  });
}

describe("given a server killed between the provider's SUCCESS and our commit", () => {
  it("should credit the payment exactly once after a restart", async () => {
    const env = { ...storage, LOG_LEVEL: "info", RECONCILE_INTERVAL_SECONDS: "0", API_CHECK_LOCAL_SESSION: "false" };
    // A hosted-Supabase-style caller: only a token signed with the shared secret.
    const sub = randomUUID();
    const email = `crash-${sub.slice(0, 8)}@example.com`;
    const { token } = await signAccessToken(
      {
        sub,
        email,
        phone: "",
        role: "authenticated",
        aal: "aal1",
        amr: [],
        session_id: randomUUID(),
        is_anonymous: false,
        app_metadata: {},
        user_metadata: {},
      },
      { secret: DEV_JWT_SECRET, expiresIn: 3600 },
    );
    const call = (base: string, method: string, p: string, body?: unknown) =>
      fetch(`${base}/api${p}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });

    const first = await spawnServer({ ...env, TEST_FAILPOINT: "crash-before-settlement-commit" }, 60_000);
    const base1 = first.url;
    expect((await call(base1, "POST", "/user/web/register", { email })).status).toBe(200);
    const init = (await (
      await call(base1, "POST", "/payment/web/init", {
        plan_id: 2,
        amount: 5,
        currency: "USD",
        payment_method: "USDTTRC",
      })
    ).json()) as { transaction_id: string };
    const invoiceRes = await call(base1, "POST", "/exnode/invoice", {
      token: "USDTTRC",
      amount: 5,
      fiat_currency: "USD",
      client_transaction_id: init.transaction_id,
      redirect_url: `${base1}/account/profile`,
      payform: true,
    });
    expect(invoiceRes.status).toBe(200);
    const trackerId = ((await invoiceRes.json()) as { payment_url: string }).payment_url.split("/").pop();

    // The customer pays; the gateway records SUCCESS and calls us back; we die mid-settlement.
    const exited = new Promise<NodeJS.Signals | null>((resolve) => first.process.once("exit", (_c, s) => resolve(s)));
    await fetch(`${base1}${SIMULATOR_PREFIX}/invoices/${trackerId}/settle`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ status: "SUCCESS" }),
    }).catch(() => undefined); // the connection dies with the server
    expect(await exited).toBe("SIGKILL");

    const second = await spawnServer(env, 60_000);
    try {
      const line = await waitForOutput(second, /reconcile pass finished/);
      expect(JSON.parse(line).report).toMatchObject({ credited: 1, failed: 0 });
      const info = await (await call(second.url, "GET", "/subscription/web/info")).json();
      expect(info).toEqual({ is_active: true, plan_name: "1 Month", days_left: 30 });
      const history = (await (await call(second.url, "GET", "/payment/web/all")).json()) as { status: string }[];
      expect(history.map((p) => p.status)).toEqual(["success"]);

      // The gateway's retry of the lost callback arrives late: still one credit.
      const secret = "veil-dev-exnode-callback-secret";
      const replay = await fetch(`${second.url}/api/exnode/callback/${secret}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ tracker_id: trackerId }),
      });
      expect(replay.status).toBe(200);
      const after = (await (await call(second.url, "GET", "/subscription/web/info")).json()) as { days_left: number };
      expect(after.days_left).toBe(30);
    } finally {
      await second.stop();
    }
  }, 120_000);
});
