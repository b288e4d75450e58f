/**
 * The node API (docs/product.md, "Node API"), mounted at `/api/nodes/v1` apart from the customer
 * routes: its own token check, its own rate limit, its own body limit (reports are up to 1 MiB).
 * Nothing personal crosses it: peers are keys, tunnel addresses and end times; reports bring
 * handshake times and counters, and no client address is ever read or stored.
 */
import {
  type ApiErrorCode,
  NODE_API_ROUTES,
  NODE_MAX_WAIT_SECONDS,
  NODE_REPORT_MAX_BYTES,
  nodeReportRequestSchema,
} from "@veil/contracts";
import { type Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import type { PeerLog } from "../devices/index.js";
import { recordHandshakes } from "../devices/index.js";
import {
  clientIp,
  limitBodySize,
  rateLimitSubject,
  readJsonBody,
  requestIdOf,
  type TrustedProxies,
} from "../http/index.js";
import type { Logger } from "../logger.js";
import { RateLimiter, type RateRule } from "../rate-limit/index.js";
import { createInFlightLimit } from "./in-flight.js";
import type { RevisionWatch } from "./revision-watch.js";
import { findNodeByTokenHash, type NodeRow, recordNodeSync } from "./stores/nodes.js";
import { hashNodeToken, looksLikeNodeToken } from "./tokens.js";

type NodeEnv = { Variables: { node: NodeRow } };

/** Peers per page of the streamed full set (one query each; memory stays this size). */
export const PEER_PAGE_SIZE = 2000;
/** More changed keys than this since a revision: the node starts over with the full set. */
export const MAX_DELTA_KEYS = 10_000;

export interface NodeApiDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  peers: PeerLog;
  watch: RevisionWatch;
  rateRule: RateRule;
  /** Refused tokens per client network (IPv6 by /64) before that network is refused outright. */
  authFailureRule: RateRule;
  trustedProxies: TrustedProxies;
  /** The expiry sweep, throttled by its owner; run before answering. */
  sweep: () => Promise<unknown>;
}

/**
 * One node's requests in flight in this process, by kind, at most (in-flight.ts): one full set (each
 * reads every peer: 20 at once took 25–50 s at 100k) and two changes requests (long-polls, or up to
 * 10,000 changes each).
 */
const IN_FLIGHT = { fullSet: 1, changes: 2 } as const;
/** Full sets actually streamed (not 304) per node and minute: start, reconcile, start over. */
const FULL_SETS_PER_MINUTE = 6;

/** `{detail, code, request_id}`: the request id as in every error body (src/http/access-log.ts). */
const refuse = (c: Context, status: 401 | 404 | 413 | 422 | 429 | 500, code: ApiErrorCode, detail: string) => {
  const requestId = requestIdOf(c);
  return c.json({ detail, code, ...(requestId ? { request_id: requestId } : {}) }, status);
};

const path = (route: keyof typeof NODE_API_ROUTES) => NODE_API_ROUTES[route].path.replace("/nodes/v1", "");

