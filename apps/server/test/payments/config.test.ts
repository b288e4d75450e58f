import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/index.js";
import { PRODUCTION_ENV } from "../helpers/production-env.js";

const production = PRODUCTION_ENV;

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
