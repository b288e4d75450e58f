import { paymentInitReplySchema } from "@veil/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { accessToken } from "./access-token.js";
import { apiFetch } from "./client.js";
import { ApiError } from "./errors.js";

function reply(status: number, body: unknown) {
  return vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  accessToken.set(null);
});

describe("apiFetch", () => {
  it("sends JSON with the bearer token and parses the reply", async () => {
    const fetch = reply(200, { transaction_id: "tx1" });
    vi.stubGlobal("fetch", fetch);
    accessToken.set("jwt-1");
    const data = await apiFetch("/payment/web/init", { body: { plan_id: 1 }, schema: paymentInitReplySchema });
    expect(data).toEqual({ transaction_id: "tx1" });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/payment/web/init");
    expect(init.method).toBe("POST");
    expect(init.headers).toMatchObject({ Authorization: "Bearer jwt-1", "Content-Type": "application/json" });
    expect(init.body).toBe('{"plan_id":1}');
  });

  it("sends the page's language as Accept-Language (receipts are mailed in it)", async () => {
    const fetch = reply(200, { transaction_id: "tx1" });
    vi.stubGlobal("fetch", fetch);
    document.documentElement.lang = "ru";
    try {
      await apiFetch("/payment/web/init", { body: { plan_id: 1 }, schema: paymentInitReplySchema });
    } finally {
      document.documentElement.lang = "";
    }
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ "Accept-Language": "ru" });
  });

  it("sends no Authorization header without a session", async () => {
    const fetch = reply(200, { transaction_id: "tx1" });
    vi.stubGlobal("fetch", fetch);
    await apiFetch("/x", { schema: paymentInitReplySchema });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe("GET");
    expect(init.headers).not.toHaveProperty("Authorization");
  });

  it("turns an error status into ApiError with the server's detail", async () => {
    vi.stubGlobal("fetch", reply(402, { detail: "Token unavailable" }));
    await expect(apiFetch("/x", { body: {}, schema: paymentInitReplySchema })).rejects.toMatchObject({
      status: 402,
      detail: "Token unavailable",
    });
  });

  it("turns a network failure into ApiError with status 0", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const error = await apiFetch("/x", { schema: paymentInitReplySchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
  });

  it("rejects a reply that does not match its schema", async () => {
    vi.stubGlobal("fetch", reply(200, { nope: true }));
    vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(apiFetch("/x", { schema: paymentInitReplySchema })).rejects.toBeInstanceOf(ApiError);
  });
});
