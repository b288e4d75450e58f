import { z } from "zod";
import { exnodeSignature } from "./exnode-signature.js";
import {
  type CreatedInvoice,
  type CreateInvoiceRequest,
  type PaymentProvider,
  type ProviderInvoice,
  ProviderRejectedError,
  ProviderUnavailableError,
} from "./provider.js";

export interface ExnodeAdapterOptions {
  /** e.g. https://my.exnode.io, or the simulator's prefix. A function when only known after listen. */
  baseUrl: string | (() => string);
  publicKey: string;
  privateKey: string;
  /** Per-attempt time limit. */
  timeoutMs: number;
  /** Extra attempts for safe (read-only) calls after a network failure, timeout or 5xx. */
  safeRetries?: number;
  /** Pause before each retry; grows linearly with the attempt number. */
  retryDelayMs?: number;
  fetch?: typeof fetch;
  /** Wall-clock seconds for the Timestamp header (the provider checks it against its own clock). */
  nowSeconds?: () => number;
}

/** Numbers arrive as JSON numbers or as decimal strings depending on the endpoint. */
const looseNumber = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/),
  ])
  .transform((v) => Number(v))
  .nullish()
  .catch(null);
const looseString = z
  .union([z.string(), z.number()])
  .transform((v) => String(v))
  .nullish()
  .catch(null);

const createdInvoiceSchema = z.object({
  tracker_id: z.union([z.string().min(1), z.number()]).transform(String),
  payment_url: z.url(),
});

const invoiceSchema = z.object({
  tracker_id: z.union([z.string().min(1), z.number()]).transform(String),
  status: z.string().min(1),
  client_transaction_id: looseString,
  token: looseString,
  amount: looseNumber,
  payed_amount: looseNumber,
  fiat_amount: looseNumber,
  fiat_currency: looseString,
  fiat_payed_amount: looseNumber,
});

const tokenListSchema = z.object({ tokens: z.array(z.string()) });

/** Exnode puts the reason of a refusal in one of these fields. */
function errorMessageOf(body: unknown): string | undefined {
  if (body && typeof body === "object") {
    for (const key of ["message", "error", "description", "detail"]) {
      const value = (body as Record<string, unknown>)[key];
      if (typeof value === "string" && value.trim()) return value.trim().slice(0, 300);
    }
  }
  return undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The Exnode merchant API over HTTP (README, "Payments"). Every request carries
 * ApiPublic, Timestamp and Signature; replies are validated before anyone acts on them.
 */
export function createExnodeProvider(options: ExnodeAdapterOptions): PaymentProvider {
  const doFetch = options.fetch ?? fetch;
  const nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  const safeRetries = options.safeRetries ?? 2;
  const retryDelayMs = options.retryDelayMs ?? 250;
  const baseUrl = () =>
    (typeof options.baseUrl === "function" ? options.baseUrl() : options.baseUrl).replace(/\/+$/, "");

  /** One HTTP exchange; maps every failure to ProviderRejectedError or ProviderUnavailableError. */
  async function once(method: "GET" | "POST", path: string, body?: unknown): Promise<unknown> {
    const rawBody = body === undefined ? "" : JSON.stringify(body);
    const timestamp = String(nowSeconds());
    const headers: Record<string, string> = {
      Accept: "application/json",
      ApiPublic: options.publicKey,
      Timestamp: timestamp,
      Signature: exnodeSignature(options.privateKey, timestamp, rawBody),
    };
    if (method === "POST") headers["Content-Type"] = "application/json";
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${baseUrl()}${path}`, {
        method,
        headers,
        body: method === "POST" ? rawBody : undefined,
        signal: AbortSignal.timeout(options.timeoutMs),
        redirect: "error",
      });
      text = await response.text();
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
      throw new ProviderUnavailableError(timedOut ? "Exnode did not answer in time" : "Exnode could not be reached", {
        cause: err,
      });
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (response.status >= 500) {
      throw new ProviderUnavailableError(`Exnode failed with HTTP ${response.status}`);
    }
    if (!response.ok) {
      throw new ProviderRejectedError(
        errorMessageOf(json) ?? `Exnode refused the request (HTTP ${response.status})`,
        response.status,
      );
    }
    if (json === undefined) throw new ProviderUnavailableError("Exnode answered with something that is not JSON");
    return json;
  }

  /** A read-only call: safe to repeat, so transient failures are retried a bounded number of times. */
  async function safe(path: string): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await once("GET", path);
      } catch (err) {
        if (!(err instanceof ProviderUnavailableError) || attempt >= safeRetries) throw err;
        await sleep(retryDelayMs * (attempt + 1));
      }
    }
  }

  function parse<T>(schema: z.ZodType<T>, json: unknown, what: string): T {
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      // A 2xx that carries an error message is a refusal; anything else is unreadable.
      const message = errorMessageOf(json);
      if (message) throw new ProviderRejectedError(message, 400);
      throw new ProviderUnavailableError(`Exnode answered ${what} in an unexpected shape`);
    }
    return parsed.data;
  }

  return {
    async listTokens() {
      const json = await safe("/user/token/fetch");
      return parse(tokenListSchema, json, "the token list").tokens;
    },

    async createInvoice(request: CreateInvoiceRequest): Promise<CreatedInvoice> {
      const json = await once("POST", "/api/crypto/invoice/create", {
        token: request.token,
        amount: request.amount,
        fiat_currency: request.fiatCurrency,
        client_transaction_id: request.clientTransactionId,
        payform: true,
        redirect_url: request.redirectUrl,
        auto_redirect: true,
        strict_currency: true,
        call_back_url: request.callbackUrl,
      });
      const created = parse(createdInvoiceSchema, json, "the new invoice");
      return { trackerId: created.tracker_id, paymentUrl: created.payment_url };
    },

    async getInvoice(trackerId: string): Promise<ProviderInvoice> {
      const json = await safe(`/api/crypto/invoice/get?tracker_id=${encodeURIComponent(trackerId)}`);
      const invoice = parse(invoiceSchema, json, "the invoice");
      if (invoice.tracker_id !== trackerId) {
        throw new ProviderUnavailableError("Exnode answered with a different invoice than asked for");
      }
      return {
        trackerId: invoice.tracker_id,
        status: invoice.status.trim().toUpperCase(),
        clientTransactionId: invoice.client_transaction_id ?? null,
        token: invoice.token ?? null,
        fiatAmount: invoice.fiat_amount ?? null,
        fiatCurrency: invoice.fiat_currency ?? null,
        payedAmount: invoice.payed_amount ?? null,
        fiatPayedAmount: invoice.fiat_payed_amount ?? null,
      };
    },
  };
}
