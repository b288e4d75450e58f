import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb } from "../../src/db/index.js";
import { type SpawnedServer, spawnServer } from "../helpers/spawn-server.js";

/**
 * The real server process under signals: SIGTERM lets a request in flight finish (and refuses new
 * ones), SIGKILL in the middle of a burst of sign-ups loses and doubles nothing once restarted on
 * the same database. Storage as in payments/crash-recovery.test.ts: a PGlite directory on disk,
 * or a schema of its own on Postgres.
 */
let storage: Record<string, string>;
let openStorage: () => ReturnType<typeof openDb>;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const schema = `sigkill_${randomBytes(6).toString("hex")}`;
    const url = new URL(databaseUrl);
    url.searchParams.set("options", `-c search_path=${schema}`);
    storage = { DATABASE_URL: url.toString() };
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    await admin.end();
    openStorage = () => openDb({ databaseUrl, schema });
    cleanup = async () => {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await c.end();
    };
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), "veil-sigkill-"));
    storage = { DATA_DIR: dir, DATABASE_URL: "" };
    openStorage = () => openDb({ dataDir: path.join(dir, "pglite") });
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
});
afterAll(async () => cleanup?.());

const generous = {
  RATE_LIMIT_OTP_PER_5MIN: "100000",
  RATE_LIMIT_VERIFY_PER_5MIN: "100000",
  RATE_LIMIT_TOKEN_PER_5MIN: "100000",
  // The retry after the restart mails each address again: allow it a second later.
  MAIL_RESEND_SECONDS: "1",
};
const PASSWORD = "violet-harbour-lantern";
const authHeaders = { "Content-Type": "application/json", apikey: "anon", "X-Supabase-Api-Version": "2024-01-01" };

function signup(base: string, email: string) {
  return fetch(`${base}/auth/v1/signup`, {
    method: "POST",
    headers: authHeaders,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
}

describe("SIGTERM", () => {
  it("should let a request in flight finish, refuse new connections, then exit 0", async () => {
    const server = await spawnServer({ DATA_DIR: "memory://", DATABASE_URL: "" });
    const { hostname, port } = new URL(server.url);
    const body = JSON.stringify({ email: "draining@example.com", password: PASSWORD });
    // A client still uploading its body when the signal arrives: the request is in flight.
    const reply = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: hostname === "localhost" ? "127.0.0.1" : hostname,
          port,
          method: "POST",
          path: "/auth/v1/signup",
          headers: { ...authHeaders, "Content-Length": Buffer.byteLength(body) },
        },
        (res) => {
          let text = "";
          res.on("data", (c) => {
            text += c;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        server.process.kill("SIGTERM");
        setTimeout(async () => {
          // Meanwhile the server takes no new connections.
          const refused = await fetch(`${server.url}/healthz`).then(
            () => false,
            () => true,
          );
          expect(refused).toBe(true);
          req.end(body.slice(10));
        }, 1000);
      }, 500);
    });
    const exited = new Promise<number | null>((resolve) => server.process.once("exit", (code) => resolve(code)));
    const res = await reply;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toMatchObject({ email: "draining@example.com" });
    expect(await exited).toBe(0);
  }, 90_000);
});

describe("SIGKILL during a burst of sign-ups", () => {
  it("should keep every acknowledged sign-up exactly once, half-done ones not at all, and let all retry", async () => {
    const emails = Array.from({ length: 16 }, (_, i) => `burst-${i}-${randomBytes(3).toString("hex")}@example.com`);
    const first = await spawnServer({ ...storage, ...generous });
    const exited = new Promise<void>((resolve) => first.process.once("exit", () => resolve()));
    let answered = 0;
    const acknowledged: string[] = [];
    const outcomes = emails.map((email) =>
      signup(first.url, email).then(
        async (res) => {
          if (res.status === 200) acknowledged.push(email);
          answered++;
          if (answered === 8) first.process.kill("SIGKILL");
          await res.arrayBuffer();
        },
        () => undefined, // the connection died with the server
      ),
    );
    await Promise.all(outcomes);
    if (first.process.exitCode === null && first.process.signalCode === null) first.process.kill("SIGKILL");
    await exited;
    expect(acknowledged.length).toBeGreaterThanOrEqual(8);

    let second: SpawnedServer | undefined = await spawnServer({ ...storage, ...generous });
    try {
      // Every acknowledged sign-up survived with its code mail; everyone can sign up (again).
      for (const email of emails) {
        const res = await signup(second.url, email);
        expect(res.status, email).toBe(200);
        await res.arrayBuffer();
      }
      for (const email of acknowledged) {
        const mail = await (await fetch(`${second.url}/dev/mailbox/messages?to=${encodeURIComponent(email)}`)).json();
        expect((mail as unknown[]).length, email).toBeGreaterThanOrEqual(2);
      }
      // The newest code confirms each account.
      for (const email of emails.slice(0, 10)) {
        const [newest] = (await (
          await fetch(`${second.url}/dev/mailbox/messages?to=${encodeURIComponent(email)}`)
        ).json()) as { text: string }[];
        const token = /\b(\d{6})\b/.exec(newest?.text ?? "")?.[1];
        const verify = await fetch(`${second.url}/auth/v1/verify`, {
          method: "POST",
          headers: authHeaders,
          body: JSON.stringify({ email, token, type: "email" }),
        });
        expect(verify.status, email).toBe(200);
      }
    } finally {
      await second.stop();
      second = undefined;
    }

    // Straight from the database: one user per address, each with its identity, none half-made.
    const db = await openStorage();
    try {
      const { rows } = await db.query<{ email: string; users: number; identities: number }>(
        `SELECT u.email, count(DISTINCT u.id)::int AS users, count(i.id)::int AS identities
           FROM users u LEFT JOIN identities i ON i.user_id = u.id
          WHERE u.email = ANY($1::text[]) GROUP BY u.email ORDER BY u.email`,
        [emails],
      );
      expect(rows).toHaveLength(emails.length);
      for (const row of rows) expect(row, row.email).toMatchObject({ users: 1, identities: 1 });
    } finally {
      await db.close();
    }
  }, 180_000);
});
