import { randomBytes } from "node:crypto";
import { CRYPTO_TOKENS } from "@veil/contracts";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { Logger } from "pino";
import { z } from "zod";
import type { Queryable } from "../../db/index.js";
import { contentSecurityPolicy } from "../../http/index.js";
import { isValidExnodeSignature } from "../exnode-signature.js";
import { INVOICE_STATUSES } from "../provider.js";
import { findInvoice, type InvoiceRow, insertInvoice, setInvoiceStatus } from "../stores/simulator-invoices.js";
import { pickLanguage, renderPayPage } from "./pay-page.js";

/**
 * An Exnode-compatible payment gateway for development and tests. It speaks Exnode's HTTP
 * protocol (signed requests, invoice create/get, token list, unsigned `{tracker_id}` callbacks),
 * keeps its invoices in the app's database so they survive a restart like the real gateway's
 * would, and serves a hosted pay page. Never mounted in production (config refuses it).
 *
 * Test-only extras: `POST /invoices/{tracker_id}/settle {status}` settles without a browser, and
 * `GET|POST /control` reads or flips the failure switches.
 */

export interface SimulatorSwitches {
  /** Delay before every protocol answer, to exercise the caller's timeouts. */
  delay_ms: number;
  /** "error": every protocol call answers 500; "garbage": 200 with a body that is not JSON. */
  failure: "none" | "error" | "garbage";
  /** Token codes refused at invoice creation and left out of the token list. */
  refuse_tokens: string[];
  /** Invoices below this fiat amount are refused ("amount too low"). */
  min_amount: number;
  /** When false, settling an invoice sends no callback (a lost callback). */
  callbacks: boolean;
}

const DEFAULT_SWITCHES: SimulatorSwitches = {
  delay_ms: 0,
  failure: "none",
  refuse_tokens: [],
  min_amount: 1,
  callbacks: true,
};

const switchesSchema = z.strictObject({
  delay_ms: z.number().int().min(0).max(120_000).optional(),
  failure: z.enum(["none", "error", "garbage"]).optional(),
  refuse_tokens: z.array(z.string().max(16)).max(100).optional(),
  min_amount: z.number().min(0).optional(),
  callbacks: z.boolean().optional(),
  reset: z.literal(true).optional(),
});

const createSchema = z.object({
  token: z.string().min(1).max(16),
  amount: z.number().positive(),
  fiat_currency: z.enum(["USD", "RUB"]),
  client_transaction_id: z.string().min(1).max(128),
  payform: z.boolean().optional(),
  redirect_url: z.url().optional(),
  auto_redirect: z.boolean().optional(),
  strict_currency: z.boolean().optional(),
  call_back_url: z.url(),
});

const settleSchema = z.strictObject({
  status: z.enum(INVOICE_STATUSES),
  /** Fiat amount actually paid; defaults to the full amount for SUCCESS and half for PARTIALLYPAID. */
  payed_amount: z.number().min(0).optional(),
});

export interface ExnodeSimulatorOptions {
  db: Queryable;
  publicKey: string;
  privateKey: string;
  /** Path the app mounts the simulator under, e.g. "/sim/exnode"; used to build pay-page links. */
  prefix: string;
  logger: Logger;
  /** Tokens the simulated gateway supports; defaults to every token the product knows. */
  tokens?: string[];
  fetch?: typeof fetch;
  /**
   * Where callbacks may go: our own server's callback path only, so the simulator cannot be made to
   * POST to arbitrary (internal) URLs. Invoices naming another `call_back_url` are refused.
   */
  callbackAllowed?: (url: URL) => boolean;
  /** Where Pay/Cancel may send the browser back to: SITE_URL's origin only (no open redirect). */
  redirectAllowed?: (url: URL) => boolean;
}

export interface ExnodeSimulator {
  app: Hono;
  switches(): SimulatorSwitches;
}

const FINAL = new Set(["SUCCESS", "EXPIRED", "ERROR"]);
const MAX_CLOCK_SKEW_SECONDS = 300;
const iso = (v: Date | string) => new Date(v).toISOString();

