/**
 * The node API of the control plane (docs/product.md, "Node API"; route table in
 * @veil/contracts node-api.ts): the full peer set, the changes since a revision (long-poll), and
 * the handshake report. Every call carries the node's token; replies are parsed and checked by
 * peers/wire.ts before anything else sees them.
 */
import type { AllowedIpCheck } from "../peers/validate.js";
import { type ChangeSet, type FullSet, parseChangeSet, parseFullSet } from "../peers/wire.js";
import type { PeerStats } from "../wg/wireguard.js";

/** Largest reply the agent reads: a full set of 2^20 peers is ~170 MB; anything bigger is refused. */
const MAX_REPLY_BYTES = 256 * 1024 * 1024;

/** The control plane refused the node's token (disabled, removed, rotated): retrying will not help soon. */
export class UnauthorizedError extends Error {}

/** The control plane answered, but not as the contract says (status or body). */
export class ProtocolError extends Error {}

/**
 * The control plane answered 429: this node asks too often or holds too many requests (its per-node
 * limits). `retryAfterMs` is what its Retry-After said, or null when it said nothing usable.
 */
export class RateLimitedError extends Error {
  constructor(
    what: string,
    readonly retryAfterMs: number | null,
  ) {
    super(`${what}: the control plane answered 429 (rate limited)`);
  }
}

/** Retry-After as milliseconds from `now`: whole seconds or an HTTP date; null when neither. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d{1,10}$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) || !/[a-z]/i.test(text) ? null : Math.max(0, at - now);
}

export interface ControlPlane {
  /** The full set; null when `ifNoneMatch` is still the current revision (304). */
  fullSet(ifNoneMatch?: number, signal?: AbortSignal): Promise<FullSet | null>;
  /** Changes since `revision`, waiting up to `waitSeconds` for one; null when nothing changed (304). */
  changesSince(revision: number, waitSeconds: number, signal?: AbortSignal): Promise<ChangeSet | null>;
  /** One report (≤ 5000 peers). */
  report(agentVersion: string, peers: PeerStats[]): Promise<void>;
}

export interface ControlPlaneOptions {
  apiUrl: string;
  /** Called for every request, so a rotated token file is picked up without a restart. */
  token: () => Promise<string>;
  checkIp: AllowedIpCheck;
  /** Seconds a request may take on top of the long-poll wait. */
  timeoutSeconds?: number;
  /** Largest reply body read (default 256 MiB); a longer one is dropped mid-stream. */
  maxReplyBytes?: number;
}

/**
 * The body as JSON, read chunk by chunk and dropped (the connection with it) as soon as it passes
 * `maxBytes`: a chunked reply has no length to check first, and buffering it whole before looking
 * would let a broken or hostile control plane fill the node's memory.
 */
async function readJson(res: Response, maxBytes: number): Promise<unknown> {
  const declared = Number(res.headers.get("content-length") ?? 0);
  if (declared > maxBytes) {
    await res.body?.cancel();
    throw new ProtocolError(`reply of ${declared} bytes is larger than ${maxBytes} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body?.getReader();
  for (;;) {
    const next = await reader?.read();
    if (!next || next.done) break;
    size += next.value.byteLength;
    if (size > maxBytes) {
      await reader?.cancel();
      throw new ProtocolError(`reply is larger than ${maxBytes} bytes`);
    }
    chunks.push(next.value);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new ProtocolError("reply is not JSON");
  }
}

export function controlPlaneClient({
  apiUrl,
  token,
  checkIp,
  timeoutSeconds = 30,
  maxReplyBytes = MAX_REPLY_BYTES,
}: ControlPlaneOptions): ControlPlane {
  const base = apiUrl.replace(/\/+$/, "");
  const request = async (path: string, init: RequestInit, waitSeconds = 0, stop?: AbortSignal): Promise<Response> => {
    const timeout = AbortSignal.timeout((timeoutSeconds + waitSeconds) * 1000);
    const res = await fetch(`${base}${path}`, {
      ...init,
      // A redirect would carry the token elsewhere.
      redirect: "error",
      signal: stop ? AbortSignal.any([timeout, stop]) : timeout,
      headers: { ...init.headers, authorization: `Bearer ${await token()}` },
    });
    if (res.status === 401 || res.status === 403) {
      await res.body?.cancel();
      throw new UnauthorizedError(`the control plane refused this node's token (${res.status})`);
    }
    return res;
  };
  const expect = async (res: Response, what: string): Promise<void> => {
    if (res.ok) return;
    await res.body?.cancel();
    if (res.status === 429) throw new RateLimitedError(what, parseRetryAfter(res.headers.get("retry-after")));
    throw new ProtocolError(`${what}: the control plane answered ${res.status}`);
  };

  return {
    async fullSet(ifNoneMatch, signal) {
      const headers: Record<string, string> = { accept: "application/json" };
      if (ifNoneMatch !== undefined) headers["if-none-match"] = `"${ifNoneMatch}"`;
      const res = await request("/api/nodes/v1/peers", { headers }, 0, signal);
      if (res.status === 304) return null;
      await expect(res, "full peer set");
      return parseFullSet(await readJson(res, maxReplyBytes), checkIp);
    },
    async changesSince(revision, waitSeconds, signal) {
      const query = new URLSearchParams({ since: String(revision) });
      if (waitSeconds > 0) query.set("wait", String(waitSeconds));
      const res = await request(
        `/api/nodes/v1/peers?${query}`,
        { headers: { accept: "application/json" } },
        waitSeconds,
        signal,
      );
      if (res.status === 304) return null;
      await expect(res, "peer changes");
      return parseChangeSet(await readJson(res, maxReplyBytes), checkIp);
    },
    async report(agentVersion, peers) {
      const res = await request("/api/nodes/v1/report", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ agentVersion, peers }),
      });
      await expect(res, "report");
      await res.body?.cancel();
    },
  };
}
