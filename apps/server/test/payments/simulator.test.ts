import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/db/index.js";
import {
  createExnodeProvider,
  createExnodeSimulator,
  type ExnodeSimulator,
  exnodeSignature,
  ProviderRejectedError,
} from "../../src/payments/index.js";
import { createTestDb } from "../helpers/test-db.js";

/** The simulator speaks Exnode's protocol and, like Exnode, refuses requests it cannot verify. */
let db: Db;
let sim: ExnodeSimulator;
const callbacks: { url: string; body: string }[] = [];
const KEYS = { publicKey: "sim-pub", privateKey: "sim-priv" };
const BASE = "http://sim.test/sim/exnode";

/** Routes the adapter's fetch straight into the simulator app (no socket needed). */
const viaApp: typeof fetch = (input, init) => {
  const url = new URL(String(input));
  return Promise.resolve(sim.app.request(url.pathname.replace("/sim/exnode", "") + url.search, init));
};
const adapter = (over: Partial<Parameters<typeof createExnodeProvider>[0]> = {}) =>
  createExnodeProvider({ baseUrl: BASE, ...KEYS, timeoutMs: 5000, retryDelayMs: 1, fetch: viaApp, ...over });

beforeAll(async () => {
  db = await createTestDb();
  sim = createExnodeSimulator({
    db,
    ...KEYS,
    prefix: "/sim/exnode",
    logger: pino({ level: "silent" }),
    fetch: async (url, init) => {
      callbacks.push({ url: String(url), body: String(init?.body) });
      return new Response("{}", { status: 200 });
    },
  });
}, 60_000);
afterAll(async () => db?.close());

const newInvoice = () =>
  adapter().createInvoice({
    token: "USDTTRC",
    amount: 5,
    fiatCurrency: "USD",
    clientTransactionId: `tx-${Math.random()}`,
    redirectUrl: "http://shop.test/account/profile",
    callbackUrl: "http://shop.test/api/exnode/callback/secret",
  });

describe("the gateway simulator's signature check", () => {
  it("should accept requests signed with the merchant's keys", async () => {
    expect(await adapter().listTokens()).toContain("USDTTRC");
  });

  it("should refuse a wrong private key, an unknown public key or a stale timestamp with 401", async () => {
    for (const over of [
      { privateKey: "wrong" },
      { publicKey: "someone-else" },
      { nowSeconds: () => Math.floor(Date.now() / 1000) - 3600 },
    ]) {
      const err = await adapter(over)
        .listTokens()
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ProviderRejectedError);
      expect((err as ProviderRejectedError).status).toBe(401);
    }
  });

  it("should refuse a body that differs from the one signed", async () => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signed = JSON.stringify({ token: "USDTTRC", amount: 5 });
    const sent = JSON.stringify({ token: "USDTTRC", amount: 0.01 });
    const res = await sim.app.request("/api/crypto/invoice/create", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ApiPublic: KEYS.publicKey,
        Timestamp: timestamp,
        Signature: exnodeSignature(KEYS.privateKey, timestamp, signed),
      },
      body: sent,
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Invalid signature" });
  });
});

describe("the gateway simulator's invoices", () => {
  it("should create, report and settle an invoice, calling the merchant back with {tracker_id}", async () => {
    const created = await newInvoice();
    expect(created.paymentUrl).toBe(`http://localhost/sim/exnode/pay/${created.trackerId}`);
    expect((await adapter().getInvoice(created.trackerId)).status).toBe("CREATED");

    const res = await sim.app.request(`/invoices/${created.trackerId}/settle`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ status: "SUCCESS" }),
    });
    expect(res.status).toBe(200);
    expect(callbacks.at(-1)).toEqual({
      url: "http://shop.test/api/exnode/callback/secret",
      body: JSON.stringify({ tracker_id: created.trackerId }),
    });
    const invoice = await adapter().getInvoice(created.trackerId);
    expect(invoice).toMatchObject({ status: "SUCCESS", fiatAmount: 5, fiatPayedAmount: 5, token: "USDTTRC" });
  });

  it("should answer 404 for unknown invoices and 400 for a bad settle or control body", async () => {
    await expect(adapter().getInvoice("sim_missing")).rejects.toMatchObject({ status: 404 });
    const page = await sim.app.request("/pay/sim_missing");
    expect(page.status).toBe(404);
    const { trackerId } = await newInvoice();
    const settle = await sim.app.request(`/invoices/${trackerId}/settle`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ status: "PAID_MAYBE" }),
    });
    expect(settle.status).toBe(400);
    const control = await sim.app.request("/control", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ delay_ms: -1 }),
    });
    expect(control.status).toBe(400);
  });

  it("should escape what it shows on the pay page", async () => {
    const created = await adapter().createInvoice({
      token: "USDTTRC",
      amount: 5,
      fiatCurrency: "USD",
      clientTransactionId: "tx-escape",
      redirectUrl: 'http://shop.test/"><script>alert(1)</script>',
      callbackUrl: "http://shop.test/cb",
    });
    await sim.app.request(`/invoices/${created.trackerId}/settle`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ status: "EXPIRED" }),
    });
    const html = await (await sim.app.request(`/pay/${created.trackerId}`)).text();
    expect(html).not.toContain("<script>");
    expect(html).toContain("This invoice is closed.");
  });
});
