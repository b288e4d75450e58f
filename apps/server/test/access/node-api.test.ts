/**
 * The node API (issue #29): node tokens, the full peer set (streamed, ETag, 304), changes since a
 * revision (upsert/remove, reset, 304, long-poll), reports (handshakes, nothing personal kept), its
 * own rate limit, disabled and removed nodes, and every event that changes access bumping the
 * revision. Runs on PGlite, and on Postgres with VEIL_TEST_POSTGRES_URL.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import { nodePeerDeltaSchema, nodePeerSetSchema } from "@veil/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../src/auth/passwords.js";
import { createPeerLog } from "../../src/devices/index.js";
import { createNodeAdmin } from "../../src/nodes/index.js";
import { addNode, grantDays, type NodeReply, nodeApi, wgKey } from "../helpers/access.js";
import { runAdminOn } from "../helpers/admin.js";
import { api, checkout, settleInvoice, type TestUser } from "../helpers/product.js";
import { ipSource, registerCustomer } from "../helpers/product-api-suite.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

let app: TestApp;
const fromNewIp = ipSource(132);

beforeAll(async () => {
  app = await startTestApp({
    env: {
      RATE_LIMIT_NODE_PER_MINUTE: "25",
      ACCESS_LOG_RETENTION_SECONDS: "3600",
      AUTH_SESSION_TIMEBOX_SECONDS: "0",
      AUTH_SESSION_INACTIVITY_TIMEOUT_SECONDS: "0",
    },
  });
}, 60_000);
afterAll(async () => app?.close());

const call = (method: string, path: string, user: TestUser, body?: unknown) =>
  api(app, method, path, { user, body, headers: fromNewIp() });

async function deviceOf(user: TestUser, publicKey = wgKey()) {
  const res = await call("POST", "/devices", user, { publicKey });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.device as { id: string; publicKey: string; ipv4: string; ipv6: string; name: string };
}

async function paidUser(days = 30) {
  const user = await registerCustomer(app);
  await grantDays(app, user, days);
  return user;
}

/** A fresh node's token (each test its own, so the per-node rate limit is not shared). */
const token = async () => (await addNode(app)).token;

async function revisionNow(t: string): Promise<number> {
  const res = await nodeApi(app, t, "/peers");
  expect(res.status).toBe(200);
  return nodePeerSetSchema.parse(res.json).revision;
}

async function changesSince(t: string, since: number): Promise<NodeReply> {
  return nodeApi(app, t, `/peers?since=${since}`);
}

function changeOf(res: NodeReply, key: string) {
  const delta = nodePeerDeltaSchema.parse(res.json);
  if (delta.reset) throw new Error("unexpected reset");
  return delta.changes.find((c) => c.publicKey === key);
}

describe("node tokens", () => {
  it("refuses a missing, malformed, unknown, disabled, rotated or removed node's token with the same 401", async () => {
    const admin = createNodeAdmin({ db: app.db, clock: app.clock });
    const { node, token: good } = await addNode(app);
    const refusedWith = async (t: string | null) => {
      const res = await nodeApi(app, t, "/peers");
      expect(res.status, String(t)).toBe(401);
      expect(res.json).toEqual({
        detail: "Not a valid node token",
        code: "node_unauthorized",
        request_id: res.headers.get("x-request-id"),
      });
    };
    for (const t of [null, "", "garbage", `vn_${"A".repeat(43)}`, `${good}x`, good.toUpperCase()]) await refusedWith(t);
    expect((await nodeApi(app, good, "/peers")).status).toBe(200);

    await admin.setDisabled(node.id, true);
    await refusedWith(good);
    await admin.setDisabled(node.id, false);
    expect((await nodeApi(app, good, "/peers")).status).toBe(200);

    const rotated = await admin.rotateToken(node.id);
    await refusedWith(good);
    expect((await nodeApi(app, rotated, "/peers")).status).toBe(200);

    await admin.remove(node.id);
    await refusedWith(rotated);
  });

  it("does not answer a customer's bearer token", async () => {
    const user = await paidUser();
    const res = await nodeApi(app, await user.token(), "/peers");
    expect(res.status).toBe(401);
  });

  it("stores only a hash of the token", async () => {
    const { node, token: t } = await addNode(app);
    const { rows } = await app.db.query<Record<string, unknown>>("SELECT * FROM nodes WHERE id = $1", [node.id]);
    expect(JSON.stringify(rows)).not.toContain(t);
    expect(JSON.stringify(rows)).not.toContain(t.slice(3));
  });
});

