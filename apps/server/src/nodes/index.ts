/**
 * VPN servers (nodes) as data (docs/operations.md, "Running VPN nodes"; docs/product.md, "Node
 * API"). Owns the `nodes` table (migration 0510): operators add, disable and remove nodes with the
 * admin command line; customers see them as `GET /api/servers`; nodes follow the peer set through
 * the node API (node-api.ts), reading the devices module's access log.
 */
import { generateKeyPairSync, randomUUID } from "node:crypto";
import { isWireguardKey, type Server } from "@veil/contracts";
import type { Hono } from "hono";
import type { Clock } from "../clock.js";
import type { Config } from "../config/index.js";
import type { Db, Queryable } from "../db/index.js";
import { createPeerLog } from "../devices/index.js";
import { parseTrustedProxies } from "../http/index.js";
import { every, type PeriodicJob } from "../jobs/index.js";
import type { Logger } from "../logger.js";
import { createNodeApi } from "./node-api.js";
import { createRevisionWatch } from "./revision-watch.js";
import {
  deleteNode,
  findNode,
  insertNode,
  listEnabledNodes,
  listNodes,
  type NodeRow,
  nodeKeyExists,
  setNodeDisabled,
  setNodeTokenHash,
} from "./stores/nodes.js";
import { hashNodeToken, newNodeToken } from "./tokens.js";

export { MAX_DELTA_KEYS, PEER_PAGE_SIZE } from "./node-api.js";
export type { NodeRow } from "./stores/nodes.js";
export { hashNodeToken, newNodeToken } from "./tokens.js";

/** How often the process sweeps ended subscriptions into the log, at most (also before node answers). */
const SWEEP_EVERY_MS = 5_000;
/** How often waiting long-polls look at the revision. */
const WATCH_POLL_MS = 200;

export interface NewNode {
  country: string;
  city: string;
  host: string;
  endpoint: string;
  publicKey: string;
}

export class NodeInputError extends Error {
  override name = "NodeInputError";
}

/** Checks what an operator typed for a node; throws NodeInputError with what is wrong. */
export function checkNewNode(input: NewNode): NewNode {
  const country = input.country.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(country))
    throw new NodeInputError("--country must be a two-letter code (ISO 3166-1), e.g. NL");
  const city = input.city.trim();
  if (!city || city.length > 80 || /[\p{Cc}]/u.test(city)) throw new NodeInputError("--city must be 1–80 characters");
  const endpoint = input.endpoint.trim();
  const match = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]{1,253}):(\d{1,5})$/.exec(endpoint);
  const port = Number(match?.[2]);
  if (!match || port < 1 || port > 65535)
    throw new NodeInputError("--endpoint must be host:port, e.g. nl1.example.net:51820");
  const host = (input.host || (match[1] as string).replace(/^\[|\]$/g, "")).trim();
  if (!/^[A-Za-z0-9.:-]{1,253}$/.test(host)) throw new NodeInputError("--host must be a host name");
  const publicKey = input.publicKey.trim();
  if (!isWireguardKey(publicKey))
    throw new NodeInputError("--public-key must be the node's WireGuard public key (base64, 44 characters)");
  return { country, city, host, endpoint, publicKey };
}

/** A fresh X25519 public key in WireGuard's base64 (the private half is thrown away). */
function throwawayPublicKey(): string {
  const { publicKey } = generateKeyPairSync("x25519");
  const jwk = publicKey.export({ format: "jwk" });
  return Buffer.from(jwk.x as string, "base64url").toString("base64");
}

/** The operator's side: add, list, disable, enable, remove, rotate a token. */
export function createNodeAdmin(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /** Adds a node; its token is returned once and never stored. */
    async add(input: NewNode): Promise<{ node: NodeRow; token: string }> {
      const checked = checkNewNode(input);
      const token = newNodeToken();
      const id = randomUUID();
      await insertNode(
        db,
        { id, ...checked, public_key: checked.publicKey, demo: false, created_at: clock.now() },
        hashNodeToken(token),
      );
      return { node: (await findNode(db, id)) as NodeRow, token };
    },
    list: () => listNodes(db),
    setDisabled: (id: string, disabled: boolean) => setNodeDisabled(db, id, disabled),
    remove: (id: string) => deleteNode(db, id),
    /** A new token; the old one stops working at once. Null for an unknown node. */
    async rotateToken(id: string): Promise<string | null> {
      const token = newNodeToken();
      return (await setNodeTokenHash(db, id, hashNodeToken(token))) ? token : null;
    },
  };
}

