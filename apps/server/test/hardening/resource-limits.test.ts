/**
 * Bounds that keep one client from tying up the server: a bounded password-hashing queue (busy →
 * 429 with Retry-After, while pages and reads still answer), a body limit on every mount, and
 * header/request timeouts far below Node's 300 s.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { API_PATHS } from "@veil/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HashingBusyError, HashingQueue, passwordHashing } from "../../src/auth/hashing-queue.js";
import { authClient } from "../helpers/auth-client.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

const PASSWORD = "violet-harbour-lantern";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe("given a hashing queue of 1 running and 1 waiting", () => {
  it("should run one task at a time, queue one, refuse the next at once, and take work again when free", async () => {
    const queue = new HashingQueue({ concurrency: 1, queue: 1 });
    const first = deferred();
    const second = deferred();
    const started: string[] = [];
    const a = queue.run(async () => {
      started.push("a");
      await first.promise;
    });
    const b = queue.run(async () => {
      started.push("b");
      await second.promise;
    });
    await expect(queue.run(async () => started.push("c"))).rejects.toBeInstanceOf(HashingBusyError);
    await Promise.resolve();
    expect(started).toEqual(["a"]);
    expect(queue.load).toEqual({ running: 1, waiting: 1 });
    first.resolve();
    await a;
    expect(started).toEqual(["a", "b"]);
    second.resolve();
    await b;
    await queue.run(async () => started.push("d"));
    expect(started).toEqual(["a", "b", "d"]);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it("should say how long to wait, at least a second", async () => {
    const queue = new HashingQueue({ concurrency: 1, queue: 0 });
    const hold = deferred();
    const running = queue.run(() => hold.promise);
    const refused = await queue.run(async () => 0).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HashingBusyError);
    expect((refused as HashingBusyError).retryAfter).toBeGreaterThanOrEqual(1);
    hold.resolve();
    await running;
  });
});

describe("given the server's hashing queue full", () => {
  let app: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), "veil-limits-"));
    mkdirSync(path.join(dist, "assets"));
    writeFileSync(path.join(dist, "assets/app-1.js"), "console.log(1);");
    writeFileSync(path.join(dist, "index.html"), "<!doctype html><div id=root></div>");
    app = await startTestApp({ env: { WEB_DIST: dist, PASSWORD_HASH_CONCURRENCY: "1", PASSWORD_HASH_QUEUE: "0" } });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("should answer sign-in and sign-up with 429 and Retry-After at once, serve files and reads, and count no attempt", async () => {
    const auth = authClient(app);
    const email = `busy-${Date.now()}@example.com`;
    await auth.confirmedUser(email, PASSWORD);
    const hold = deferred();
    const holding = passwordHashing.run(() => hold.promise);
    try {
      for (let i = 0; i < 6; i++) {
        const busy = await auth.signIn(email, `wrong-guess-${i}-xyz`, { ip: "198.51.100.5" });
        expect(busy.status).toBe(429);
        expect(busy.body.code).toBe("over_request_rate_limit");
        expect(Number(busy.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      }
      const signup = await auth.post("/signup", { email: `busy2-${Date.now()}@example.com`, password: PASSWORD });
      expect(signup.status).toBe(429);
      expect((await fetch(`${app.url}/assets/app-1.js`)).status).toBe(200);
      expect((await fetch(`${app.url}/api${API_PATHS.plans}`)).status).toBe(200);
    } finally {
      hold.resolve();
      await holding;
    }
    // The refused attempts were never judged, so none of them used the 5 wrong-password tries.
    for (let i = 0; i < 5; i++) {
      expect((await auth.signIn(email, `wrong-guess-${i}-xyz`, { ip: "198.51.100.5" })).status).toBe(400);
    }
    expect((await auth.signIn(email, PASSWORD, { ip: "198.51.100.6" })).status).toBe(200);
  });
});

describe("given a request body over the limit", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { TEST_CLOCK_START: "2026-01-01T00:00:00Z" } });
  });
  afterAll(async () => {
    await app?.close();
  });

  const twoMegabytes = () => "x".repeat(2 * 1024 * 1024);
  /** The same bytes without Content-Length (chunked), so the limit must count as it reads. */
  const chunked = (text: string) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = new TextEncoder().encode(text);
        for (let at = 0; at < bytes.length; at += 64 * 1024) controller.enqueue(bytes.subarray(at, at + 64 * 1024));
        controller.close();
      },
    });

  it("should refuse it with 413 on every mount, declared or chunked", async () => {
    const paths = [
      "/sim/exnode/invoices/x/settle",
      "/sim/exnode/control",
      "/dev/mailbox/messages",
      "/dev/clock",
      "/auth/v1/signup",
      `/api${API_PATHS.contact}`,
      "/anything-else",
    ];
    for (const where of paths) {
      const declared = await fetch(`${app.url}${where}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: twoMegabytes(),
      });
      expect([where, declared.status]).toEqual([where, 413]);
      const streamed = await fetch(`${app.url}${where}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: chunked(twoMegabytes()),
        duplex: "half",
      } as RequestInit);
      expect([where, streamed.status]).toEqual([where, 413]);
    }
  });

  it("should keep each API's own limit and error shape: 1 MB GoTrue-style on /auth/v1, 64 KB {detail} on /api", async () => {
    const post = (where: string, bytes: number) =>
      fetch(`${app.url}${where}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "a@example.com", data: { blob: "x".repeat(bytes) } }),
      });
    const auth = await post("/auth/v1/signup", 1100 * 1024);
    expect(auth.status).toBe(413);
    expect(await auth.json()).toMatchObject({ error_code: "request_entity_too_large" });
    // Under 1 MB is read and judged by the auth server itself (here: metadata too large).
    expect((await post("/auth/v1/signup", 200 * 1024)).status).toBe(400);
    const api = await post(`/api${API_PATHS.contact}`, 100 * 1024);
    expect(api.status).toBe(413);
    expect(await api.json()).toEqual({
      detail: "Request body too large",
      code: "body_too_large",
      request_id: api.headers.get("x-request-id"),
    });
  });

  it("should refuse a deeply nested body under the size limit with a 4xx, never a 500", async () => {
    // 20 000 levels fit in 120 KB; walking them recursively overflowed the stack (a 500).
    const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
    const body = `{"email":"deep@example.com","password":"${PASSWORD}","data":${deep(20_000)}}`;
    for (const where of ["/auth/v1/signup", "/auth/v1/token?grant_type=password", `/api${API_PATHS.contact}`]) {
      const res = await fetch(`${app.url}${where}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: where.startsWith("/api") ? `{"name":${deep(10_000)}}` : body,
      });
      expect([where, res.status >= 400 && res.status < 500]).toEqual([where, true]);
    }
    const signup = await fetch(`${app.url}/auth/v1/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
    });
    expect(signup.status).toBe(400);
    expect(await signup.json()).toMatchObject({ error_code: "bad_json" });
  });
});

describe("given a client that sends its request too slowly", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { HTTP_HEADERS_TIMEOUT_MS: "300", HTTP_REQUEST_TIMEOUT_MS: "600" } });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Writes `text` and never finishes the request; resolves with what the server said before closing. */
  function stall(text: string): Promise<string> {
    const { hostname, port } = new URL(app.url);
    return new Promise((resolve, reject) => {
      const socket = connect({ host: hostname === "localhost" ? "127.0.0.1" : hostname, port: Number(port) });
      let reply = "";
      socket.on("data", (chunk) => {
        reply += chunk.toString("latin1");
      });
      socket.on("error", reject);
      socket.on("close", () => resolve(reply));
      socket.write(text);
    });
  }

  it("should answer 408 and close when the headers never end", async () => {
    const reply = await stall("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1\r\n");
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
  });

  it("should answer 408 and close when the body never arrives in full", async () => {
    const reply = await stall(
      "POST /auth/v1/recover HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
    );
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
  });
});

describe("given a client that keeps its connection open between requests", () => {
  let app: TestApp;
  beforeAll(async () => {
    // Idle longer than the header and request limits, shorter than the keep-alive limit.
    app = await startTestApp({
      env: { HTTP_HEADERS_TIMEOUT_MS: "300", HTTP_REQUEST_TIMEOUT_MS: "600", HTTP_KEEP_ALIVE_TIMEOUT_MS: "8000" },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("should answer a second request on the same connection after it sat idle past Node's default (5 s, closed after 6 s)", async () => {
    // A proxy or client that reuses a connection the server has just dropped gets a reset
    // (a 502 behind a load balancer): the server must keep idle connections at least as long
    // as they do (HTTP_KEEP_ALIVE_TIMEOUT_MS).
    const { hostname, port } = new URL(app.url);
    const socket = connect({ host: hostname === "localhost" ? "127.0.0.1" : hostname, port: Number(port) });
    let reply = "";
    let closed = false;
    socket.on("data", (chunk) => {
      reply += chunk.toString("latin1");
    });
    socket.on("close", () => {
      closed = true;
    });
    const request = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    const answers = () => reply.match(/HTTP\/1\.1 200/g)?.length ?? 0;
    socket.write(request);
    await expect.poll(answers).toBe(1);
    await new Promise((done) => setTimeout(done, 7_000));
    expect(closed).toBe(false);
    socket.write(request);
    await expect.poll(answers).toBe(2);
    socket.destroy();
  }, 20_000);
});