describe("the full peer set", () => {
  it("holds exactly the devices whose owners have access, with nothing personal", async () => {
    const t = await token();
    const paid = await paidUser();
    const device = await deviceOf(paid);
    const lapsed = await paidUser(1);
    const lapsedDevice = await deviceOf(lapsed);
    const blocked = await paidUser();
    const blockedDevice = await deviceOf(blocked);
    expect((await runAdminOn(app, ["users", "block", blocked.id])).code).toBe(0);
    app.clock.advance({ hours: 25 });
    try {
      const res = await nodeApi(app, t, "/peers");
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const set = nodePeerSetSchema.parse(res.json);
      expect(res.headers.get("etag")).toBe(`"${set.revision}"`);
      const keys = set.peers.map((p) => p.publicKey);
      expect(keys).toContain(device.publicKey);
      expect(keys).not.toContain(lapsedDevice.publicKey);
      expect(keys).not.toContain(blockedDevice.publicKey);
      expect(set.peers.find((p) => p.publicKey === device.publicKey)).toEqual({
        publicKey: device.publicKey,
        allowedIps: [device.ipv4, device.ipv6],
        expiresAt: expect.any(String),
      });
      // No e-mail, account id, device id or device name anywhere in the reply.
      for (const personal of [paid.email, paid.id, device.id, device.name]) expect(res.text).not.toContain(personal);
    } finally {
      app.clock.advance({ hours: -25 });
    }
  });

  it("answers 304 to the current revision's ETag", async () => {
    const t = await token();
    const revision = await revisionNow(t);
    const same = await nodeApi(app, t, "/peers", { headers: { "If-None-Match": `"${revision}"` } });
    expect(same.status).toBe(304);
    expect(same.text).toBe("");
    await deviceOf(await paidUser());
    const changed = await nodeApi(app, t, "/peers", { headers: { "If-None-Match": `"${revision}"` } });
    expect(changed.status).toBe(200);
  });
});

