import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createExnodeProvider, ProviderRejectedError, ProviderUnavailableError } from "../../src/payments/index.js";

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A stand-in for my.exnode.io that records every request and answers what the test scripted. */
let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
let answers: Array<{ status: number; body: string } | "hang"> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      const answer = answers.shift() ?? { status: 500, body: "{}" };
      if (answer === "hang") return; // never answers: the adapter must time out
      res.writeHead(answer.status, { "Content-Type": "application/json" });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen = [];
  answers = [];
});

const PUBLIC = "pub-key-123";
const PRIVATE = "priv-key-456";
const provider = (timeoutMs = 2000) =>
  createExnodeProvider({
    baseUrl: () => baseUrl,
    publicKey: PUBLIC,
    privateKey: PRIVATE,
    timeoutMs,
    retryDelayMs: 1,
    nowSeconds: () => 1_760_000_000,
  });
const hmac = (message: string) => createHmac("sha512", PRIVATE).update(message).digest("hex");
const invoiceRequest = {
  token: "USDTTRC",
  amount: 5,
  fiatCurrency: "USD" as const,
  clientTransactionId: "7d0b5f9e-0000-4000-8000-000000000001",
  redirectUrl: "https://veil.example/account/profile",
  callbackUrl: "https://veil.example/api/exnode/callback/s3cret",
};

describe("Exnode adapter against a local HTTP server", () => {
  it("signs invoice creation with ApiPublic, Timestamp and HMAC-SHA512(timestamp + raw body)", async () => {
    answers.push({
      status: 200,
      body: JSON.stringify({ tracker_id: "trk-1", payment_url: "https://pay.example/trk-1" }),
    });
    const created = await provider().createInvoice(invoiceRequest);
    expect(created).toEqual({ trackerId: "trk-1", paymentUrl: "https://pay.example/trk-1" });

    expect(seen).toHaveLength(1);
    const [req] = seen;
    expect(req?.method).toBe("POST");
    expect(req?.url).toBe("/api/crypto/invoice/create");
    expect(req?.headers.apipublic).toBe(PUBLIC);
    expect(req?.headers.timestamp).toBe("1760000000");
    expect(req?.headers["content-type"]).toBe("application/json");
    // The signature covers exactly the bytes that were sent.
    expect(req?.headers.signature).toBe(hmac(`1760000000${req?.body}`));
    expect(req?.headers.signature).toMatch(/^[0-9a-f]{128}$/);
    expect(JSON.parse(req?.body ?? "")).toEqual({
      token: "USDTTRC",
      amount: 5,
      fiat_currency: "USD",
      client_transaction_id: invoiceRequest.clientTransactionId,
      payform: true,
      redirect_url: invoiceRequest.redirectUrl,
      auto_redirect: true,
      strict_currency: true,
      call_back_url: invoiceRequest.callbackUrl,
    });
  });

  it("signs a GET with the timestamp and an empty body, and reads the invoice", async () => {
    answers.push({
      status: 200,
      body: JSON.stringify({
        tracker_id: "trk 2",
        status: "success",
        amount: "5.01",
        payed_amount: "5.01",
        token: "USDTTRC",
        client_transaction_id: "abc",
        fiat_amount: 5,
        fiat_currency: "USD",
        fiat_payed_amount: "5",
      }),
    });
    const invoice = await provider().getInvoice("trk 2");
    const [req] = seen;
    expect(req?.method).toBe("GET");
    expect(req?.url).toBe("/api/crypto/invoice/get?tracker_id=trk%202");
    expect(req?.headers.signature).toBe(hmac("1760000000"));
    expect(req?.body).toBe("");
    expect(invoice).toEqual({
      trackerId: "trk 2",
      status: "SUCCESS",
      clientTransactionId: "abc",
      token: "USDTTRC",
      fiatAmount: 5,
      fiatCurrency: "USD",
      payedAmount: 5.01,
      fiatPayedAmount: 5,
    });
  });

  it("lists tokens from /user/token/fetch", async () => {
    answers.push({ status: 200, body: JSON.stringify({ tokens: ["USDTTRC", "BTC"] }) });
    expect(await provider().listTokens()).toEqual(["USDTTRC", "BTC"]);
    expect(seen[0]?.url).toBe("/user/token/fetch");
    expect(seen[0]?.headers.signature).toBe(hmac("1760000000"));
  });

  it("retries a safe read after a 5xx, a bounded number of times", async () => {
    answers.push({ status: 502, body: "" }, { status: 200, body: JSON.stringify({ tokens: ["NOT"] }) });
    expect(await provider().listTokens()).toEqual(["NOT"]);
    expect(seen).toHaveLength(2);

    seen = [];
    answers.push({ status: 500, body: "{}" }, { status: 500, body: "{}" }, { status: 500, body: "{}" });
    await expect(provider().getInvoice("t")).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(seen).toHaveLength(3);
  });

  it("never retries invoice creation: a second try could create a second invoice", async () => {
    answers.push({ status: 503, body: "{}" }, { status: 200, body: "{}" });
    await expect(provider().createInvoice(invoiceRequest)).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(seen).toHaveLength(1);
  });

  it("gives up on a provider that does not answer in time", async () => {
    answers.push("hang");
    await expect(provider(150).createInvoice(invoiceRequest)).rejects.toThrow(/did not answer in time/);
    expect(seen).toHaveLength(1);
  });

  it("reports a refusal with the provider's own message", async () => {
    answers.push({ status: 400, body: JSON.stringify({ message: "Token USDTTRC is not available" }) });
    const err = await provider()
      .createInvoice(invoiceRequest)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderRejectedError);
    expect((err as ProviderRejectedError).message).toBe("Token USDTTRC is not available");
    expect((err as ProviderRejectedError).status).toBe(400);
  });

  it("treats a 200 that is not JSON, or not an invoice, as the provider being unavailable", async () => {
    answers.push({ status: 200, body: "<html>oops</html>" });
    await expect(provider().createInvoice(invoiceRequest)).rejects.toBeInstanceOf(ProviderUnavailableError);
    answers.push({ status: 200, body: JSON.stringify({ tracker_id: "x" }) });
    await expect(provider().createInvoice(invoiceRequest)).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it("refuses an invoice answer about a different tracker id", async () => {
    answers.push({ status: 200, body: JSON.stringify({ tracker_id: "other", status: "SUCCESS" }) });
    await expect(provider().getInvoice("mine")).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});
