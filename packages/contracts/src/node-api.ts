import { isWireguardKey } from "./access.js";
import { type ApiErrorCode, COMMON_ERROR_CODES } from "./api-errors.js";
import { z } from "./zod.js";

/**
 * The node API (docs/product.md, "Node API"): the route group VPN servers (nodes) call with their
 * own token, apart from the customer routes of API_ROUTES. Nothing personal crosses it: a peer is
 * a public key, its tunnel addresses and the time its access ends.
 */

export interface NodeApiRoute {
  readonly method: "GET" | "POST";
  /** Relative to `/api`. */
  readonly path: string;
  readonly errors: readonly ApiErrorCode[];
}

const nodeErrors = [...COMMON_ERROR_CODES, "node_unauthorized", "rate_limited"] as const;

export const NODE_API_ROUTES = {
  /** Full set (streamed), or with `?since=REV[&wait=S]` the changes since REV. */
  nodePeers: { method: "GET", path: "/nodes/v1/peers", errors: [...nodeErrors, "validation_failed"] },
  /** Handshakes and counters per peer. */
  nodeReport: { method: "POST", path: "/nodes/v1/report", errors: [...nodeErrors, "validation_failed"] },
} as const satisfies Record<string, NodeApiRoute>;

/** Longest long-poll a node may ask for (`wait`, seconds). */
export const NODE_MAX_WAIT_SECONDS = 30;
/** Most peers in one report (the agent sends larger sets in chunks). */
export const NODE_REPORT_MAX_PEERS = 5000;
/** Largest report body, bytes. */
export const NODE_REPORT_MAX_BYTES = 1024 * 1024;

const publicKey = z.string().refine(isWireguardKey, "Not a WireGuard public key");

export const nodePeerSchema = z.strictObject({
  publicKey,
  /** The device's addresses, e.g. ["10.64.0.7/32", "fd00:7665:696c::7/128"]. */
  allowedIps: z.array(z.string()),
  /** When the owner's access ends: a node drops the peer then by itself, even when cut off. */
  expiresAt: z.iso.datetime({ offset: true }),
});
export type NodePeer = z.infer<typeof nodePeerSchema>;

/** `GET /nodes/v1/peers`: every peer that has access now, at `revision`. */
export const nodePeerSetSchema = z.strictObject({
  revision: z.number().int().nonnegative(),
  peers: z.array(nodePeerSchema),
});
export type NodePeerSet = z.infer<typeof nodePeerSetSchema>;

export const nodePeerChangeSchema = z.discriminatedUnion("op", [
  nodePeerSchema.extend({ op: z.literal("upsert") }),
  z.strictObject({ op: z.literal("remove"), publicKey }),
]);
export type NodePeerChange = z.infer<typeof nodePeerChangeSchema>;

/** `GET /nodes/v1/peers?since=REV`: the changes, or `reset` (fetch the full set) when REV is unknown. */
export const nodePeerDeltaSchema = z.union([
  z.strictObject({
    revision: z.number().int().nonnegative(),
    reset: z.literal(false),
    changes: z.array(nodePeerChangeSchema),
  }),
  z.strictObject({ revision: z.number().int().nonnegative(), reset: z.literal(true) }),
]);
export type NodePeerDelta = z.infer<typeof nodePeerDeltaSchema>;

export const nodeReportRequestSchema = z.strictObject({
  agentVersion: z.string().min(1).max(32),
  peers: z
    .array(
      z.strictObject({
        publicKey: z.string().max(100),
        /** Unix seconds of the latest handshake; 0 = never. */
        latestHandshake: z.number().int().nonnegative(),
        rxBytes: z.number().int().nonnegative(),
        txBytes: z.number().int().nonnegative(),
      }),
    )
    .max(NODE_REPORT_MAX_PEERS),
});
export type NodeReportRequest = z.infer<typeof nodeReportRequestSchema>;
