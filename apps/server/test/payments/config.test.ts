import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/index.js";

const production = {
  NODE_ENV: "production",
  JWT_SECRET: "pV3x9Lq2Zr7Tn4Wb8Kc1Hs6Yd0Fg5Jm2Qa7Ue3Io9",
  MFA_ENCRYPTION_KEY: "Qm7vT2xK9pL4wR8zN1cF6hJ3dS0gB5yEa8Wu",
  SITE_URL: "https://veil.example.com",
  SMTP_URL: "smtp://mail.example:587",
  EXNODE_PUBLIC_KEY: "pub",
  EXNODE_PRIVATE_KEY: "priv",
  EXNODE_CALLBACK_SECRET: "c7e1a94f0b3d28e65f1a0c9d4b7e2f83a6d5c0b1",
};

describe("payment configuration", () => {
  it("should use the simulator outside production and real Exnode in production", () => {
    expect(loadConfig({}).PAYMENT_PROVIDER).toBe("simulator");
    expect(loadConfig(production).PAYMENT_PROVIDER).toBe("exnode");
  });

  it("should refuse the simulator, the development callback secret and missing keys in production", () => {
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: "simulator" })).toThrow(/simulator is refused/);
    const { EXNODE_CALLBACK_SECRET: _secret, ...noSecret } = production;
    expect(() => loadConfig(noSecret)).toThrow(/EXNODE_CALLBACK_SECRET/);
    const { EXNODE_PRIVATE_KEY: _key, ...noKey } = production;
    expect(() => loadConfig(noKey)).toThrow(/EXNODE_PRIVATE_KEY/);
    expect(() => loadConfig({ ...production, TEST_FAILPOINT: "crash-before-settlement-commit" })).toThrow(
      /TEST_FAILPOINT/,
    );
  });

  it("should refuse real Exnode without keys in any mode, and a short callback secret", () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: "exnode" })).toThrow(/EXNODE_PUBLIC_KEY/);
    expect(() => loadConfig({ EXNODE_CALLBACK_SECRET: "short" })).toThrow(/EXNODE_CALLBACK_SECRET/);
  });
});
