import { describe, expect, it } from "vitest";
import { allowedIpCheck, isWireGuardKey } from "../src/peers/validate.js";
import { parseDump } from "../src/wg/wireguard.js";

const check = allowedIpCheck({ ipv4: "10.64.0.0/10", ipv6: "fd00:7665:696c::/48" });

describe("checks on what the control plane sends", () => {
  it("accepts canonical WireGuard keys only", () => {
    expect(isWireGuardKey("uk7xFyRooqsliAT0LAZdY3YA9KooLsTvHC6pd+1g2b8=")).toBe(true);
    // Not canonical (the last digit's low bits set), too short, newline-terminated, URL-safe alphabet.
    expect(isWireGuardKey("uk7xFyRooqsliAT0LAZdY3YA9KooLsTvHC6pd+1g2b9=")).toBe(false);
    expect(isWireGuardKey("uk7xFyRooqsliAT0LAZdY3YA9KooLsTvHC6pd+1g2b=")).toBe(false);
    expect(isWireGuardKey("uk7xFyRooqsliAT0LAZdY3YA9KooLsTvHC6pd+1g2b8=\n")).toBe(false);
    expect(isWireGuardKey("uk7xFyRooqsliAT0LAZdY3YA9KooLsTvHC6pd-1g2b8=")).toBe(false);
  });

  it("accepts single host addresses inside the device pools, in canonical form", () => {
    expect(check("10.64.0.7/32")).toBe("10.64.0.7/32");
    expect(check("10.127.255.254/32")).toBe("10.127.255.254/32");
    expect(check("FD00:7665:696C::7/128")).toBe("fd00:7665:696c::7/128");
    // Canonical (RFC 5952) like `wg show` prints them, so the interface can be compared with the set.
    expect(check("fd00:7665:696c:0:0:0:0:7/128")).toBe("fd00:7665:696c::7/128");
    expect(check("fd00:7665:696c:00ff:0:0:1:2/128")).toBe("fd00:7665:696c:ff::1:2/128");
    expect(check("fd00:7665:696c:1:0:1:0:0/128")).toBe("fd00:7665:696c:1:0:1::/128");
    expect(check("fd00:7665:696c:1:2:3:4:5/128")).toBe("fd00:7665:696c:1:2:3:4:5/128");
    for (const bad of [
      "10.128.0.1/32",
      "10.64.0.7/31",
      "10.64.0.7",
      "10.64.0.256/32",
      "10.64.0.07/32",
      "fd00:7665:696d::7/128",
      "fd00:7665:696c::7/64",
      "::ffff:10.64.0.7/128",
      "fd00:7665:696c:::7/128",
      "fd00:7665:696c::7::1/128",
      "fd00:7665:696c:0:0:0:0:0:7/128",
      "fd00:7665:696c:0:0:0:7/128",
      "fd00:7665:696c::12345/128",
      "::/128",
      "fd00:7665:696c::7%wg0/128",
      " 10.64.0.7/32",
      "10.64.0.7/32 ",
      7,
      null,
    ]) {
      expect(check(bad), String(bad)).toBeNull();
    }
  });

  it("refuses the pool's own network, gateway (the node's tunnel address and VPN_DNS) and broadcast addresses", () => {
    // The server never hands these out; a peer holding the gateway would answer for the node.
    for (const bad of [
      "10.64.0.0/32",
      "10.64.0.1/32",
      "10.127.255.255/32",
      "fd00:7665:696c::/128",
      "fd00:7665:696c::1/128",
    ]) {
      expect(check(bad), bad).toBeNull();
    }
    expect(check("10.64.0.2/32")).toBe("10.64.0.2/32");
    expect(check("fd00:7665:696c::2/128")).toBe("fd00:7665:696c::2/128");
  });

  it("reads handshakes and counters from a dump, never the interface line", () => {
    const key = "uk7xFyRooqsliAT0LAZdY3YA9KooLsTvHC6pd+1g2b8=";
    const dump = [
      "cHJpdmF0ZWtleXByaXZhdGVrZXlwcml2YXRla2V5MDA=\tpub\t51820\toff",
      `${key}\t(none)\t198.51.100.7:51000\t10.64.0.7/32\t1764120000\t100\t200\toff`,
      "garbage line",
      "",
    ].join("\n");
    expect(parseDump(dump)).toEqual([{ publicKey: key, latestHandshake: 1764120000, rxBytes: 100, txBytes: 200 }]);
  });
});
