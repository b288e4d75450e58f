import { describe, expect, it } from "vitest";
import {
  apiErrorSchema,
  CRYPTO_TOKENS,
  contactRequestSchema,
  emailRequestSchema,
  HIGHLIGHTED_PLAN_INDEX,
  invoiceRequestSchema,
  isWireguardKey,
  PLAN_CATALOGUE,
  paymentInitRequestSchema,
  paymentListSchema,
  planListReply,
  planListSchema,
  subscriptionInfoSchema,
  tokenLabel,
  wireguardKeySchema,
} from "../src/index.js";

describe("plan catalogue", () => {
  it("sells the four plans of docs/product.md §1.4 at their stated prices and lengths", () => {
    expect(PLAN_CATALOGUE.map((p) => [p.name, p.priceUsd, p.days, p.periodKey])).toEqual([
      ["1 Week", 2, 7, "week"],
      ["1 Month", 5, 30, "month"],
      ["6 Month", 25, 180, "halfYear"],
      ["1 Year", 45, 365, "year"],
    ]);
    expect(PLAN_CATALOGUE[HIGHLIGHTED_PLAN_INDEX]?.name).toBe("1 Year");
  });

  it("is accepted by the plan list reply schema", () => {
    const reply = PLAN_CATALOGUE.map((p) => ({ id: p.id, name: p.name, price: p.priceUsd, days: p.days }));
    expect(planListSchema.parse(reply)).toHaveLength(4);
  });
});

describe("the zod-free plan list parser (landing page)", () => {
  const plan = { id: 4, name: "1 Year", price: 45, days: 365 };
  const replies: unknown[] = [
    [],
    [plan],
    [plan, { ...plan, id: 1, name: "1 Week", price: 2.5, days: 7 }],
    [{ ...plan, extra: "dropped" }],
    null,
    {},
    "plans",
    [null],
    [[plan]],
    [{ ...plan, id: 0 }],
    [{ ...plan, id: 1.5 }],
    [{ ...plan, id: "4" }],
    [{ ...plan, id: Number.MAX_SAFE_INTEGER + 1 }],
    [{ ...plan, name: "2 Years" }],
    [{ ...plan, name: undefined }],
    [{ ...plan, price: 0 }],
    [{ ...plan, price: -1 }],
    [{ ...plan, price: Number.POSITIVE_INFINITY }],
    [{ ...plan, price: Number.NaN }],
    [{ ...plan, price: "45" }],
    [{ ...plan, days: 0 }],
    [{ ...plan, days: 1.5 }],
    [{ id: 4, name: "1 Year", price: 45 }],
    [plan, { ...plan, days: -3 }],
  ];

  it.each(replies.map((reply) => [JSON.stringify(reply) ?? String(reply), reply]))(
    "accepts and returns exactly what planListSchema does: %s",
    (_, reply) => {
      const expected = planListSchema.safeParse(reply);
      const actual = planListReply.safeParse(reply);
      expect(actual.success).toBe(expected.success);
      if (actual.success) expect(actual.data).toEqual(expected.data);
    },
  );
});

describe("token table", () => {
  it("labels the ten known tokens and falls back to the code for others", () => {
    expect(Object.keys(CRYPTO_TOKENS)).toHaveLength(10);
    expect(tokenLabel("USDTTRC")).toBe("USDT TRC-20");
    expect(tokenLabel("DOGSTON")).toBe("DOGE TON");
    expect(tokenLabel("BTC")).toBe("BTC");
  });
});

