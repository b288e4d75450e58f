/**
 * Devices (issue #28): what a customer can do with `/api/devices` and what they are refused —
 * addresses from the pool, friendly names in the page's language, the limit, the subscription
 * rule, another user's devices (IDOR), rate limits, address quarantine, deletion and export.
 * Runs on PGlite, and on Postgres with VEIL_TEST_POSTGRES_URL.
 */
import { randomUUID } from "node:crypto";
import { deviceListSchema, deviceReplySchema } from "@veil/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../src/auth/passwords.js";
import { addNode, grantDays, wgKey } from "../helpers/access.js";
import { api, type TestUser } from "../helpers/product.js";
import { ipSource, registerCustomer } from "../helpers/product-api-suite.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

let app: TestApp;
const fromNewIp = ipSource(131);

beforeAll(async () => {
  app = await startTestApp({
    env: {
      DEVICE_LIMIT: "2",
      RATE_LIMIT_DEVICE_CHANGES_PER_HOUR: "5",
      DEVICE_ADDRESS_QUARANTINE_SECONDS: "3600",
      DEVICE_IPV4_POOL: "10.200.0.0/16",
      DEVICE_IPV6_PREFIX: "fd12:3456:789a::/48",
      VPN_DNS: "10.200.0.1, fd12:3456:789a::1",
      AUTH_SESSION_TIMEBOX_SECONDS: "0",
      AUTH_SESSION_INACTIVITY_TIMEOUT_SECONDS: "0",
    },
  });
}, 60_000);
afterAll(async () => app?.close());

function call(method: string, path: string, user: TestUser, body?: unknown, headers: Record<string, string> = {}) {
  return api(app, method, path, { user, body, headers: { ...fromNewIp(), ...headers } });
}

async function paidUser(): Promise<TestUser> {
  const user = await registerCustomer(app);
  await grantDays(app, user, 30);
  return user;
}

async function create(user: TestUser, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return call("POST", "/devices", user, { publicKey: wgKey(), ...body }, headers);
}

