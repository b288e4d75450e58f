/**
 * Who the caller is, for per-IP limits: X-Forwarded-For only from listed proxies (TRUSTED_PROXIES),
 * read from the right; IPv6 callers counted by /64.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/index.js";
import { parseTrustedProxies, rateLimitSubject, resolveClientIp } from "../../src/http/client-ip.js";
import { authClient } from "../helpers/auth-client.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

let n = 0;
const fresh = () => `ip${++n}-${Date.now()}@example.com`;

describe("given a list of trusted proxies", () => {
  const trusted = parseTrustedProxies(["10.0.0.0/8", "192.0.2.7", "2001:db8:ffff::/48"]);

  it("should ignore X-Forwarded-For from a peer that is not listed", () => {
    expect(resolveClientIp("198.51.100.9", "203.0.113.1", trusted)).toBe("198.51.100.9");
  });

  it("should take the right-most address no listed proxy owns, ignoring what the client wrote on the left", () => {
    expect(resolveClientIp("10.0.0.2", "1.2.3.4, 203.0.113.5", trusted)).toBe("203.0.113.5");
    expect(resolveClientIp("10.0.0.2", "1.2.3.4, 203.0.113.5, 10.1.1.1, 192.0.2.7", trusted)).toBe("203.0.113.5");
    expect(resolveClientIp("2001:db8:ffff::1", "[2001:db8:1::5]:443", trusted)).toBe("2001:db8:1::5");
  });

  it("should fall back to the socket address, or the last proxy, when the chain gives no better answer", () => {
    expect(resolveClientIp("10.0.0.2", undefined, trusted)).toBe("10.0.0.2");
    expect(resolveClientIp("10.0.0.2", "10.0.0.9, 10.0.0.3", trusted)).toBe("10.0.0.9");
    expect(resolveClientIp("10.0.0.2", "203.0.113.5, not-an-ip", trusted)).toBe("10.0.0.2");
    expect(resolveClientIp("::ffff:10.0.0.2", "203.0.113.5", trusted)).toBe("203.0.113.5");
  });

  it("should refuse a TRUSTED_PROXIES entry that is not an address or CIDR block, at start-up", () => {
    for (const bad of ["10.0.0.0/33", "example.com", "10.0.0.0/8/1", "::1/129"]) {
      expect(() => loadConfig({ NODE_ENV: "test", TRUSTED_PROXIES: bad })).toThrow(/TRUSTED_PROXIES/);
    }
    expect(loadConfig({ NODE_ENV: "test", TRUSTED_PROXIES: "10.0.0.0/8 ::1" }).TRUSTED_PROXIES).toEqual([
      "10.0.0.0/8",
      "::1",
    ]);
  });

  it("should read the deprecated TRUST_PROXY_HOPS as a proxy on this machine only (never any peer)", () => {
    const config = loadConfig({ NODE_ENV: "test", TRUST_PROXY_HOPS: "2" });
    const list = parseTrustedProxies(config.TRUSTED_PROXIES);
    expect(resolveClientIp("127.0.0.1", "203.0.113.5", list)).toBe("203.0.113.5");
    expect(resolveClientIp("198.51.100.9", "203.0.113.5", list)).toBe("198.51.100.9");
  });

  it("should count IPv6 callers by /64 and IPv4 callers by address", () => {
    expect(rateLimitSubject("2001:db8:1:2::a")).toBe(rateLimitSubject("2001:0db8:0001:0002:ffff:1:2:3"));
    expect(rateLimitSubject("2001:db8:1:2::a")).toBe("2001:db8:1:2::/64");
    expect(rateLimitSubject("2001:db8:1:3::a")).not.toBe(rateLimitSubject("2001:db8:1:2::a"));
    expect(rateLimitSubject("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitSubject("198.51.100.1")).not.toBe(rateLimitSubject("198.51.100.2"));
  });
});

describe("given a server whose only trusted proxy is elsewhere (not this test's loopback client)", () => {
  let app: TestApp;
  beforeAll(async () => {
    // TRUST_PROXY_HOPS once believed X-Forwarded-For from anyone; the explicit list now decides.
    app = await startTestApp({
      env: { TRUST_PROXY_HOPS: "1", TRUSTED_PROXIES: "192.0.2.250", RATE_LIMIT_OTP_PER_5MIN: "3" },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("should not let rotating X-Forwarded-For values dodge a per-IP limit", async () => {
    const auth = authClient(app);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await auth.post("/recover", { email: fresh() }, { ip: `10.7.0.${i}` })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});

describe("given IPv6 callers behind a trusted proxy", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_OTP_PER_5MIN: "3" } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("should share one per-IP limit across a /64, and not across different /64s", async () => {
    const auth = authClient(app);
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) {
      statuses.push(
        (await auth.post("/recover", { email: fresh() }, { ip: `2001:db8:5:6::${i.toString(16)}` })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await auth.post("/recover", { email: fresh() }, { ip: "2001:db8:5:7::1" })).status).toBe(200);
  });
});