describe("request schemas", () => {
  it("trims e-mail addresses and rejects malformed ones", () => {
    expect(emailRequestSchema.parse({ email: "  ann@example.com " })).toEqual({ email: "ann@example.com" });
    expect(emailRequestSchema.safeParse({ email: "not-an-email" }).success).toBe(false);
    expect(emailRequestSchema.safeParse({}).success).toBe(false);
    expect(emailRequestSchema.safeParse({ email: "a@b.co", extra: 1 }).success).toBe(false);
  });

  it("accepts a payment init in dollars with a token code and rejects other currencies", () => {
    const ok = { plan_id: 2, amount: 5, currency: "USD", payment_method: "USDTTRC" };
    expect(paymentInitRequestSchema.parse(ok)).toEqual(ok);
    expect(paymentInitRequestSchema.safeParse({ ...ok, currency: "RUB" }).success).toBe(false);
    expect(paymentInitRequestSchema.safeParse({ ...ok, amount: "5" }).success).toBe(false);
    expect(paymentInitRequestSchema.safeParse({ ...ok, payment_method: "usdt; drop" }).success).toBe(false);
  });

  it("accepts the invoice request the payment screen sends and rejects a non-http redirect", () => {
    const ok = {
      token: "USDTTRC",
      amount: 5,
      fiat_currency: "USD",
      client_transaction_id: "c0a8012e-7d2b-4a53-9f43-2b1d7cf3c001",
      redirect_url: "http://localhost:8080/account/profile",
      payform: true,
    };
    expect(invoiceRequestSchema.parse(ok)).toEqual(ok);
    expect(invoiceRequestSchema.safeParse({ ...ok, redirect_url: "javascript:alert(1)" }).success).toBe(false);
    expect(invoiceRequestSchema.safeParse({ ...ok, payform: false }).success).toBe(false);
  });

  it("bounds contact messages and requires every field", () => {
    const ok = { name: "Ann", email: "ann@example.com", message: "My VPN is slow" };
    expect(contactRequestSchema.parse(ok)).toEqual(ok);
    expect(contactRequestSchema.safeParse({ ...ok, message: "   " }).success).toBe(false);
    expect(contactRequestSchema.safeParse({ ...ok, message: "x".repeat(5001) }).success).toBe(false);
    expect(contactRequestSchema.safeParse({ name: "Ann", email: "ann@example.com" }).success).toBe(false);
  });
});

describe("reply schemas", () => {
  it("accepts subscription info for active and never-paid users and rejects negative days", () => {
    expect(subscriptionInfoSchema.parse({ is_active: true, plan_name: "1 Month", days_left: 12 }).days_left).toBe(12);
    expect(subscriptionInfoSchema.parse({ is_active: false, plan_name: null, days_left: 0 }).plan_name).toBeNull();
    expect(subscriptionInfoSchema.safeParse({ is_active: true, plan_name: "1 Month", days_left: -1 }).success).toBe(
      false,
    );
  });

  it("accepts payment rows with the three statuses only", () => {
    const row = { date: "2026-11-01T10:00:00Z", amount: 5, method: "USDTTRC", status: "pending" };
    expect(paymentListSchema.parse([row])).toHaveLength(1);
    expect(paymentListSchema.safeParse([{ ...row, status: "paid" }]).success).toBe(false);
  });

  it("accepts FastAPI-style errors with a string or a list of issues", () => {
    expect(apiErrorSchema.safeParse({ detail: "Not found", code: "not_found" }).success).toBe(true);
    // The code is part of every error, and one of the contract's.
    expect(apiErrorSchema.safeParse({ detail: "Not found" }).success).toBe(false);
    expect(apiErrorSchema.safeParse({ detail: "Not found", code: "whatever" }).success).toBe(false);
    expect(
      apiErrorSchema.safeParse({
        detail: [{ loc: ["body", "email"], msg: "Invalid email", type: "value_error" }],
        code: "validation_failed",
      }).success,
    ).toBe(true);
    expect(apiErrorSchema.safeParse({ error: "x" }).success).toBe(false);
  });
});

describe("WireGuard public keys", () => {
  // Curve25519 points of small order (0, 1, the two of order 8, p-1, p, p+1), each with and
  // without the top bit X25519 ignores: a handshake with any of them yields an all-zero secret,
  // which WireGuard refuses, so such a device could never connect.
  const lowOrder = [
    "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
    "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAIA=",
    "AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
    "4Ot6fDtBuK4WVuP68Z/EatoJjeucMrH9hmIFFl9JuAA=",
    "X5yVvKNQjCSx0LFVnIPvWwREXMRYHI6G2CJO3dCfEVc=",
    "X5yVvKNQjCSx0LFVnIPvWwREXMRYHI6G2CJO3dCfEdc=",
    "7P///////////////////////////////////////38=",
    "7f///////////////////////////////////////38=",
    "7v////////////////////////////////////////8=",
  ];

  it("refuses the small-order points a device could never connect with, in the check and the form schema", () => {
    for (const key of lowOrder) {
      expect(isWireguardKey(key), key).toBe(false);
      expect(wireguardKeySchema.safeParse(key).success, key).toBe(false);
    }
    expect(isWireguardKey("2lF0ym2sgdICUaaec+jK1Ex3VnN23x0cRLE8Oag/tv4=")).toBe(true);
    expect(wireguardKeySchema.parse(" 2lF0ym2sgdICUaaec+jK1Ex3VnN23x0cRLE8Oag/tv4=\n")).toBe(
      "2lF0ym2sgdICUaaec+jK1Ex3VnN23x0cRLE8Oag/tv4=",
    );
  });
});
