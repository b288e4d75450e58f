import { PLAN_CATALOGUE } from "@veil/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { api, simulatorSwitches } from "../helpers/product.js";
import { registerCustomer, startProductApiApp } from "../helpers/product-api-suite.js";
import type { TestApp } from "../helpers/test-app.js";

/** The product API: plans and tokens. */
let app: TestApp;

beforeAll(async () => {
  app = await startProductApiApp();
}, 60_000);
afterAll(async () => app?.close());
afterEach(async () => simulatorSwitches(app, { reset: true }));

const _registered = () => registerCustomer(app);

describe("GET /plans/ and GET /exnode/tokens", () => {
  it("should list the four plans seeded from the catalogue, with and without the trailing slash", async () => {
    const expected = PLAN_CATALOGUE.map((p) => ({ id: p.id, name: p.name, price: p.priceUsd, days: p.days }));
    expect((await api(app, "GET", "/plans/")).body).toEqual(expected);
    expect((await api(app, "GET", "/plans")).body).toEqual(expected);
  });

  it("should list the tokens the provider accepts now, labelled, known ones first", async () => {
    const res = await api(app, "GET", "/exnode/tokens");
    expect(res.status).toBe(200);
    expect(res.body[0]).toEqual({ code: "USDTTRC", label: "USDT TRC-20" });
    expect(res.body).toContainEqual({ code: "DOGSTON", label: "DOGE TON" });
    await simulatorSwitches(app, { refuse_tokens: ["NOT"] });
    const now = await api(app, "GET", "/exnode/tokens");
    expect(now.body.map((t: { code: string }) => t.code)).not.toContain("NOT");
  });

  it("should answer 502 when the provider is failing or sends garbage", async () => {
    await simulatorSwitches(app, { failure: "error" });
    const failing = await api(app, "GET", "/exnode/tokens");
    expect(failing.status).toBe(502);
    expect(typeof failing.body.detail).toBe("string");
    await simulatorSwitches(app, { failure: "garbage" });
    expect((await api(app, "GET", "/exnode/tokens")).status).toBe(502);
  });
});