export function createNodeApi(deps: NodeApiDeps): Hono {
  const { db, clock, peers, watch } = deps;
  const limiter = new RateLimiter(db, clock);
  const app = new Hono<NodeEnv>();
  const inFlight = createInFlightLimit(IN_FLIGHT);
  const busy = (c: Context) => {
    c.header("Retry-After", "1");
    return refuse(c, 429, "rate_limited", "Too many requests in flight for this node.");
  };

  app.use("*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });

  const authFailures = { bucket: "ip:node-auth-fail", ...deps.authFailureRule };
  // The token names the node; a disabled or removed node's token stops working at once (looked
  // up on every request). Every refusal is the same, so a probe learns nothing. A network that sent
  // too many refused tokens gets 429 for each further refused one, without another count. A right
  // token is served from anywhere: a lock that held it too let anyone sharing a node's network (its
  // NAT address, its provider's /64) cut that node off from every removal, block and new device for
  // as long as he kept sending 30 bad tokens per 5 minutes. Tokens have 256 bits, so the limit is
  // about load and noise, not the odds of a guess. (Checked, then counted on a refusal: parallel
  // guesses may overshoot by their number.)
  const authed = createMiddleware<NodeEnv>(async (c, next) => {
    const match = /^Bearer ([\x21-\x7e]{1,200})$/.exec(c.req.header("Authorization") ?? "");
    const token = match?.[1];
    const node = token && looksLikeNodeToken(token) ? await findNodeByTokenHash(db, hashNodeToken(token)) : null;
    if (!node || node.disabled) {
      const network = rateLimitSubject(clientIp(c, deps.trustedProxies));
      const locked = await limiter.isExhausted(authFailures, network);
      if (!locked.allowed) {
        c.header("Retry-After", String(locked.retryAfter));
        return refuse(
          c,
          429,
          "rate_limited",
          "Too many refused node tokens from this network. Please try again later.",
        );
      }
      await limiter.hit(authFailures, network);
      c.header("WWW-Authenticate", "Bearer");
      return refuse(c, 401, "node_unauthorized", "Not a valid node token");
    }
    const state = await limiter.hit({ bucket: "node", ...deps.rateRule }, node.id);
    if (!state.allowed) {
      c.header("Retry-After", String(state.retryAfter));
      return refuse(c, 429, "rate_limited", "Too many requests. Please try again later.");
    }
    c.set("node", node);
    await next();
  });

  app.get(path("nodePeers"), authed, async (c) => {
    const node = c.get("node");
    const sinceText = c.req.query("since");
    const waitText = c.req.query("wait");
    if (sinceText !== undefined && !/^\d{1,15}$/.test(sinceText)) {
      return refuse(c, 422, "validation_failed", "since must be a revision (a whole number)");
    }
    if (waitText !== undefined && !(/^\d{1,2}$/.test(waitText) && Number(waitText) <= NODE_MAX_WAIT_SECONDS)) {
      return refuse(c, 422, "validation_failed", `wait must be 0 to ${NODE_MAX_WAIT_SECONDS} seconds`);
    }
    await deps.sweep();
    await recordNodeSync(db, node.id, clock.now());
    if (sinceText === undefined) return fullSet(c, node);

    const since = Number(sinceText);
    const waitMs = Number(waitText ?? 0) * 1000;
    const release = inFlight.enter(node.id, "changes");
    if (!release) return busy(c);
    try {
      const deadline = Date.now() + waitMs;
      for (;;) {
        const delta = await peers.changesSince(since, MAX_DELTA_KEYS);
        if (delta) {
          c.header("ETag", `"${delta.revision}"`);
          return c.json(delta);
        }
        const left = deadline - Date.now();
        if (left <= 0 || c.req.raw.signal.aborted) break;
        await watch.wait(since, left, c.req.raw.signal);
        await deps.sweep();
      }
      c.header("ETag", `"${since}"`);
      return c.body(null, 304);
    } finally {
      release();
    }
  });

  /** The full set, streamed page by page (memory stays one page whatever the set's size). */
  async function fullSet(c: Context<NodeEnv>, node: NodeRow) {
    const revision = await peers.revision();
    const etag = `"${revision}"`;
    c.header("ETag", etag);
    if (c.req.header("If-None-Match") === etag) return c.body(null, 304);
    // HEAD gets the headers only: its body is dropped unread, which would keep the slot forever.
    if (c.req.method === "HEAD") return c.body(null, 200);
    const release = inFlight.enter(node.id, "fullSet");
    if (!release) return busy(c);
    // However the exchange ends (finished, aborted, the stream dropped), the slot goes with it.
    (c.env as { outgoing?: { once(event: "close", listener: () => void): unknown } } | undefined)?.outgoing?.once(
      "close",
      release,
    );
    let state: Awaited<ReturnType<typeof limiter.hit>>;
    try {
      state = await limiter.hit({ bucket: "node-full-set", limit: FULL_SETS_PER_MINUTE, windowSeconds: 60 }, node.id);
    } catch (err) {
      release();
      throw err;
    }
    if (!state.allowed) {
      release();
      c.header("Retry-After", String(state.retryAfter));
      return refuse(c, 429, "rate_limited", "Too many full sets for this node. Please try again later.");
    }
    const encoder = new TextEncoder();
    const pages = peers.pages(PEER_PAGE_SIZE);
    let started = false;
    let count = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(`{"revision":${revision},"peers":[`));
          return;
        }
        let next: Awaited<ReturnType<typeof pages.next>>;
        try {
          next = await pages.next();
        } catch (err) {
          release();
          throw err;
        }
        if (next.done) {
          release();
          controller.enqueue(encoder.encode("]}"));
          controller.close();
          await recordNodeSync(db, node.id, clock.now(), { peerCount: count }).catch(() => {});
          return;
        }
        const text = next.value.map((peer) => JSON.stringify(peer)).join(",");
        controller.enqueue(encoder.encode(count === 0 ? text : `,${text}`));
        count += next.value.length;
      },
      async cancel() {
        release();
        await pages.return(undefined);
      },
    });
    return c.body(body, 200, { "Content-Type": "application/json; charset=utf-8" });
  }

  app.post(
    path("nodeReport"),
    authed,
    limitBodySize(NODE_REPORT_MAX_BYTES, (c) => refuse(c, 413, "body_too_large", "Request body too large")),
    async (c) => {
      const node = c.get("node");
      const body = await readJsonBody(c, nodeReportRequestSchema, { guard: true });
      if (!body.ok) return refuse(c, 422, "validation_failed", "Not a valid report");
      const now = clock.now();
      // A node's clock may run ahead: a handshake is never recorded as later than now.
      const handshakes = body.data.peers
        .filter((p) => p.latestHandshake > 0)
        .map((p) => ({ publicKey: p.publicKey, at: new Date(Math.min(p.latestHandshake * 1000, now.getTime())) }));
      await recordHandshakes(db, handshakes, now);
      await recordNodeSync(db, node.id, now, { agentVersion: body.data.agentVersion });
      return c.body(null, 204);
    },
  );

  app.all("*", (c) => refuse(c, 404, "not_found", "Not Found"));
  app.onError((err, c) => {
    deps.logger.error(
      { err: err instanceof Error ? err.message : String(err), path: c.req.path, requestId: requestIdOf(c) },
      "node api error",
    );
    return refuse(c, 500, "internal_error", "Internal error");
  });
  return app as unknown as Hono;
}
