/**
 * A control plane for the agent's unit tests, speaking the node API as the contract says (full set
 * with ETag/If-None-Match, `since` with long-poll, 304, "start over", reports) on a loopback port,
 * with switches for what a real one does on a bad day: an outage, a refused token, a pruned log,
 * its rate limit (429 with Retry-After), and raw replies (a malicious peer set).
 */
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface WirePeer {
  publicKey: string;
  allowedIps: string[];
  expiresAt: string;
}

type LoggedChange = {
  revision: number;
  change: { op: "upsert"; peer: WirePeer } | { op: "remove"; publicKey: string };
};

export interface FakeControlPlane {
  url: string;
  token: string;
  revision: number;
  /** Every request: method, path with query, the token it carried, and when it came (Date.now()). */
  requests: { method: string; url: string; token: string | null; at: number }[];
  reports: unknown[];
  upsert(peer: WirePeer): void;
  remove(publicKey: string): void;
  /** Forget the change log (the next `since` gets "start over"). */
  pruneLog(): void;
  /** Connections are reset (outage) until set back to false. */
  down: boolean;
  /** Every request answers 401 (a disabled node). */
  refuseToken: boolean;
  /** While set, every request answers 429 with this Retry-After (null: 429 without one). */
  rateLimit: { retryAfter: string | null } | undefined;
  /**
   * The next peer request (full or since) answers this body instead; a function is called when that
   * request comes, and its result is the body.
   */
  nextRawReply: unknown;
  /**
   * The next peer request gets a full set of about `bytes`, chunked (no Content-Length), written as
   * fast as the client reads it; `streamed` says how it went.
   */
  nextStreamedReply: { bytes: number } | undefined;
  streamed: { written: number; finished: boolean; hungUp: boolean } | undefined;
  peers(): WirePeer[];
  /** Long-polls waiting for a change now (so a test knows the next change wakes one). */
  waiting(): number;
  close(): Promise<void>;
}

export async function startFakeControlPlane(
  initial: WirePeer[] = [],
  token = "node-token-0123456789abcdef",
): Promise<FakeControlPlane> {
  const current = new Map(initial.map((p) => [p.publicKey, p]));
  let log: LoggedChange[] = [];
  let logStart = 1;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of waiters) w();
    waiters.clear();
  };

  const json = (res: ServerResponse, code: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(code, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const auth = req.headers.authorization ?? null;
    fake.requests.push({
      method: req.method ?? "",
      url: req.url ?? "",
      token: auth?.replace(/^Bearer /, "") ?? null,
      at: Date.now(),
    });
    if (fake.down) {
      req.socket.destroy();
      return;
    }
    if (fake.refuseToken || auth !== `Bearer ${fake.token}`) {
      return json(res, 401, { detail: "node token refused", code: "node_unauthorized" });
    }
    if (fake.rateLimit) {
      const { retryAfter } = fake.rateLimit;
      return json(
        res,
        429,
        { detail: "Too many requests", code: "rate_limited" },
        retryAfter ? { "retry-after": retryAfter } : {},
      );
    }
    const url = new URL(req.url ?? "/", "http://x");
    if (req.method === "POST" && url.pathname === "/api/nodes/v1/report") {
      let body = "";
      for await (const chunk of req) body += chunk;
      fake.reports.push(JSON.parse(body));
      res.writeHead(204).end();
      return;
    }
    if (req.method !== "GET" || url.pathname !== "/api/nodes/v1/peers") return json(res, 404, { detail: "nope" });
    if (fake.nextStreamedReply) {
      const { bytes } = fake.nextStreamedReply;
      fake.nextStreamedReply = undefined;
      return streamFullSet(res, bytes);
    }
    if (fake.nextRawReply !== undefined) {
      const raw = fake.nextRawReply;
      fake.nextRawReply = undefined;
      const body = typeof raw === "function" ? raw() : raw;
      return json(res, 200, body);
    }
    const since = url.searchParams.get("since");
    if (since === null) {
      if (req.headers["if-none-match"] === `"${fake.revision}"`) return res.writeHead(304).end();
      return json(res, 200, { revision: fake.revision, peers: [...current.values()] }, { etag: `"${fake.revision}"` });
    }
    const from = Number(since);
    // Asked again after a long-poll wakes: the log may have been pruned while it waited.
    const outOfLog = () => from > fake.revision || from < logStart - 1;
    if (outOfLog()) return json(res, 200, { revision: fake.revision, reset: true });
    if (from === fake.revision) {
      const wait = Number(url.searchParams.get("wait") ?? 0);
      if (wait > 0) {
        let done: () => void = () => {};
        const woke = new Promise<void>((resolve) => {
          done = resolve;
          waiters.add(resolve);
        });
        const timer = setTimeout(done, wait * 1000);
        req.socket.once("close", done);
        await woke;
        clearTimeout(timer);
        waiters.delete(done);
        if (fake.down) {
          req.socket.destroy();
          return;
        }
      }
      if (from === fake.revision) return res.writeHead(304).end();
      if (outOfLog()) return json(res, 200, { revision: fake.revision, reset: true });
    }
    const changes = log.filter((entry) => entry.revision > from).map((entry) => ({ ...entry.change }));
    const wire = changes.map((c) => (c.op === "remove" ? c : { op: "upsert", ...c.peer }));
    return json(res, 200, { revision: fake.revision, reset: false, changes: wire });
  }

  async function streamFullSet(res: ServerResponse, bytes: number) {
    const progress = { written: 0, finished: false, hungUp: false };
    fake.streamed = progress;
    res.on("close", () => {
      progress.hungUp = !progress.finished;
    });
    res.writeHead(200, { "content-type": "application/json" });
    const entry = JSON.stringify({ publicKey: `${"A".repeat(43)}=`, allowedIps: [], expiresAt: "never" });
    const chunk = Buffer.from(`${entry},`.repeat(Math.ceil(16_384 / (entry.length + 1))));
    // Waits for the client to read (or hang up) before writing more.
    const write = (data: Buffer | string) =>
      res.write(data)
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            res.once("drain", resolve);
            res.once("close", resolve);
          });
    await write(`{"revision":${fake.revision},"peers":[`);
    while (progress.written < bytes && !res.destroyed) {
      await write(chunk);
      progress.written += chunk.length;
    }
    if (res.destroyed) return;
    res.end(`${entry}]}`, () => {
      progress.finished = true;
    });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const port = (server.address() as AddressInfo).port;

  const fake: FakeControlPlane = {
    url: `http://127.0.0.1:${port}`,
    token,
    revision: 1,
    requests: [],
    reports: [],
    down: false,
    refuseToken: false,
    rateLimit: undefined,
    nextRawReply: undefined,
    nextStreamedReply: undefined,
    streamed: undefined,
    upsert(peer) {
      current.set(peer.publicKey, peer);
      log.push({ revision: ++fake.revision, change: { op: "upsert", peer } });
      wake();
    },
    remove(publicKey) {
      current.delete(publicKey);
      log.push({ revision: ++fake.revision, change: { op: "remove", publicKey } });
      wake();
    },
    pruneLog() {
      log = [];
      logStart = fake.revision + 1;
    },
    peers: () => [...current.values()],
    waiting: () => waiters.size,
    async close() {
      fake.down = true;
      wake();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
