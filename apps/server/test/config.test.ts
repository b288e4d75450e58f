import { describe, expect, it } from "vitest";
import { DEV_JWT_SECRET, loadConfig } from "../src/config/index.js";
import { spawnServer } from "./helpers/spawn-server.js";

const prodSecret = "a-real-production-secret-of-enough-length-0123456789";

describe("given the configuration loader", () => {
  it("should default to development with the dev JWT secret, the dev mailbox and a 1 h token", () => {
    const config = loadConfig({});
    expect(config.production).toBe(false);
    expect(config.JWT_SECRET).toBe(DEV_JWT_SECRET);
    expect(config.JWT_EXP).toBe(3600);
    expect(config.MAIL_TRANSPORT).toBe("dev");
    expect(config.SITE_URL).toBe("http://localhost:8080");
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it("should refuse the development JWT secret in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production", SMTP_URL: "smtp://mail.example:587" })).toThrow(
      /JWT_SECRET: the development default \(or a value made from it\) is refused in production/,
    );
  });

  it("should refuse the development two-factor encryption key, or the JWT secret reused as it, in production", () => {
    const production = {
      NODE_ENV: "production",
      JWT_SECRET: "pV3x9Lq2Zr7Tn4Wb8Kc1Hs6Yd0Fg5Jm2Qa7Ue3Io9",
      SITE_URL: "https://veil.example.com",
      SMTP_URL: "smtp://mail.example:587",
      EXNODE_PUBLIC_KEY: "pub",
      EXNODE_PRIVATE_KEY: "priv",
      EXNODE_CALLBACK_SECRET: "c7e1a94f0b3d28e65f1a0c9d4b7e2f83a6d5c0b1",
    };
    expect(() => loadConfig(production)).toThrow(
      /MFA_ENCRYPTION_KEY: the development default \(or a value made from it\) is refused in production/,
    );
    expect(() => loadConfig({ ...production, MFA_ENCRYPTION_KEY: production.JWT_SECRET })).toThrow(
      /MFA_ENCRYPTION_KEY: must differ from JWT_SECRET/,
    );
    expect(loadConfig({ ...production, MFA_ENCRYPTION_KEY: "Qm7vT2xK9pL4wR8zN1cF6hJ3dS0gB5yEa8Wu" }).production).toBe(
      true,
    );
  });

  it("should refuse the dev mailbox in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production", JWT_SECRET: prodSecret, MAIL_TRANSPORT: "dev" })).toThrow(
      /MAIL_TRANSPORT: the dev mailbox is refused in production/,
    );
  });

  it("should require SMTP_URL in production, where mail goes through SMTP by default", () => {
    expect(() => loadConfig({ NODE_ENV: "production", JWT_SECRET: prodSecret })).toThrow(/SMTP_URL: required/);
    expect(loadConfig({ MAIL_TRANSPORT: "smtp", SMTP_URL: "smtp://mail.example:587" }).MAIL_TRANSPORT).toBe("smtp");
  });

  it("should refuse a JWT secret shorter than 32 characters", () => {
    expect(() => loadConfig({ JWT_SECRET: "short" })).toThrow(/JWT_SECRET: must be at least 32 characters/);
  });

  it("should refuse more than 20 wrong authenticator codes per 30 minutes, which would let a stolen password beat the second factor", () => {
    expect(() => loadConfig({ RATE_LIMIT_TOTP_FAILURES_PER_30MIN: "21" })).toThrow(
      /RATE_LIMIT_TOTP_FAILURES_PER_30MIN/,
    );
    expect(loadConfig({ RATE_LIMIT_TOTP_FAILURES_PER_30MIN: "20" }).RATE_LIMIT_TOTP_FAILURES_PER_30MIN).toBe(20);
  });

  it("should treat empty variables as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", SMTP_URL: "" }).DATABASE_URL).toBeUndefined();
  });
});

describe("given the real entry point in production mode with development secrets", () => {
  it("should exit with a readable message instead of starting", async () => {
    const started = spawnServer({ NODE_ENV: "production", SMTP_URL: "smtp://127.0.0.1:9" });
    const err = await started.then(
      () => null,
      (e: Error) => e,
    );
    expect(err?.message).toMatch(/exited with 1 before listening/);
    expect(err?.message).toMatch(/Veil could not start: Invalid configuration/);
    expect(err?.message).toMatch(
      /JWT_SECRET: the development default \(or a value made from it\) is refused in production/,
    );
    expect(err?.message).not.toMatch(/\n\s+at /); // no stack trace
    // In production every line is JSON, this one included (docs/operations.md §7).
    const printed = (err?.message ?? "").split(" before listening:\n")[1] ?? "";
    const lines = printed.split("\n").filter((line) => line.trim() !== "");
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(JSON.parse(lines.at(-1) ?? "{}")).toMatchObject({
      level: 60,
      msg: expect.stringMatching(/^Veil could not start/),
    });
  });
});
