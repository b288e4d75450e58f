import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";

const base = { VEIL_API_URL: "https://veil.example", VEIL_NODE_TOKEN: "t".repeat(32) };

describe("configuration from the environment", () => {
  it("takes the documented defaults", () => {
    expect(loadConfig(base)).toMatchObject({
      WG_INTERFACE: "wg0",
      WG_BIN: "wg",
      SYNC_WAIT_SECONDS: 25,
      FULL_RECONCILE_SECONDS: 300,
      REPORT_SECONDS: 30,
      HEALTH_PORT: 9090,
      HEALTH_HOST: "127.0.0.1",
      STATE_FILE: "/var/lib/veil-node-agent/state.json",
    });
  });

  it("refuses plain http except to loopback, since the node token goes with every request", () => {
    expect(() => loadConfig({ ...base, VEIL_API_URL: "http://veil.example" })).toThrow(/VEIL_API_URL: must be https/);
    expect(loadConfig({ ...base, VEIL_API_URL: "http://127.0.0.1:8080" }).VEIL_API_URL).toBe("http://127.0.0.1:8080");
    expect(() => loadConfig({ ...base, VEIL_API_URL: "https://user:pw@veil.example" })).toThrow(/credentials/);
  });

  it("names every bad variable in one message", () => {
    expect(() =>
      loadConfig({ ...base, WG_INTERFACE: "wg0; reboot", SYNC_WAIT_SECONDS: "90", HEALTH_PORT: "http" }),
    ).toThrow(/WG_INTERFACE: must be a network interface name.*SYNC_WAIT_SECONDS.*HEALTH_PORT/);
    expect(() => loadConfig({ ...base, WG_INTERFACE: "-h" })).toThrow(/WG_INTERFACE/);
    expect(() => loadConfig({ ...base, WG_INTERFACE: "a-very-long-interface" })).toThrow(/WG_INTERFACE/);
  });

  it("wants exactly one of a token and a token file", () => {
    expect(() => loadConfig({ VEIL_API_URL: base.VEIL_API_URL })).toThrow(/exactly one of VEIL_NODE_TOKEN/);
    expect(() => loadConfig({ ...base, VEIL_NODE_TOKEN_FILE: "/etc/veil/token" })).toThrow(/exactly one/);
    expect(
      loadConfig({ VEIL_API_URL: base.VEIL_API_URL, VEIL_NODE_TOKEN_FILE: "/run/credentials/token" }),
    ).toMatchObject({ VEIL_NODE_TOKEN_FILE: "/run/credentials/token" });
  });

  it("refuses peer pools a peer could use to take over the node's routes (all addresses, public ones, a wide IPv6 prefix)", () => {
    for (const pool of ["0.0.0.0/0", "8.8.8.0/24", "10.0.0.0/7", "1.0.0.0/8", "10.64.0.0", "10.64.0.1/10"]) {
      expect(() => loadConfig({ ...base, PEER_IPV4_POOL: pool }), pool).toThrow(/PEER_IPV4_POOL/);
    }
    for (const prefix of ["::/0", "2001:db8::/48", "fd00::/8", "fd00:7665:696c::1/48"]) {
      expect(() => loadConfig({ ...base, PEER_IPV6_PREFIX: prefix }), prefix).toThrow(/PEER_IPV6_PREFIX/);
    }
    expect(
      loadConfig({ ...base, PEER_IPV4_POOL: "100.64.0.0/10", PEER_IPV6_PREFIX: "fd12:3456:789a:1::/64" }),
    ).toMatchObject({ PEER_IPV4_POOL: "100.64.0.0/10", PEER_IPV6_PREFIX: "fd12:3456:789a:1::/64" });
    expect(loadConfig({ ...base, PEER_IPV4_POOL: "192.168.10.0/24" }).PEER_IPV4_POOL).toBe("192.168.10.0/24");
  });
});