export interface Nodes {
  /** The node API's router, mounted at /api/nodes/v1. */
  api: Hono;
  /** The public server list (enabled nodes). */
  servers(): Promise<Server[]>;
  /** An enabled node by id, or null. */
  server(id: string): Promise<Server | null>;
  /** Whether `publicKey` is a node's own (such a key is no device's); in the caller's transaction. */
  isNodeKey(q: Queryable, publicKey: string): Promise<boolean>;
  /** Development: the one demo node, created once. */
  ensureDemoNode(): Promise<void>;
  /** Sweeps ended subscriptions into the log and prunes it, every minute and at start. */
  start(): PeriodicJob<unknown>;
  close(): void;
}

export function createNodes(deps: {
  config: Pick<
    Config,
    | "NODE_ONLINE_SECONDS"
    | "RATE_LIMIT_NODE_PER_MINUTE"
    | "RATE_LIMIT_NODE_AUTH_FAILURES_PER_5MIN"
    | "ACCESS_LOG_RETENTION_SECONDS"
    | "TRUSTED_PROXIES"
  >;
  db: Db;
  clock: Clock;
  logger: Logger;
}): Nodes {
  const { db, clock, logger, config } = deps;
  const peers = createPeerLog({ db, clock });
  let lastSweep = 0;
  let sweeping: Promise<unknown> | undefined;
  // Throttled per process; the sweep itself is safe to run from several processes at once.
  const sweep = () => {
    if (sweeping) return sweeping;
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return Promise.resolve();
    lastSweep = Date.now();
    sweeping = peers.sweep().finally(() => {
      sweeping = undefined;
    });
    return sweeping;
  };
  const watch = createRevisionWatch({
    read: peers.revision,
    beforePoll: sweep,
    pollMs: WATCH_POLL_MS,
    onError: (err) => logger.warn({ err: err instanceof Error ? err.message : String(err) }, "revision watch failed"),
  });
  const api = createNodeApi({
    db,
    clock,
    logger,
    peers,
    watch,
    sweep,
    rateRule: { limit: config.RATE_LIMIT_NODE_PER_MINUTE, windowSeconds: 60 },
    authFailureRule: { limit: config.RATE_LIMIT_NODE_AUTH_FAILURES_PER_5MIN, windowSeconds: 300 },
    trustedProxies: parseTrustedProxies(config.TRUSTED_PROXIES),
  });

  const toServer = (node: NodeRow): Server => ({
    id: node.id,
    country: node.country,
    city: node.city,
    host: node.host,
    endpoint: node.endpoint,
    publicKey: node.public_key,
    online:
      !!node.last_sync_at &&
      clock.now().getTime() - new Date(node.last_sync_at).getTime() <= config.NODE_ONLINE_SECONDS * 1000,
    demo: node.demo,
  });

  return {
    api,
    servers: async () => (await listEnabledNodes(db)).map(toServer),
    isNodeKey: (q, publicKey) => nodeKeyExists(q, publicKey),
    async server(id) {
      const node = await findNode(db, id);
      return node && !node.disabled ? toServer(node) : null;
    },
    async ensureDemoNode() {
      // Its token is random and never shown: nothing can sync as the demo. The unique index on
      // `demo` keeps it one, however many processes start at once.
      const created = await insertNode(
        db,
        {
          id: randomUUID(),
          country: "XX",
          city: "Demo",
          host: "demo.localhost",
          endpoint: "demo.localhost:51820",
          public_key: throwawayPublicKey(),
          demo: true,
          created_at: clock.now(),
        },
        hashNodeToken(newNodeToken()),
      );
      if (created) logger.info("created the development demo node (DEV_DEMO_NODE)");
    },
    start() {
      return every({
        messages: { done: "access log upkeep done", failed: "access log upkeep failed" },
        intervalMs: 60_000,
        runAtStart: true,
        pass: async () => ({
          swept: await peers.sweep(),
          pruned: await peers.prune(config.ACCESS_LOG_RETENTION_SECONDS),
        }),
        noteworthy: (report) => report.pruned > 0,
        logger,
      });
    },
    close: () => watch.close(),
  };
}