describe("adding a device", () => {
  it("gives it a friendly name, addresses from the pool and the chosen server's peer block", async () => {
    const node = await addNode(app, { country: "SE", city: "Stockholm" });
    const user = await paidUser();
    const key = wgKey();
    const res = await call("POST", "/devices", user, { publicKey: key, serverId: node.node.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { device, config } = deviceReplySchema.parse(res.body);
    expect(device.publicKey).toBe(key);
    expect(device.protocol).toBe("wireguard");
    expect(device.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    expect(device.ipv4).toMatch(/^10\.200\.\d+\.\d+\/32$/);
    expect(device.ipv6).toMatch(/^fd12:3456:789a::[0-9a-f]+\/128$/);
    expect(device.lastHandshakeAt).toBeNull();
    expect(device.serverId).toBe(node.node.id);
    expect(config).toEqual({
      serverId: node.node.id,
      interface: { addresses: [device.ipv4, device.ipv6], dns: ["10.200.0.1", "fd12:3456:789a::1"] },
      peer: { publicKey: node.node.public_key, endpoint: node.node.endpoint, allowedIps: ["0.0.0.0/0", "::/0"] },
    });
    // The IPv4 and IPv6 addresses carry the same device number.
    const [, , third, fourth] = device.ipv4.replace("/32", "").split(".").map(Number);
    expect(Number.parseInt(device.ipv6.split("::")[1] as string, 16)).toBe(
      (third as number) * 256 + (fourth as number),
    );
  });

  it("names the device in Russian for a Russian page, and keeps a name the customer chose", async () => {
    const user = await paidUser();
    const ru = await create(user, {}, { "Accept-Language": "ru" });
    expect(ru.body.device.name).toMatch(/^[А-ЯЁ][а-яё]+ [а-яё]+$/);
    const named = await create(user, { name: "  Work laptop  " });
    expect(named.body.device.name).toBe("Work laptop");
  });

  it("accepts a pasted key with spaces around it, refuses what is not a key, and refuses a key in use", async () => {
    const user = await paidUser();
    const key = wgKey();
    expect((await create(user, { publicKey: ` ${key}\n` })).body.device.publicKey).toBe(key);
    const allZero = Buffer.alloc(32).toString("base64");
    for (const bad of [
      "",
      "not-a-key",
      `${key.slice(0, -2)}==`,
      Buffer.alloc(31).toString("base64"),
      `${key}A`,
      allZero,
    ]) {
      const res = await create(await paidUser(), { publicKey: bad });
      expect(res.status, bad).toBe(422);
      expect(res.body.code).toBe("invalid_public_key");
    }
    const other = await paidUser();
    const dup = await create(other, { publicKey: key });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("duplicate_public_key");
  });

  it("refuses an unknown server and a name with control characters", async () => {
    const user = await paidUser();
    const unknown = await create(user, { serverId: randomUUID() });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("server_not_found");
    const badName = await create(user, { name: "a\u0007b" });
    expect(badName.status).toBe(422);
    expect(badName.body.code).toBe("validation_failed");
    expect((await call("GET", "/devices", user)).body.devices).toEqual([]);
  });

  it("refuses the device over the limit with device_limit, and the list says the limit", async () => {
    const user = await paidUser();
    expect((await create(user)).status).toBe(201);
    expect((await create(user)).status).toBe(201);
    const third = await create(user);
    expect(third.status).toBe(409);
    expect(third.body).toEqual({ detail: "An account may have at most 2 devices", code: "device_limit" });
    const list = deviceListSchema.parse((await call("GET", "/devices", user)).body);
    expect(list.devices).toHaveLength(2);
    expect(list.limit).toBe(2);
  });

  it("keeps the limit when a customer sends many creations at once", async () => {
    const user = await paidUser();
    const replies = await Promise.all([1, 2, 3, 4].map(() => create(user)));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(2);
    expect(replies.filter((r) => r.status === 409).every((r) => r.body.code === "device_limit")).toBe(true);
    expect((await call("GET", "/devices", user)).body.devices).toHaveLength(2);
  });

  it("rate-limits creation and re-keying per account (429 with Retry-After)", async () => {
    const user = await paidUser();
    const first = await create(user);
    const id = first.body.device.id;
    for (let i = 0; i < 4; i++) {
      expect((await call("PATCH", `/devices/${id}`, user, { publicKey: wgKey() })).status).toBe(200);
    }
    const refused = await create(user);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("rate_limited");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Renaming is not limited by it.
    expect((await call("PATCH", `/devices/${id}`, user, { name: "Phone" })).status).toBe(200);
    // Another account is not affected.
    expect((await create(await paidUser())).status).toBe(201);
  });
});

describe("re-keying a device", () => {
  it("keeps the old key when no server is available to issue the new config (404 server_not_found)", async () => {
    await addNode(app);
    const user = await paidUser();
    const created = await create(user);
    expect(created.status).toBe(201);
    const { id, publicKey } = created.body.device;
    const { rows } = await app.db.query<{ id: string }>(
      "UPDATE nodes SET disabled = true WHERE NOT disabled RETURNING id",
    );
    try {
      const refused = await call("PATCH", `/devices/${id}`, user, { publicKey: wgKey() });
      expect(refused.status).toBe(404);
      expect(refused.body.code).toBe("server_not_found");
      expect((await call("GET", "/devices", user)).body.devices).toEqual([expect.objectContaining({ id, publicKey })]);
    } finally {
      await app.db.query("UPDATE nodes SET disabled = false WHERE id = ANY($1)", [rows.map((r) => r.id)]);
    }
  });
});

describe("without an active subscription", () => {
  it("issues no config but still lists and removes devices, and a payment brings access back", async () => {
    const never = await registerCustomer(app);
    const refused = await create(never);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("subscription_inactive");
    expect((await call("GET", "/devices", never)).body).toMatchObject({
      devices: [],
      access: { active: false, endsAt: null },
    });

    const user = await registerCustomer(app);
    await grantDays(app, user, 1);
    const kept = (await create(user)).body.device;
    const gone = (await create(user)).body.device;
    app.clock.advance({ hours: 48 });
    try {
      const list = deviceListSchema.parse((await call("GET", "/devices", user)).body);
      expect(list.access.active).toBe(false);
      expect(list.devices.map((d) => d.id).sort()).toEqual([kept.id, gone.id].sort());
      const config = await call("GET", `/devices/${kept.id}/config`, user);
      expect(config.status).toBe(403);
      expect(config.body.code).toBe("subscription_inactive");
      const rekey = await call("PATCH", `/devices/${kept.id}`, user, { publicKey: wgKey() });
      expect(rekey.body.code).toBe("subscription_inactive");
      expect((await call("DELETE", `/devices/${gone.id}`, user)).status).toBe(204);
      await grantDays(app, user, 30);
      const back = await call("GET", `/devices/${kept.id}/config`, user);
      expect(back.status).toBe(200);
      expect(back.body.config.interface.addresses).toEqual([kept.ipv4, kept.ipv6]);
    } finally {
      app.clock.advance({ hours: -48 });
    }
  });
});

describe("another user's device", () => {
  it("cannot be read, renamed, re-keyed or removed: the same 404 as an unknown device", async () => {
    const owner = await paidUser();
    const device = (await create(owner)).body.device;
    const intruder = await paidUser();
    const attempts = [
      call("GET", `/devices/${device.id}/config`, intruder),
      call("PATCH", `/devices/${device.id}`, intruder, { name: "mine now" }),
      call("PATCH", `/devices/${device.id}`, intruder, { publicKey: wgKey() }),
      call("DELETE", `/devices/${device.id}`, intruder),
      call("DELETE", `/devices/${randomUUID()}`, intruder),
      call("DELETE", "/devices/not-a-uuid", intruder),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: "Device not found", code: "device_not_found" });
    }
    expect((await call("GET", "/devices", intruder)).body.devices).toEqual([]);
    expect((await call("GET", "/devices", owner)).body.devices).toEqual([device]);
  });
});

describe("changing a device", () => {
  it("renames it, and a new key keeps the addresses while the old key is gone", async () => {
    const user = await paidUser();
    const device = (await create(user)).body.device;
    const renamed = await call("PATCH", `/devices/${device.id}`, user, { name: "Телефон" });
    expect(renamed.body).toEqual({ device: { ...device, name: "Телефон" }, config: null });
    const key = wgKey();
    const rekeyed = await call("PATCH", `/devices/${device.id}`, user, { publicKey: key });
    expect(rekeyed.status).toBe(200);
    expect(rekeyed.body.device).toMatchObject({ id: device.id, publicKey: key, ipv4: device.ipv4, ipv6: device.ipv6 });
    expect(rekeyed.body.config.interface.addresses).toEqual([device.ipv4, device.ipv6]);
    // The old key is free again (it names no device), the new one is taken.
    expect((await create(await paidUser(), { publicKey: key })).body.code).toBe("duplicate_public_key");
  });

  it("refuses a VPN node's own public key as a device key, at creation and as a new key (#29 audit)", async () => {
    // The key is public (GET /api/servers); a node's WireGuard ignores a peer with its own key, and
    // on the other nodes the device would be open to whoever holds that node's private key.
    const { node } = await addNode(app);
    const user = await paidUser();
    const created = await create(user, { publicKey: node.public_key });
    expect(created.status).toBe(409);
    expect(created.body.code).toBe("duplicate_public_key");
    const device = (await create(user)).body.device;
    const rekeyed = await call("PATCH", `/devices/${device.id}`, user, { publicKey: node.public_key });
    expect(rekeyed.status).toBe(409);
    expect(rekeyed.body.code).toBe("duplicate_public_key");
  });

  it("refuses a body with both a name and a key", async () => {
    const user = await paidUser();
    const device = (await create(user)).body.device;
    const res = await call("PATCH", `/devices/${device.id}`, user, { name: "x", publicKey: wgKey() });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("validation_failed");
  });
});

describe("addresses", () => {
  it("are unique, and a removed device's address is reused only after the quarantine", async () => {
    const user = await paidUser();
    const first = (await create(user)).body.device;
    expect((await call("DELETE", `/devices/${first.id}`, user)).status).toBe(204);
    const during = (await create(user)).body.device;
    expect(during.ipv4).not.toBe(first.ipv4);
    await call("DELETE", `/devices/${during.id}`, user);
    app.clock.advance({ seconds: 3601 });
    const after = (await create(user)).body.device;
    expect(after.ipv4).toBe(first.ipv4);
    expect(after.ipv6).toBe(first.ipv6);
  });
});

describe("the account", () => {
  it("takes its devices when deleted, and the data export lists them", async () => {
    const user = await paidUser();
    const device = (await create(user, { name: "Laptop" })).body.device;
    const exported = await call("GET", "/user/web/export", user);
    expect(exported.status).toBe(200);
    expect(exported.body.devices).toEqual([
      {
        name: "Laptop",
        protocol: "wireguard",
        public_key: device.publicKey,
        ipv4: device.ipv4,
        ipv6: device.ipv6,
        created_at: device.createdAt,
        last_handshake_at: null,
      },
    ]);
    const password = `pw-${randomUUID()}`;
    await app.db.query("UPDATE users SET encrypted_password = $2 WHERE id = $1", [
      user.id,
      await hashPassword(password),
    ]);
    expect((await call("POST", "/user/web/delete", user, { password })).status).toBe(200);
    const { rows } = await app.db.query("SELECT 1 FROM devices WHERE public_key = $1", [device.publicKey]);
    expect(rows).toEqual([]);
    // The key may be used again by someone else.
    expect((await create(await paidUser(), { publicKey: device.publicKey })).status).toBe(201);
  });
});
