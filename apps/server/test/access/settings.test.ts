/** The access settings (issue #28): the address pool, the demo node never in production. */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/index.js";
import { createAddressPool } from "../../src/devices/index.js";
import { PRODUCTION_ENV } from "../helpers/production-env.js";

const production = PRODUCTION_ENV;

describe("the demo node setting", () => {
  it("is on in development, off in production, and refused there when asked for", () => {
    expect(loadConfig({}).DEV_DEMO_NODE).toBe(true);
    expect(loadConfig({ DEV_DEMO_NODE: "false" }).DEV_DEMO_NODE).toBe(false);
    expect(loadConfig(production).DEV_DEMO_NODE).toBe(false);
    expect(() => loadConfig({ ...production, DEV_DEMO_NODE: "true" })).toThrow(
      /DEV_DEMO_NODE: the demo node is for development, refused in production/,
    );
  });
});

describe("the address pool", () => {
  it("refuses pools and prefixes it cannot use", () => {
    for (const pool of ["10.64.0.0", "10.64.0.1/10", "10.0.0.0/7", "10.0.0.0/29", "fd00::/48", "x/10"]) {
      expect(() => loadConfig({ DEVICE_IPV4_POOL: pool }), pool).toThrow(/DEVICE_IPV4_POOL/);
    }
    for (const prefix of ["2001:db8::/48", "fd00::/47", "fd00::/65", "fd00::1/64", "10.0.0.0/8"]) {
      expect(() => loadConfig({ DEVICE_IPV6_PREFIX: prefix }), prefix).toThrow(/DEVICE_IPV6_PREFIX/);
    }
    expect(() => loadConfig({ VPN_DNS: "10.64.0.1, not-an-ip" })).toThrow(/VPN_DNS/);
  });

  it("refuses a public IPv4 pool: nodes would route those real hosts' traffic to customers' devices", () => {
    for (const pool of ["8.8.8.0/24", "1.0.0.0/8", "11.0.0.0/8", "172.32.0.0/16", "100.128.0.0/16"]) {
      expect(() => loadConfig({ DEVICE_IPV4_POOL: pool }), pool).toThrow(/DEVICE_IPV4_POOL/);
    }
    for (const pool of ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "10.200.0.0/16"]) {
      expect(loadConfig({ DEVICE_IPV4_POOL: pool }).DEVICE_IPV4_POOL, pool).toBe(pool);
    }
  });

  it("gives a device number the same place in both families, up to the pool's last address", () => {
    const pool = createAddressPool("10.64.0.0/10", "fd00:7665:696c::/48");
    expect([pool.ipv4(2), pool.ipv6(2)]).toEqual(["10.64.0.2/32", "fd00:7665:696c::2/128"]);
    expect([pool.ipv4(65_536), pool.ipv6(65_536)]).toEqual(["10.65.0.0/32", "fd00:7665:696c::1:0/128"]);
    expect(pool.lastNumber).toBe(2 ** 22 - 2);
    expect(pool.ipv4(pool.lastNumber)).toBe("10.127.255.254/32");
    const small = createAddressPool("192.168.7.0/28", "fd12:3456:789a:1::/64");
    expect(small.lastNumber).toBe(14);
    expect([small.ipv4(14), small.ipv6(14)]).toEqual(["192.168.7.14/32", "fd12:3456:789a:1::e/128"]);
  });
});
