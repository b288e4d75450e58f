import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_EXNODE_KEYS } from "../../src/config/index.js";
import { api, checkout, createUser, settleInvoice } from "../helpers/product.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * The production configuration end to end: one app runs as "Exnode" (its simulator), the other is
 * configured exactly as against the real gateway (PAYMENT_PROVIDER=exnode, base URL, keys,
 * callback origin) and has no simulator of its own.
 */
let gateway: TestApp;
let shop: TestApp;
/** A port free right now, so the shop's public callback origin can be configured before it starts. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  // The simulator calls back and redirects only to the site it serves: here, the shop.
  gateway = await startTestApp({
    env: { SITE_URL: `http://localhost:${port}`, EXNODE_CALLBACK_BASE_URL: `http://127.0.0.1:${port}` },
  });
  shop = await startTestApp({
    env: {
      PORT: String(port),
      EXNODE_CALLBACK_BASE_URL: `http://127.0.0.1:${port}`,
      PAYMENT_PROVIDER: "exnode",
      EXNODE_BASE_URL: `${gateway.url}/sim/exnode`,
      EXNODE_PUBLIC_KEY: DEV_EXNODE_KEYS.public,
      EXNODE_PRIVATE_KEY: DEV_EXNODE_KEYS.private,
      EXNODE_CALLBACK_SECRET: "shop-callback-secret-0123456789",
      RECONCILE_INTERVAL_SECONDS: "0",
    },
  });
}, 90_000);
afterAll(async () => {
  await shop?.close();
  await gateway?.close();
});

describe("PAYMENT_PROVIDER=exnode", () => {
  it("should not serve the simulator", async () => {
    const res = await fetch(`${shop.url}/sim/exnode/control`);
    expect(res.headers.get("content-type") ?? "").not.toMatch(/json/);
  });

  it("should pay through the gateway's API and credit on its callback to our secret URL", async () => {
    const user = await createUser(shop);
    await api(shop, "POST", "/user/web/register", { user, body: { email: user.email } });
    const { trackerId } = await checkout(shop, user, 4);
    const settled = await settleInvoice(gateway, trackerId, "SUCCESS");
    expect(settled.invoice.callback_url).toBe(
      `${shop.url.replace("localhost", "127.0.0.1")}/api/exnode/callback/shop-callback-secret-0123456789`,
    );
    expect(settled.callback).toBe("HTTP 200");
    expect((await api(shop, "GET", "/subscription/web/info", { user })).body).toEqual({
      is_active: true,
      plan_name: "1 Year",
      days_left: 365,
    });
  });
});
