import { randomBytes, randomUUID } from "node:crypto";
import { nodePeerDeltaSchema, nodePeerSetSchema } from "@veil/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashNodeToken, newNodeToken } from "../../src/nodes/index.js";
import { type BuiltServer, queryUrl, type ScratchDatabase, scratchDatabase, startBuilt } from "./built-server.js";
import { apiCall, signedInUser } from "./clients.js";

/**
 * Devices and the node API with two BUILT server processes on one Postgres (issues #28, #29):
 * addresses handed out at once by both stay unique, and a node that follows the revision through
 * either process ends with exactly the peer set, whatever order the two committed in.
 */
let db: ScratchDatabase;
let a: BuiltServer;
let b: BuiltServer;
const nodeToken = newNodeToken();

beforeAll(async () => {
  db = await scratchDatabase("veil_access");
  const env = {
    DATABASE_URL: db.url,
    RATE_LIMIT_TOKEN_PER_5MIN: "10000",
    RATE_LIMIT_OTP_PER_5MIN: "10000",
    RATE_LIMIT_VERIFY_PER_5MIN: "10000",
    RATE_LIMIT_DEVICE_CHANGES_PER_HOUR: "1000",
    RATE_LIMIT_NODE_PER_MINUTE: "100000",
    DEVICE_LIMIT: "10",
  };
  [a, b] = await Promise.all([startBuilt(env), startBuilt(env)]);
  await queryUrl(
    db.url,
    `INSERT INTO nodes (id, country, city, host, endpoint, public_key, token_hash, created_at)
     VALUES ($1, 'NL', 'Amsterdam', 'nl1.veil.test', 'nl1.veil.test:51820', $2, $3, now())`,
    [randomUUID(), randomBytes(32).toString("base64"), hashNodeToken(nodeToken)],
  );
}, 120_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.drop();
});

const key = () => randomBytes(32).toString("base64");

async function nodeGet(server: BuiltServer, path: string) {
  const res = await fetch(`${server.url}/api/nodes/v1${path}`, { headers: { Authorization: `Bearer ${nodeToken}` } });
  return { status: res.status, body: res.status === 200 ? await res.json() : null };
}

/** A signed-in customer with 30 days, its access token. */
async function paidCustomer(email: string): Promise<string> {
  const session = await signedInUser(a, b, db.url, email);
  expect((await apiCall(b, "POST", "/user/web/register", session.access_token, { email })).status).toBe(200);
  const [user] = await queryUrl<{ id: string }>(db.url, "SELECT id FROM users WHERE email = $1", [email]);
  await queryUrl(
    db.url,
    "INSERT INTO subscriptions (customer_id, ends_at, updated_at) VALUES ($1, now() + interval '30 days', now())",
    [user?.id],
  );
  return session.access_token;
}

describe("devices and the node API on two processes", () => {
  it("hands out unique addresses and keeps a following node exact under concurrent changes", async () => {
    const tokens = await Promise.all([1, 2, 3, 4].map((i) => paidCustomer(`access${i}@example.com`)));
    const start = await nodeGet(a, "/peers");
    let revision = nodePeerSetSchema.parse(start.body).revision;
    const applied = new Map<string, string[]>();
    let following = true;
    const revisions: number[] = [];
    // The node follows through both processes in turn while the changes run.
    const follower = (async () => {
      for (let turn = 0; following; turn++) {
        const res = await nodeGet(turn % 2 ? b : a, `/peers?since=${revision}&wait=1`);
        if (res.status === 304) continue;
        const delta = nodePeerDeltaSchema.parse(res.body);
        if (delta.reset) throw new Error("unexpected reset");
        for (const change of delta.changes) {
          if (change.op === "upsert") applied.set(change.publicKey, change.allowedIps);
          else applied.delete(change.publicKey);
        }
        revisions.push(delta.revision);
        revision = delta.revision;
      }
    })();

    // 32 devices created at once, half on each process.
    const created = await Promise.all(
      Array.from({ length: 32 }, (_, i) =>
        apiCall(i % 2 ? b : a, "POST", "/devices", tokens[i % 4], { publicKey: key() }),
      ),
    );
    expect(created.map((r) => r.status)).toEqual(Array(32).fill(201));
    const devices = created.map((r) => r.body.device as { id: string; publicKey: string; ipv4: string; ipv6: string });
    expect(new Set(devices.map((d) => d.ipv4)).size).toBe(32);
    expect(new Set(devices.map((d) => d.ipv6)).size).toBe(32);

    // Then removals and re-keys at once, on both processes.
    await Promise.all(
      devices.slice(0, 16).map((d, i) =>
        i % 2
          ? apiCall(i % 4 < 2 ? a : b, "DELETE", `/devices/${d.id}`, tokens[devices.indexOf(d) % 4])
          : apiCall(i % 4 < 2 ? b : a, "PATCH", `/devices/${d.id}`, tokens[devices.indexOf(d) % 4], {
              publicKey: key(),
            }),
      ),
    );
    following = false;
    await follower;
    // One more look for what committed after the last answer.
    const last = await nodeGet(b, `/peers?since=${revision}`);
    if (last.status === 200) {
      const delta = nodePeerDeltaSchema.parse(last.body);
      if (!delta.reset) {
        for (const change of delta.changes) {
          if (change.op === "upsert") applied.set(change.publicKey, change.allowedIps);
          else applied.delete(change.publicKey);
        }
      }
    }

    const full = nodePeerSetSchema.parse((await nodeGet(a, "/peers")).body);
    expect(new Map(full.peers.map((p) => [p.publicKey, p.allowedIps]))).toEqual(applied);
    expect(full.peers).toHaveLength(24);
    for (let i = 1; i < revisions.length; i++) expect(revisions[i]).toBeGreaterThan(revisions[i - 1] as number);
  }, 120_000);

  it("wakes a node waiting on one process when a device is added on the other", async () => {
    const token = await paidCustomer("longpoll@example.com");
    const now = nodePeerSetSchema.parse((await nodeGet(a, "/peers")).body).revision;
    const started = Date.now();
    const waiting = nodeGet(a, `/peers?since=${now}&wait=25`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const publicKey = key();
    expect((await apiCall(b, "POST", "/devices", token, { publicKey })).status).toBe(201);
    const woke = await waiting;
    expect(woke.status).toBe(200);
    const delta = nodePeerDeltaSchema.parse(woke.body);
    expect(delta.reset).toBe(false);
    expect(!delta.reset && delta.changes.map((c) => c.publicKey)).toContain(publicKey);
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 60_000);
});
