import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../api/errors.js";
import { paymentErrorKey, receiptEmailError, startCryptoPayment } from "./checkout.js";

afterEach(() => vi.unstubAllGlobals());

/** The body of the first request a fetch mock saw. */
const initBody = (fetch: ReturnType<typeof vi.fn>) => (fetch.mock.calls[0] as [string, RequestInit])[1].body;

describe("crypto checkout (docs/product.md §4.6, §7.1)", () => {
  it("inits the transaction, creates the invoice and returns the payment page", async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify({ transaction_id: "tx-9" }), { status: 200 }))
      .mockResolvedValueOnce(new Response(JSON.stringify({ payment_url: "https://pay.example/i/1" }), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    const url = await startCryptoPayment(
      { id: 4, name: "1 Year", price: 45, days: 365 },
      "USDTTRC",
      "https://veil.test",
    );
    expect(url).toBe("https://pay.example/i/1");
    const bodies = fetch.mock.calls.map(([, init]) => JSON.parse((init as RequestInit).body as string));
    expect(fetch.mock.calls.map(([path]) => path)).toEqual(["/api/payment/web/init", "/api/exnode/invoice"]);
    expect(bodies[0]).toEqual({ plan_id: 4, amount: 45, currency: "USD", payment_method: "USDTTRC" });
    expect(bodies[1]).toEqual({
      token: "USDTTRC",
      amount: 45,
      fiat_currency: "USD",
      client_transaction_id: "tx-9",
      redirect_url: "https://veil.test/account/profile",
      payform: true,
    });
  });

  it("sends the receipt e-mail (trimmed) with the init, and no field when it is blank", async () => {
    const replies = () =>
      vi
        .fn()
        .mockResolvedValueOnce(new Response(JSON.stringify({ transaction_id: "tx-1" }), { status: 200 }))
        .mockResolvedValueOnce(
          new Response(JSON.stringify({ payment_url: "https://pay.example/i/2" }), { status: 200 }),
        );
    const plan = { id: 2, name: "1 Month" as const, price: 5, days: 30 };
    const withEmail = replies();
    vi.stubGlobal("fetch", withEmail);
    await startCryptoPayment(plan, "USDTTRC", "https://veil.test", "  books@example.com ");
    expect(JSON.parse(initBody(withEmail) as string)).toEqual({
      plan_id: 2,
      amount: 5,
      currency: "USD",
      payment_method: "USDTTRC",
      receipt_email: "books@example.com",
    });
    const blank = replies();
    vi.stubGlobal("fetch", blank);
    await startCryptoPayment(plan, "USDTTRC", "https://veil.test", "   ");
    expect(JSON.parse(initBody(blank) as string)).not.toHaveProperty("receipt_email");
  });

  it("accepts a blank or valid receipt e-mail and flags anything else with the spec's message", () => {
    expect(receiptEmailError("")).toBeNull();
    expect(receiptEmailError(" a@b.co ")).toBeNull();
    expect(receiptEmailError("not-an-email")).toBe("loginScreen.invalidEmail");
    expect(receiptEmailError(`${"a".repeat(250)}@example.com`)).toBe("loginScreen.invalidEmail");
  });

  it("does not create an invoice when the init fails", async () => {
    const fetch = vi.fn().mockResolvedValueOnce(new Response(JSON.stringify({ detail: "x" }), { status: 402 }));
    vi.stubGlobal("fetch", fetch);
    const error = await startCryptoPayment({ id: 1, name: "1 Week", price: 2, days: 7 }, "NOT", "https://v.test").catch(
      (e: unknown) => e,
    );
    expect(paymentErrorKey(error)).toBe("paymentScreen.crypto.tokenUnavailable");
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("maps 402 to tokenUnavailable and everything else to genericError", () => {
    expect(paymentErrorKey(new ApiError(402))).toBe("paymentScreen.crypto.tokenUnavailable");
    expect(paymentErrorKey(new ApiError(500))).toBe("paymentScreen.crypto.genericError");
    expect(paymentErrorKey(new TypeError("x"))).toBe("paymentScreen.crypto.genericError");
  });
});
