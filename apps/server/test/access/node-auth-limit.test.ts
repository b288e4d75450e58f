/**
 * Refused node tokens are limited per client network (RATE_LIMIT_NODE_AUTH_FAILURES_PER_5MIN, 3
 * here): past it that network gets 429 with Retry-After for every further refused token until the
 * window ends. A right token is served all the same, so whoever shares a node's network (its NAT
 * address, its provider's /64) cannot cut the node off its peer set by sending bad tokens. Runs on
 * PGlite, and on Postgres with VEIL_TEST_POSTGRES_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addNode, nodeApi } from "../helpers/access.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMIT_NODE_AUTH_FAILURES_PER_5MIN: "3" } });
}, 60_000);
afterAll(async () => app?.close());

const WRONG = `vn_${"A".repeat(43)}`;
/** A node API call from `ip` (the test client is a trusted proxy, so X-Forwarded-For names the caller). */
const from = (ip: string, token: string | null, options: { method?: string; body?: unknown } = {}) =>
  nodeApi(app, token, options.method === "POST" ? "/report" : "/peers?since=0", {
    ...options,
    headers: { "X-Forwarded-For": ip },
  });
/** Answered as a node's request is (the changes since 0: none, or some). */
const SERVED = [200, 304];

describe("refused node tokens, per client network", () => {
  it("answer 401 up to the limit, then 429 with Retry-After to that network only", async () => {
    const { token } = await addNode(app);
    for (const bad of [WRONG, "garbage", null]) expect((await from("198.51.100.7", bad)).status).toBe(401);
    const locked = await from("198.51.100.7", WRONG);
    expect(locked.status).toBe(429);
    expect(locked.json).toMatchObject({ code: "rate_limited" });
    const retryAfter = Number(locked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(300);
    // Another network: its own count.
    expect(SERVED).toContain((await from("198.51.100.8", token)).status);
    expect((await from("198.51.100.8", WRONG)).status).toBe(401);
    // The window ends: the network is served again.
    app.clock.advance({ seconds: retryAfter + 1 });
    try {
      expect((await from("198.51.100.7", WRONG)).status).toBe(401);
    } finally {
      app.clock.advance({ seconds: -(retryAfter + 1) });
    }
  });

  it("count an IPv6 caller by its /64", async () => {
    for (const host of ["1", "2", "3"]) expect((await from(`2001:db8:7:9::${host}`, WRONG)).status).toBe(401);
    expect((await from("2001:db8:7:9::4", WRONG)).status).toBe(429);
    expect((await from("2001:db8:7:a::1", WRONG)).status).toBe(401);
  });

  it("never hold up a right token: a neighbour's bad tokens do not cut a node off (#29 audit)", async () => {
    const { token } = await addNode(app);
    // Someone else in the node's /64 (a provider that shares one between customers) keeps the
    // network locked; the node's own long-poll and report still get through.
    for (const host of ["1", "2", "3", "4"]) await from(`2001:db8:7:b::${host}`, WRONG);
    expect((await from("2001:db8:7:b::5", WRONG)).status).toBe(429);
    expect(SERVED).toContain((await from("2001:db8:7:b::99", token)).status);
    expect(
      (await from("2001:db8:7:b::99", token, { method: "POST", body: { agentVersion: "1", peers: [] } })).status,
    ).toBe(204);
    // The same behind one IPv4 address (a shared NAT).
    for (let i = 0; i < 4; i++) await from("198.51.100.20", WRONG);
    expect((await from("198.51.100.20", WRONG)).status).toBe(429);
    expect(SERVED).toContain((await from("198.51.100.20", token)).status);
  });

  it("do not count accepted tokens", async () => {
    const { token } = await addNode(app);
    for (let i = 0; i < 6; i++) expect(SERVED).toContain((await from("203.0.113.40", token)).status);
    expect((await from("203.0.113.40", WRONG)).status).toBe(401);
  });
});
