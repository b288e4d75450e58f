/**
 * Issue #25, Low: a server anyone else can reach never runs on the published development secrets,
 * whatever NODE_ENV says. Anyone with the development JWT secret could sign tokens; with the
 * development MFA key or callback secret, decrypt authenticators or fake paid invoices. Loopback
 * starts (`npm start`) keep their zero-configuration defaults.
 */
import { describe, expect, it } from "vitest";
import { DEV_EXNODE_CALLBACK_SECRET, DEV_JWT_SECRET, DEV_MFA_ENCRYPTION_KEY, loadConfig } from "../src/config/index.js";

/** Real mail and payments on every interface, NODE_ENV unset (development): the audit's start. */
const reachable = {
  HOST: "0.0.0.0",
  SITE_URL: "https://veil.example.com",
  MAIL_TRANSPORT: "smtp",
  SMTP_URL: "smtp://mail.example:587",
  PAYMENT_PROVIDER: "exnode",
  EXNODE_PUBLIC_KEY: "pub",
  EXNODE_PRIVATE_KEY: "priv",
};
const strong = {
  JWT_SECRET: "pV3x9Lq2Zr7Tn4Wb8Kc1Hs6Yd0Fg5Jm2Qa7Ue3Io9",
  MFA_ENCRYPTION_KEY: "Xe4rT9yU1iO5pA8sD2fG6hJ0kL3zC7vB4nM9qW1e",
  EXNODE_CALLBACK_SECRET: "c7e1a94f0b3d28e65f1a0c9d4b7e2f83a6d5c0b1",
};

describe("given a server listening beyond loopback without NODE_ENV=production", () => {
  it("should refuse to start on the development JWT secret, MFA key and callback secret", () => {
    expect(() => loadConfig(reachable)).toThrow(/JWT_SECRET \(HOST=0\.0\.0\.0 listens beyond loopback/);
    expect(() => loadConfig(reachable)).toThrow(/MFA_ENCRYPTION_KEY \(HOST=0\.0\.0\.0/);
    expect(() => loadConfig(reachable)).toThrow(/EXNODE_CALLBACK_SECRET \(HOST=0\.0\.0\.0/);
    for (const [name, value] of [
      ["JWT_SECRET", DEV_JWT_SECRET],
      ["MFA_ENCRYPTION_KEY", DEV_MFA_ENCRYPTION_KEY],
      ["EXNODE_CALLBACK_SECRET", DEV_EXNODE_CALLBACK_SECRET],
    ] as const) {
      expect(() => loadConfig({ ...reachable, ...strong, [name]: value }), name).toThrow(new RegExp(name));
    }
    expect(() => loadConfig({ ...reachable, ...strong, NODE_ENV: "test" })).not.toThrow();
  });

  it("should refuse the test suites' cheap password hashing (TEST_PASSWORD_HASH_COST)", () => {
    // Its hashes would be cracked 64 times faster, and every sign-in would rehash a real cost-10
    // password down to it.
    expect(() => loadConfig({ ...reachable, ...strong, TEST_PASSWORD_HASH_COST: "4" })).toThrow(
      /TEST_PASSWORD_HASH_COST/,
    );
    expect(() => loadConfig({ TEST_PASSWORD_HASH_COST: "4" })).not.toThrow();
  });

  it("should refuse them even with the development surfaces opted in on any host", () => {
    expect(() => loadConfig({ HOST: "0.0.0.0", DANGEROUS_DEV_SURFACES_ON_ANY_HOST: "true" })).toThrow(/JWT_SECRET/);
  });

  it("should count a HOST name other than localhost as reachable, since only DNS says where it points", () => {
    // `*.localhost` stays on loopback in browsers, but the server's resolver may send it anywhere.
    for (const host of ["veil.localhost", "veil.example.com"]) {
      expect(() => loadConfig({ HOST: host }), host).toThrow(/JWT_SECRET/);
    }
  });

  it("should start with secrets of its own", () => {
    expect(loadConfig({ ...reachable, ...strong }).JWT_SECRET).toBe(strong.JWT_SECRET);
  });
});

describe("given a loopback start (npm start)", () => {
  it("should keep the development defaults", () => {
    expect(loadConfig({}).JWT_SECRET).toBe(DEV_JWT_SECRET);
    expect(loadConfig({ HOST: "::1" }).MFA_ENCRYPTION_KEY).toBe(DEV_MFA_ENCRYPTION_KEY);
  });
});