export function createExnodeSimulator(options: ExnodeSimulatorOptions): ExnodeSimulator {
  const { db, logger } = options;
  const doFetch = options.fetch ?? fetch;
  const tokens = options.tokens ?? Object.keys(CRYPTO_TOKENS);
  const callbackAllowed = (url: string) => {
    const parsed = URL.parse(url);
    return parsed !== null && (options.callbackAllowed?.(parsed) ?? true);
  };
  const redirectAllowed = (url: string) => {
    const parsed = URL.parse(url);
    return parsed !== null && (options.redirectAllowed?.(parsed) ?? true);
  };
  let switches: SimulatorSwitches = { ...DEFAULT_SWITCHES };
  const app = new Hono();

  const invoiceJson = (row: InvoiceRow) => ({
    tracker_id: row.tracker_id,
    status: row.status,
    amount: Number(row.amount),
    payed_amount: Number(row.payed_amount),
    token: row.token,
    client_transaction_id: row.client_transaction_id,
    date_create: iso(row.created_at),
    date_expire: iso(row.expires_at),
    receiver: "TSimulatorReceiverAddress",
    hash: row.status === "SUCCESS" ? `0xsim${row.tracker_id}` : null,
    callback_url: row.callback_url,
    fiat_amount: Number(row.amount),
    fiat_currency: row.fiat_currency,
    fiat_payed_amount: Number(row.payed_amount),
  });

  async function find(trackerId: string): Promise<InvoiceRow | undefined> {
    return findInvoice(db, trackerId);
  }

  /** Sets a status and, unless callbacks are switched off, tells the merchant like Exnode does. */
  async function settle(trackerId: string, status: string, payedAmount?: number) {
    const current = await find(trackerId);
    if (!current) return undefined;
    const amount = Number(current.amount);
    const payed = payedAmount ?? (status === "SUCCESS" ? amount : status === "PARTIALLYPAID" ? amount / 2 : 0);
    const row = await setInvoiceStatus(db, trackerId, status, String(payed));
    let callback = "skipped";
    if (switches.callbacks && !callbackAllowed(row.callback_url)) {
      callback = "refused: not this server's callback path";
    } else if (switches.callbacks) {
      try {
        const res = await doFetch(row.callback_url, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ tracker_id: row.tracker_id }),
          signal: AbortSignal.timeout(10_000),
          redirect: "manual",
        });
        callback = `HTTP ${res.status}`;
      } catch (err) {
        callback = `failed: ${err instanceof Error ? err.message : String(err)}`;
      }
    }
    // `callback` is the outcome ("HTTP 200"), never the URL: its path holds the callback secret.
    logger.info({ trackerId, status, callback }, "simulator settled an invoice");
    return { row, callback };
  }

  // Protocol endpoints: delay and failure switches, then Exnode's signature check.
  const protocol = new Hono<{ Variables: { rawBody: string } }>();
  const protocolGate = createMiddleware<{ Variables: { rawBody: string } }>(async (c, next) => {
    if (switches.delay_ms > 0) {
      // A caller that gave up (timed out) has gone: do no work for it, as a real server would not.
      const gone = c.req.raw.signal;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, switches.delay_ms);
        gone.addEventListener("abort", () => {
          clearTimeout(timer);
          resolve();
        });
      });
      if (gone.aborted) return c.body(null, 503);
    }
    if (switches.failure === "error") return c.json({ message: "Simulated gateway failure" }, 500);
    if (switches.failure === "garbage") return c.body("<html>502 Bad Gateway</html>", 200);
    const rawBody = c.req.method === "GET" ? "" : await c.req.text();
    const publicKey = c.req.header("ApiPublic") ?? "";
    const timestamp = c.req.header("Timestamp") ?? "";
    const signature = c.req.header("Signature") ?? "";
    if (publicKey !== options.publicKey) return c.json({ message: "Unknown ApiPublic key" }, 401);
    const skew = Math.abs(Date.now() / 1000 - Number(timestamp));
    if (!/^\d+$/.test(timestamp) || !(skew <= MAX_CLOCK_SKEW_SECONDS)) {
      return c.json({ message: "Timestamp missing or too far from the gateway's clock" }, 401);
    }
    if (!isValidExnodeSignature(options.privateKey, timestamp, rawBody, signature)) {
      return c.json({ message: "Invalid signature" }, 401);
    }
    c.set("rawBody", rawBody);
    await next();
  });
  // Only the protocol paths: the pay page, settle and control endpoints are not Exnode's API.
  protocol.use("/user/*", protocolGate);
  protocol.use("/api/*", protocolGate);

  protocol.get("/user/token/fetch", (c) =>
    c.json({ tokens: tokens.filter((t) => !switches.refuse_tokens.includes(t)) }),
  );

  protocol.post("/api/crypto/invoice/create", async (c) => {
    let json: unknown;
    try {
      json = JSON.parse(c.get("rawBody"));
    } catch {
      return c.json({ message: "Body is not JSON" }, 400);
    }
    const parsed = createSchema.safeParse(json);
    if (!parsed.success) return c.json({ message: `Invalid request: ${parsed.error.issues[0]?.message}` }, 400);
    const req = parsed.data;
    if (!tokens.includes(req.token) || switches.refuse_tokens.includes(req.token)) {
      return c.json({ message: `Token ${req.token} is not available` }, 400);
    }
    if (!callbackAllowed(req.call_back_url)) {
      return c.json({ message: "call_back_url must be this server's /api/exnode/callback/… URL" }, 400);
    }
    if (req.redirect_url && !redirectAllowed(req.redirect_url)) {
      return c.json({ message: "redirect_url must be on the site's own origin (SITE_URL)" }, 400);
    }
    if (req.amount < switches.min_amount) {
      return c.json({ message: `Amount is too low: minimum is ${switches.min_amount}` }, 400);
    }
    const trackerId = `sim_${randomBytes(12).toString("hex")}`;
    await insertInvoice(db, {
      trackerId,
      clientTransactionId: req.client_transaction_id,
      token: req.token,
      amount: String(req.amount),
      fiatCurrency: req.fiat_currency,
      redirectUrl: req.redirect_url ?? "",
      callbackUrl: req.call_back_url,
    });
    const origin = new URL(c.req.url).origin;
    return c.json({ tracker_id: trackerId, payment_url: `${origin}${options.prefix}/pay/${trackerId}` });
  });

  protocol.get("/api/crypto/invoice/get", async (c) => {
    const row = await find(c.req.query("tracker_id") ?? "");
    if (!row) return c.json({ message: "Invoice not found" }, 404);
    return c.json(invoiceJson(row));
  });

  protocol.post("/api/transaction/get", async (c) => {
    let trackerId = "";
    try {
      trackerId = String(JSON.parse(c.get("rawBody")).tracker_id ?? "");
    } catch {
      return c.json({ message: "Body is not JSON" }, 400);
    }
    const row = await find(trackerId);
    if (!row) return c.json({ message: "Transaction not found" }, 404);
    return c.json({
      transaction: { status: row.status, type: "IN", amount: Number(row.payed_amount), token: row.token },
    });
  });

  app.route("/", protocol);

  // The hosted pay page a customer's browser is sent to.
  app.get("/pay/:trackerId", async (c) => {
    const lang = pickLanguage(c.req.query("lang"), c.req.header("Accept-Language"));
    const found = await find(c.req.param("trackerId"));
    // A redirect stored before the rule existed is dropped rather than linked.
    const row = found && !redirectAllowed(found.redirect_url) ? { ...found, redirect_url: "" } : found;
    const page = renderPayPage(
      lang,
      row && {
        trackerId: row.tracker_id,
        amount: Number(row.amount),
        fiatCurrency: row.fiat_currency,
        token: row.token,
        status: row.status,
        redirectUrl: row.redirect_url,
      },
      `${options.prefix}/pay/${c.req.param("trackerId")}`,
    );
    // Pay and Cancel post here and are redirected to the shop's redirect_url: Chromium applies
    // form-action to that redirect too, so the shop's origin is allowed beside our own.
    const target = row?.redirect_url ? URL.parse(row.redirect_url) : null;
    const shop = target && /^https?:$/.test(target.protocol) ? target.origin : undefined;
    const headers = shop ? { "Content-Security-Policy": contentSecurityPolicy({ formAction: [shop] }) } : undefined;
    return c.html(page, row ? 200 : 404, headers);
  });

  app.post("/pay/:trackerId", async (c) => {
    const form = await c.req.parseBody();
    const trackerId = c.req.param("trackerId");
    const row = await find(trackerId);
    if (!row) return c.text("Invoice not found", 404);
    if (!FINAL.has(row.status)) {
      // Cancel on a gateway's page means the customer walked away: the invoice expires unpaid.
      await settle(trackerId, form.action === "pay" ? "SUCCESS" : "EXPIRED");
    }
    if (!row.redirect_url || !redirectAllowed(row.redirect_url))
      return c.redirect(`${options.prefix}/pay/${trackerId}?lang=${form.lang === "ru" ? "ru" : "en"}`, 303);
    return c.redirect(row.redirect_url, 303);
  });

  app.post("/invoices/:trackerId/settle", async (c) => {
    const parsed = settleSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ message: "Body must be {status, payed_amount?}" }, 400);
    const result = await settle(c.req.param("trackerId"), parsed.data.status, parsed.data.payed_amount);
    if (!result) return c.json({ message: "Invoice not found" }, 404);
    return c.json({ invoice: invoiceJson(result.row), callback: result.callback });
  });

  app.get("/control", (c) => c.json(switches));
  app.post("/control", async (c) => {
    const parsed = switchesSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ message: "Invalid switches", issues: parsed.error.issues }, 400);
    const { reset, ...changes } = parsed.data;
    switches = { ...(reset ? DEFAULT_SWITCHES : switches), ...changes };
    logger.warn({ switches }, "simulator switches changed");
    return c.json(switches);
  });

  return {
    app,
    switches: () => switches,
  };
}
