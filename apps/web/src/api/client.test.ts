import { API_ROUTES, paymentInitReplySchema } from "@veil/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { accessToken } from "./access-token.js";
import { anyReply, api } from "./client.js";
import { ApiError } from "./errors.js";

function reply(status: number, body: unknown) {
  return vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));
}

const initBody = { plan_id: 1, amount: 2, currency: "USD", payment_method: "USDTTRC" } as const;

afterEach(() => {
  vi.unstubAllGlobals();
  accessToken.set(null);
});

describe("api", () => {
  it("sends JSON with the bearer token and parses the reply", async () => {
    const fetch = reply(200, { transaction_id: "tx1" });
    vi.stubGlobal("fetch", fetch);
    accessToken.set("jwt-1");
    const data = await api(API_ROUTES.paymentInit, initBody, { schema: paymentInitReplySchema });
    expect(data).toEqual({ transaction_id: "tx1" });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/payment/web/init");
    expect(init.method).toBe("POST");
    expect(init.headers).toMatchObject({ Authorization: "Bearer jwt-1", "Content-Type": "application/json" });
    expect(init.body).toBe(JSON.stringify(initBody));
  });

  it("sends the page's language as Accept-Language (receipts are mailed in it)", async () => {
    const fetch = reply(200, { transaction_id: "tx1" });
    vi.stubGlobal("fetch", fetch);
    document.documentElement.lang = "ru";
    try {
      await api(API_ROUTES.paymentInit, initBody, { schema: paymentInitReplySchema });
    } finally {
      document.documentElement.lang = "";
    }
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ "Accept-Language": "ru" });
  });

  it("keeps a 429's Retry-After on the error, so the wait can be told", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ detail: "Too many" }), { status: 429, headers: { "Retry-After": "3579" } }),
      ),
    );
    const error = await api(API_ROUTES.dataExport, undefined, { schema: anyReply }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).retryAfter).toBe(3579);
  });

  it("sends no Authorization header without a session", async () => {
    const fetch = reply(200, { transaction_id: "tx1" });
    vi.stubGlobal("fetch", fetch);
    await api(API_ROUTES.subscriptionInfo, undefined, { schema: paymentInitReplySchema });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/subscription/web/info");
    expect(init.method).toBe("GET");
    expect(init.headers).not.toHaveProperty("Authorization");
  });

  it("turns an error status into ApiError with the server's detail", async () => {
    vi.stubGlobal("fetch", reply(402, { detail: "Token unavailable" }));
    await expect(api(API_ROUTES.paymentInit, initBody, { schema: paymentInitReplySchema })).rejects.toMatchObject({
      status: 402,
      detail: "Token unavailable",
    });
  });

  it("reports a 401 to a request with a token, so the app can check whether its session was ended", async () => {
    const refused: string[] = [];
    const stop = accessToken.onRefused((token) => refused.push(token));
    try {
      vi.stubGlobal("fetch", reply(401, { detail: "Not authenticated" }));
      accessToken.set("jwt-ended");
      await expect(
        api(API_ROUTES.subscriptionInfo, undefined, { schema: paymentInitReplySchema }),
      ).rejects.toMatchObject({ status: 401 });
      expect(refused).toEqual(["jwt-ended"]);
      // Without a token there is no session to check; other failures are not about the session.
      accessToken.set(null);
      await expect(
        api(API_ROUTES.subscriptionInfo, undefined, { schema: paymentInitReplySchema }),
      ).rejects.toMatchObject({ status: 401 });
      accessToken.set("jwt-live");
      vi.stubGlobal("fetch", reply(403, { detail: "Your account has been blocked" }));
      await expect(
        api(API_ROUTES.subscriptionInfo, undefined, { schema: paymentInitReplySchema }),
      ).rejects.toMatchObject({ status: 403 });
      expect(refused).toEqual(["jwt-ended"]);
    } finally {
      stop();
    }
  });

  it("turns a network failure into ApiError with status 0", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const error = await api(API_ROUTES.subscriptionInfo, undefined, { schema: paymentInitReplySchema }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
  });

  it("rejects a reply that does not match its schema", async () => {
    vi.stubGlobal("fetch", reply(200, { nope: true }));
    vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(
      api(API_ROUTES.subscriptionInfo, undefined, { schema: paymentInitReplySchema }),
    ).rejects.toBeInstanceOf(ApiError);
  });

  it("fills path parameters and the query string, and uses the route's method", async () => {
    const fetch = reply(200, { status: "success" });
    vi.stubGlobal("fetch", fetch);
    await api(API_ROUTES.endSession, undefined, { params: { id: "a/b" } });
    await api(API_ROUTES.reminderUnsubscribe, undefined, { query: { token: "t k" }, schema: anyReply });
    const calls = fetch.mock.calls as unknown as [string, RequestInit][];
    expect(calls.map(([url, init]) => [init.method, url])).toEqual([
      ["DELETE", "/api/user/web/sessions/a%2Fb"],
      ["POST", "/api/reminders/unsubscribe?token=t%20k"],
    ]);
    expect(calls[1]?.[1].body).toBeUndefined();
  });

  it("renames a device with PATCH on its own path, and takes a removal's empty 204", async () => {
    const device = {
      id: "9f0c1a8e-6f43-4d1b-9a3e-2b6c1d0e7f21",
      name: "Happy Seagull",
      protocol: "wireguard",
      publicKey: `${"A".repeat(43)}=`,
      ipv4: "10.64.0.7/32",
      ipv6: "fd00:7665:696c::7/128",
      createdAt: "2026-11-26T00:00:00.000Z",
      lastHandshakeAt: null,
      serverId: null,
    };
    const fetch = vi.fn(async (_url: string, init: RequestInit) =>
      init.method === "PATCH"
        ? new Response(JSON.stringify({ device, config: null }), { status: 200 })
        : new Response(null, { status: 204 }),
    );
    vi.stubGlobal("fetch", fetch);
    const renamed = await api(API_ROUTES.updateDevice, { name: "Laptop" }, { params: { id: device.id } });
    expect(renamed.device.name).toBe("Happy Seagull");
    await expect(api(API_ROUTES.deleteDevice, undefined, { params: { id: device.id } })).resolves.toBeNull();
    const calls = fetch.mock.calls as unknown as [string, RequestInit][];
    expect(calls.map(([url, init]) => [init.method, url, init.body])).toEqual([
      ["PATCH", `/api/devices/${device.id}`, JSON.stringify({ name: "Laptop" })],
      ["DELETE", `/api/devices/${device.id}`, undefined],
    ]);
  });

  it("parses the reply with the route's own schema when none is given", async () => {
    vi.stubGlobal("fetch", reply(200, { transaction_id: "" }));
    vi.spyOn(console, "error").mockImplementation(() => {});
    // The contract's schema wants a non-empty id.
    await expect(api(API_ROUTES.paymentInit, initBody)).rejects.toBeInstanceOf(ApiError);
  });
});