describe("changes since a revision", () => {
  it("says upsert for a new device, remove for a removed one, both for a re-key, 304 when nothing changed", async () => {
    const t = await token();
    const user = await paidUser();
    const r0 = await revisionNow(t);
    const device = await deviceOf(user);
    const added = await changesSince(t, r0);
    expect(added.status).toBe(200);
    expect(changeOf(added, device.publicKey)).toMatchObject({ op: "upsert", allowedIps: [device.ipv4, device.ipv6] });
    const r1 = nodePeerDeltaSchema.parse(added.json).revision;
    expect(r1).toBeGreaterThan(r0);
    expect((await changesSince(t, r1)).status).toBe(304);

    const newKey = wgKey();
    await call("PATCH", `/devices/${device.id}`, user, { publicKey: newKey });
    const rekeyed = await changesSince(t, r1);
    expect(changeOf(rekeyed, device.publicKey)).toEqual({ op: "remove", publicKey: device.publicKey });
    expect(changeOf(rekeyed, newKey)).toMatchObject({ op: "upsert", publicKey: newKey });
    const r2 = nodePeerDeltaSchema.parse(rekeyed.json).revision;

    await call("DELETE", `/devices/${device.id}`, user);
    expect(changeOf(await changesSince(t, r2), newKey)).toEqual({ op: "remove", publicKey: newKey });
    // A rename changes nobody's access: no new revision.
    const r3 = await revisionNow(t);
    const other = await deviceOf(user);
    const r4 = await revisionNow(t);
    await call("PATCH", `/devices/${other.id}`, user, { name: "Renamed" });
    expect(await revisionNow(t)).toBe(r4);
    expect(r4).toBeGreaterThan(r3);
  });

  it("starts over (reset) from a revision of the future or one older than the kept log", async () => {
    const t = await token();
    const now = await revisionNow(t);
    expect((await changesSince(t, now + 1000)).json).toEqual({ revision: now, reset: true });
    await deviceOf(await paidUser());
    app.clock.advance({ hours: 2 });
    try {
      const pruned = await createPeerLog({ db: app.db, clock: app.clock }).prune(3600);
      expect(pruned).toBeGreaterThan(0);
      const res = await changesSince(t, now);
      expect(res.status).toBe(200);
      expect(nodePeerDeltaSchema.parse(res.json)).toMatchObject({ reset: true });
    } finally {
      app.clock.advance({ hours: -2 });
    }
  });

  it("refuses a since or wait that is not a number in range", async () => {
    const t = await token();
    for (const query of ["since=-1", "since=abc", "since=1.5", "since=1&wait=31", "since=1&wait=x"]) {
      const res = await nodeApi(app, t, `/peers?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.json.code).toBe("validation_failed");
    }
  });

  it("holds a long-poll until a change, and answers 304 when none comes in time", async () => {
    const t = await token();
    const user = await paidUser();
    const now = await revisionNow(t);
    const started = Date.now();
    const quiet = await nodeApi(app, t, `/peers?since=${now}&wait=1`);
    expect(quiet.status).toBe(304);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);

    const waiting = nodeApi(app, t, `/peers?since=${now}&wait=20`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const device = await deviceOf(user);
    const woke = await waiting;
    expect(woke.status).toBe(200);
    expect(changeOf(woke, device.publicKey)?.op).toBe("upsert");
  });
});

describe("every change of access bumps the revision", () => {
  async function expectChange(t: string, since: number, key: string, op: "upsert" | "remove") {
    const res = await changesSince(t, since);
    expect(res.status).toBe(200);
    expect(changeOf(res, key)?.op).toBe(op);
  }

  it("a payment credited and days granted (upsert with the new end)", async () => {
    const t = await token();
    const user = await paidUser(1);
    const device = await deviceOf(user);
    let since = await revisionNow(t);
    const { trackerId } = await checkout(app, user);
    await settleInvoice(app, trackerId, "SUCCESS");
    await expectChange(t, since, device.publicKey, "upsert");
    since = await revisionNow(t);
    await grantDays(app, user, 3);
    await expectChange(t, since, device.publicKey, "upsert");
  });

  it("a block and an unblock", async () => {
    const t = await token();
    const user = await paidUser();
    const device = await deviceOf(user);
    let since = await revisionNow(t);
    await runAdminOn(app, ["users", "block", user.id]);
    await expectChange(t, since, device.publicKey, "remove");
    since = await revisionNow(t);
    await runAdminOn(app, ["users", "unblock", user.id]);
    await expectChange(t, since, device.publicKey, "upsert");
  });

  it("account deletion", async () => {
    const t = await token();
    const user = await paidUser();
    const device = await deviceOf(user);
    const since = await revisionNow(t);
    const password = `pw-${randomUUID()}`;
    await app.db.query("UPDATE users SET encrypted_password = $2 WHERE id = $1", [
      user.id,
      await hashPassword(password),
    ]);
    expect((await call("POST", "/user/web/delete", user, { password })).status).toBe(200);
    await expectChange(t, since, device.publicKey, "remove");
  });

  it("a subscription ending (the sweep logs it; the peer carried its end anyway)", async () => {
    const t = await token();
    const user = await paidUser(1);
    const device = await deviceOf(user);
    const peerLog = createPeerLog({ db: app.db, clock: app.clock });
    await peerLog.sweep();
    const since = await revisionNow(t);
    app.clock.advance({ hours: 25 });
    try {
      await peerLog.sweep();
      await expectChange(t, since, device.publicKey, "remove");
    } finally {
      app.clock.advance({ hours: -25 });
    }
  });
});

describe("reports", () => {
  it("set the device's last connection, ignore unknown keys, and keep no client address", async () => {
    const { node, token: t } = await addNode(app);
    const user = await paidUser();
    const device = await deviceOf(user);
    const at = Math.floor(app.clock.now().getTime() / 1000) - 60;
    const res = await nodeApi(app, t, "/report", {
      method: "POST",
      headers: { "X-Forwarded-For": "203.0.113.77" },
      body: {
        agentVersion: "0.1.0",
        peers: [
          { publicKey: device.publicKey, latestHandshake: at, rxBytes: 10, txBytes: 20 },
          { publicKey: wgKey(), latestHandshake: at, rxBytes: 0, txBytes: 0 },
        ],
      },
    });
    expect(res.status).toBe(204);
    const list = await call("GET", "/devices", user);
    expect(list.body.devices[0].lastHandshakeAt).toBe(new Date(at * 1000).toISOString());
    // An older report never moves it back.
    await nodeApi(app, t, "/report", {
      method: "POST",
      body: {
        agentVersion: "0.1.0",
        peers: [{ publicKey: device.publicKey, latestHandshake: at - 600, rxBytes: 0, txBytes: 0 }],
      },
    });
    expect((await call("GET", "/devices", user)).body.devices[0].lastHandshakeAt).toBe(
      new Date(at * 1000).toISOString(),
    );
    const nodes = await app.db.query<Record<string, unknown>>("SELECT * FROM nodes WHERE id = $1", [node.id]);
    expect(nodes.rows[0]).toMatchObject({ agent_version: "0.1.0" });
    const stored = JSON.stringify([
      nodes.rows,
      (await app.db.query("SELECT * FROM devices WHERE id = $1", [device.id])).rows,
    ]);
    expect(stored).not.toContain("203.0.113.77");
  });

  it("ignore devices whose owner has no access now: lapsed, blocked", async () => {
    const t = await token();
    const paid = await paidUser();
    const paidDevice = await deviceOf(paid);
    const lapsed = await paidUser(1);
    const lapsedDevice = await deviceOf(lapsed);
    const blocked = await paidUser();
    const blockedDevice = await deviceOf(blocked);
    expect((await runAdminOn(app, ["users", "block", blocked.id])).code).toBe(0);
    app.clock.advance({ hours: 25 });
    try {
      const at = Math.floor(app.clock.now().getTime() / 1000) - 60;
      const peer = (publicKey: string) => ({ publicKey, latestHandshake: at, rxBytes: 1, txBytes: 1 });
      const res = await nodeApi(app, t, "/report", {
        method: "POST",
        body: { agentVersion: "0.1.0", peers: [paidDevice, lapsedDevice, blockedDevice].map((d) => peer(d.publicKey)) },
      });
      expect(res.status).toBe(204);
      const lastConnected = async (user: TestUser) =>
        ((await call("GET", "/devices", user)).body.devices as { lastHandshakeAt: string | null }[])[0]
          ?.lastHandshakeAt;
      expect(await lastConnected(paid)).toBe(new Date(at * 1000).toISOString());
      expect(await lastConnected(lapsed)).toBeNull();
      // (A blocked account cannot sign in to look; its device row says the same.)
      const { rows } = await app.db.query<{ last_handshake_at: Date | null }>(
        "SELECT last_handshake_at FROM devices WHERE id = $1",
        [blockedDevice.id],
      );
      expect(rows[0]?.last_handshake_at).toBeNull();
    } finally {
      app.clock.advance({ hours: -25 });
    }
  });

  it("refuses a report that is not one, one too large, and one with too many peers", async () => {
    const t = await token();
    const bad = await nodeApi(app, t, "/report", { method: "POST", body: { peers: "no" } });
    expect(bad.status).toBe(422);
    expect(bad.json.code).toBe("validation_failed");
    const huge = await nodeApi(app, t, "/report", { method: "POST", body: "x".repeat(1024 * 1024 + 10) });
    expect(huge.status).toBe(413);
    const peer = { publicKey: wgKey(), latestHandshake: 0, rxBytes: 0, txBytes: 0 };
    const many = await nodeApi(app, t, "/report", {
      method: "POST",
      body: { agentVersion: "0.1.0", peers: Array.from({ length: 5001 }, () => peer) },
    });
    expect(many.status).toBe(422);
  });
  it("refuses a body sent chunked without a length past 1 MiB (413) and one nested a million deep (422), never a 500", async () => {
    const t = await token();
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${app.url}/api/nodes/v1/report`,
        {
          method: "POST",
          headers: { Authorization: `Bearer ${t}`, "Content-Type": "application/json" },
          agent: false,
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      // No Content-Length: node sends it chunked, so only counting while reading can stop it.
      const piece = "[".repeat(64 * 1024);
      let sent = 0;
      const write = (): void => {
        while (sent < 4 * 1024 * 1024) {
          sent += piece.length;
          if (!req.write(piece)) {
            req.once("drain", write);
            return;
          }
        }
        req.end();
      };
      write();
    });
    expect(status).toBe(413);
    const deep = await nodeApi(app, t, "/report", {
      method: "POST",
      body: `${"[".repeat(1_000_000)}${"]".repeat(10)}`,
    });
    expect(deep.status).toBe(422);
    const twice = await nodeApi(app, t, "/report", {
      method: "POST",
      body: '{"agentVersion":"1","peers":[],"peers":[],"__proto__":{"polluted":true}}',
    });
    expect(twice.status).toBe(422);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("rate limits", () => {
  it("limit each node on its own (429 with Retry-After), not the others", async () => {
    const t = await token();
    const replies = [];
    for (let i = 0; i < 26; i++) replies.push(await nodeApi(app, t, "/peers?since=0"));
    expect(replies.slice(0, 25).every((r) => r.status !== 429)).toBe(true);
    const last = replies[25] as NodeReply;
    expect(last.status).toBe(429);
    expect(last.json.code).toBe("rate_limited");
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await nodeApi(app, await token(), "/peers?since=0")).status).not.toBe(429);
  });

  it("hold at most two changes requests of one node at a time (429 with Retry-After), not the others", async () => {
    const t = await token();
    const revision = await revisionNow(t);
    // Three long-polls at once: whichever reaches its slot last finds both taken and is answered at
    // once; the other two wait for a change. (Which one is refused is not fixed: on Postgres the
    // queries before the slot run in parallel, so polls overtake each other — a test that waited
    // for "the first two" and then sent a third raced, and its held polls got the 429.)
    const polls = [0, 1, 2].map((i) =>
      nodeApi(app, t, `/peers?since=${revision}&wait=15`).then((reply) => ({ i, reply })),
    );
    const refused = await Promise.race(polls);
    expect(refused.reply.status).toBe(429);
    expect(refused.reply.json.code).toBe("rate_limited");
    expect(refused.reply.headers.get("retry-after")).toBe("1");
    // The two are held: this node gets no other changes request, waiting or not, until they end.
    for (const query of [`since=${revision}&wait=1`, `since=${revision}`]) {
      const busy = await nodeApi(app, t, `/peers?${query}`);
      expect(busy.status, query).toBe(429);
      expect(busy.headers.get("retry-after"), query).toBe("1");
    }
    // Another node polls as usual.
    const other = await token();
    expect((await nodeApi(app, other, `/peers?since=${await revisionNow(other)}`)).status).toBe(304);
    // A change answers both held polls with it, and their slots are free again.
    const device = await deviceOf(await paidUser());
    const held = (await Promise.all(polls)).filter((p) => p.i !== refused.i);
    expect(held).toHaveLength(2);
    for (const { reply } of held) {
      expect(reply.status).toBe(200);
      expect(changeOf(reply, device.publicKey)?.op).toBe("upsert");
    }
    expect((await changesSince(t, revision)).status).toBe(200);
  });

  it("answer HEAD of the full set with its headers, and keep serving the set afterwards", async () => {
    const t = await token();
    const head = await nodeApi(app, t, "/peers", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toMatch(/^"\d+"$/);
    expect((await nodeApi(app, t, "/peers")).status).toBe(200);
  });

  it("stream at most six full sets of one node a minute; a 304 to its ETag does not count", async () => {
    const t = await token();
    const first = await nodeApi(app, t, "/peers");
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag") as string;
    for (let i = 0; i < 3; i++) {
      expect((await nodeApi(app, t, "/peers", { headers: { "If-None-Match": etag } })).status).toBe(304);
    }
    for (let i = 0; i < 5; i++) expect((await nodeApi(app, t, "/peers")).status).toBe(200);
    const seventh = await nodeApi(app, t, "/peers");
    expect(seventh.status).toBe(429);
    expect(seventh.json.code).toBe("rate_limited");
    expect(Number(seventh.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

type ListedServer = { id: string; online: boolean; demo: boolean };
const serversNow = async (): Promise<ListedServer[]> =>
  ((await (await fetch(`${app.url}/api/servers`)).json()) as { servers: ListedServer[] }).servers;

describe("GET /api/servers", () => {
  it("lists enabled nodes with online from recent syncs, with an ETag and 304", async () => {
    const { node, token: t } = await addNode(app, { country: "FI", city: "Helsinki" });
    const first = await fetch(`${app.url}/api/servers`);
    expect(first.headers.get("cache-control")).toBe("public, max-age=30");
    const etag = first.headers.get("etag") as string;
    const body = (await first.json()) as { servers: ListedServer[] };
    const listed = body.servers.find((s) => s.id === node.id);
    expect(listed).toEqual({
      id: node.id,
      country: "FI",
      city: "Helsinki",
      host: node.host,
      endpoint: node.endpoint,
      publicKey: node.public_key,
      online: false,
      demo: false,
    });
    expect((await fetch(`${app.url}/api/servers`, { headers: { "If-None-Match": etag } })).status).toBe(304);
    await nodeApi(app, t, "/peers?since=0");
    expect((await serversNow()).find((s) => s.id === node.id)?.online).toBe(true);
    app.clock.advance({ seconds: 121 });
    try {
      expect((await serversNow()).find((s) => s.id === node.id)?.online).toBe(false);
    } finally {
      app.clock.advance({ seconds: -121 });
    }
    await createNodeAdmin({ db: app.db, clock: app.clock }).setDisabled(node.id, true);
    expect((await serversNow()).map((s) => s.id)).not.toContain(node.id);
  });

  it("includes the development demo node, marked as the demo", async () => {
    const demos = (await serversNow()).filter((s) => s.demo);
    expect(demos).toHaveLength(1);
    expect(demos[0]).toMatchObject({ city: "Demo", online: false });
  });
});
