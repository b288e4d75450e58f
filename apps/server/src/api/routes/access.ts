/**
 * Access (docs/product.md, "Devices and servers"): the public server list and the caller's
 * devices. The devices module decides; this file maps its answers to the route table. A config is
 * only the server's half (its key, endpoint, the device's addresses): the browser adds its own
 * private key, so no URL ever serves one.
 */
import { createHash } from "node:crypto";
import type { Device, PeerConfig, Server } from "@veil/contracts";
import type { Hono } from "hono";
import type { DeviceRow } from "../../devices/index.js";
import { fromAcceptLanguage } from "../../mail/index.js";
import type { ApiContext } from "../context.js";
import { HttpError } from "../errors.js";
import type { ApiEnv } from "../identity.js";
import { handle } from "../route.js";

const toDevice = (row: DeviceRow): Device => ({
  id: row.id,
  name: row.name,
  protocol: row.protocol,
  publicKey: row.public_key,
  ipv4: row.ipv4,
  ipv6: row.ipv6,
  createdAt: new Date(row.created_at).toISOString(),
  lastHandshakeAt: row.last_handshake_at ? new Date(row.last_handshake_at).toISOString() : null,
  serverId: row.server_id,
});

export function mountAccessRoutes(api: Hono<ApiEnv>, ctx: ApiContext): void {
  const { deps, limit, limits } = ctx;
  const { devices, nodes } = deps.access;

  const peerConfig = (row: DeviceRow, server: Server): PeerConfig => ({
    serverId: server.id,
    interface: { addresses: [row.ipv4, row.ipv6], dns: [...deps.access.dns] },
    peer: { publicKey: server.publicKey, endpoint: server.endpoint, allowedIps: ["0.0.0.0/0", "::/0"] },
  });

  /** The server a config is for: the one asked for, else the device's own, else the first listed. */
  async function serverFor(asked: string | undefined, row: DeviceRow | null): Promise<Server | null> {
    if (asked) {
      const server = await nodes.server(asked);
      if (!server) throw new HttpError(404, "server_not_found", "No such server");
      return server;
    }
    const own = row?.server_id ? await nodes.server(row.server_id) : null;
    return own ?? (await nodes.servers())[0] ?? null;
  }

  const notFound = () => new HttpError(404, "device_not_found", "Device not found");
  const inactive = () =>
    new HttpError(403, "subscription_inactive", "Your subscription is not active: no configuration can be issued");

  handle(api, ctx, "servers", async (c) => {
    const body = JSON.stringify({ servers: await nodes.servers() });
    const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
    const headers = { ETag: etag, "Cache-Control": "public, max-age=30" };
    if (c.req.header("If-None-Match") === etag) return c.body(null, 304, headers);
    return c.body(body, 200, { ...headers, "Content-Type": "application/json; charset=utf-8" });
  });

  handle(api, ctx, "devices", async (c) => {
    const customer = await ctx.customerOf(c.get("identity"));
    const [rows, access] = await Promise.all([devices.list(customer.id), devices.access(customer.id)]);
    return {
      devices: rows.map(toDevice),
      limit: devices.limit,
      access: { active: access.active, endsAt: access.endsAt?.toISOString() ?? null },
    };
  });

  handle(api, ctx, "createDevice", async (c, read) => {
    const identity = c.get("identity");
    await limit(`devices:${identity.sub}`, limits.deviceChangesPerCustomer);
    const body = await read();
    const customer = await ctx.customerOf(identity);
    const server = await serverFor(body.serverId, null);
    const row = await devices.create(
      customer.id,
      {
        publicKey: body.publicKey,
        name: body.name,
        serverId: server?.id ?? null,
        language: fromAcceptLanguage(c.req.header("Accept-Language")),
      },
      async (tx) => {
        if (deps.holdLiveAccount && !(await deps.holdLiveAccount(tx, identity.sub))) {
          throw new HttpError(401, "not_authenticated", "Not authenticated", { "WWW-Authenticate": "Bearer" });
        }
      },
    );
    return { device: toDevice(row), config: server ? peerConfig(row, server) : null };
  });

  handle(api, ctx, "updateDevice", async (c, read) => {
    const identity = c.get("identity");
    const body = await read();
    const id = c.req.param("id") ?? "";
    const customer = await ctx.customerOf(identity);
    if ("name" in body) return { device: toDevice(await devices.rename(customer.id, id, body.name)), config: null };
    await limit(`devices:${identity.sub}`, limits.deviceChangesPerCustomer);
    // The server first: a new key saved with no config to go with it would cut the device off.
    const current = await devices.find(customer.id, id);
    if (!current) throw notFound();
    const server = await serverFor(undefined, current);
    if (!server) throw new HttpError(404, "server_not_found", "No server is available");
    const row = await devices.rekey(customer.id, id, body.publicKey);
    return { device: toDevice(row), config: peerConfig(row, server) };
  });

  handle(api, ctx, "deleteDevice", async (c) => {
    const customer = await ctx.customerOf(c.get("identity"));
    await devices.remove(customer.id, c.req.param("id") ?? "");
    return undefined;
  });

  handle(api, ctx, "deviceConfig", async (c) => {
    const customer = await ctx.customerOf(c.get("identity"));
    const asked = c.req.query("serverId");
    if (asked !== undefined && (asked.length === 0 || asked.length > 64)) {
      throw new HttpError(422, "validation_failed", "serverId must name a server");
    }
    const row = await devices.find(customer.id, c.req.param("id") ?? "");
    if (!row) throw notFound();
    if (!(await devices.access(customer.id)).active) throw inactive();
    const server = await serverFor(asked, row);
    if (!server) throw new HttpError(404, "server_not_found", "No server is available");
    if (server.id !== row.server_id) await devices.chooseServer(customer.id, row.id, server.id);
    return { config: peerConfig(row, server) };
  });
}
