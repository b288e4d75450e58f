import { randomUUID, timingSafeEqual } from "node:crypto";
import {
  API_PATHS,
  contactRequestSchema,
  deleteAccountRequestSchema,
  emailRequestSchema,
  invoiceRequestSchema,
  paymentInitRequestSchema,
} from "@veil/contracts";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import type { Logger } from "pino";
import { z } from "zod";
import { HashingBusyError } from "../auth/hashing-queue.js";
import { type Auth, type AuthDataExport, exportAuthData, sessionLimitsOf } from "../auth/index.js";
import type { Clock } from "../clock.js";
import type { Config } from "../config/index.js";
import { type Db, DbUnavailableError } from "../db/index.js";
import { isClientGone } from "../http/client-gone.js";
import { clientIp, parseTrustedProxies, rateLimitSubject, type TrustedProxies } from "../http/client-ip.js";
import { fromAcceptLanguage, type Mail } from "../mail/index.js";
import { CheckoutError, type Payments, type PaymentsService } from "../payments/index.js";
import { ProviderRejectedError } from "../payments/provider.js";
import { type Customer, EmailTakenError, ensureCustomer, findCustomerByEmail, findCustomerById } from "./customers.js";
import { exportContactMessages, exportFileName } from "./data-export.js";
import { detail, HttpError, readBody, ValidationFailure } from "./errors.js";
import {
  createApiAuthenticator,
  createAuthUserLookup,
  createLocalAccountDeleter,
  type DeleteAccountResult,
} from "./local-auth.js";
import { hitRateLimit, type RateRule } from "./rate-limit.js";
import { renderSupportMail } from "./support-mail.js";

export type { Customer } from "./customers.js";
export { ensureCustomer, findCustomerByEmail, findCustomerById, setCustomerBlocked } from "./customers.js";
export { pruneRateLimits } from "./rate-limit.js";

/** Who a verified access token says the caller is. */
export interface ApiIdentity {
  sub: string;
  email: string;
}

export interface SupportMessage {
  name: string;
  email: string;
  message: string;
}

export interface ApiDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  payments: PaymentsService;
  /**
   * Verifies a bearer token (signature, expiry, audience) and that its user may still act:
   * the identity, "blocked" for a banned user, or null (missing, invalid, expired, signed out).
   */
  authenticate(token: string): Promise<ApiIdentity | "blocked" | null>;
  /** The embedded auth server's view of an e-mail, when it runs in this process. */
  lookupAuthUser?(email: string): Promise<{ blocked: boolean } | null>;
  /**
   * Password-confirmed account deletion (embedded auth server only). Absent with hosted Supabase,
   * where deletion belongs to the identity provider.
   */
  deleteAccount?(userId: string, password: string): Promise<DeleteAccountResult>;
  /** The auth module's part of a data export (embedded auth server only: account and sessions). */
  exportAuthData?(userId: string): Promise<AuthDataExport>;
  /** The mail module's outbox: contact messages are queued in the same transaction that stores them. */
  mail?: Pick<Mail, "enqueue" | "kick">;
  /** Where contact messages are mailed. */
  supportEmail: string;
  /** Origins `redirect_url` may point to: our own site only. */
  allowedRedirectOrigins(): string[];
  /** The secret path segment of the provider's callback URL. */
  callbackSecret: string;
  /** Reverse proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES). */
  trustedProxies: TrustedProxies;
  /** Overrides for the per-route rate limits (tests use small numbers). */
  rateLimits?: Partial<typeof DEFAULT_RATE_LIMITS>;
}

export const DEFAULT_RATE_LIMITS = {
  /** Account lookups per IP: enough for a person, slow for enumeration. */
  byEmailPerIp: { limit: 30, windowSeconds: 300 },
  contactPerIp: { limit: 5, windowSeconds: 3600 },
  contactPerEmail: { limit: 5, windowSeconds: 3600 },
  tokensPerIp: { limit: 60, windowSeconds: 300 },
  /** Password tries for account deletion per user. */
  deletePerUser: { limit: 5, windowSeconds: 3600 },
  /** Checkout steps per customer (each may call the provider). */
  checkoutPerCustomer: { limit: 30, windowSeconds: 3600 },
  /** Data exports per user: each reads every table the user has rows in. */
  exportPerUser: { limit: 10, windowSeconds: 3600 },
} satisfies Record<string, RateRule>;

/** Payment history rows returned at most (newest first). */
export const PAYMENT_HISTORY_LIMIT = 100;

const BLOCKED = "Your account has been blocked";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * The contract's contact schema, plus: no control characters (a NUL cannot even be stored, and
 * escape sequences have no place in a support mail); the message may keep line breaks and tabs.
 */
const CONTROL = /[\p{Cc}]/u;
const CONTROL_EXCEPT_WHITESPACE = /[^\P{Cc}\t\n\r]/u;
const contactSchema = contactRequestSchema.superRefine((value, ctx) => {
  if (CONTROL.test(value.name))
    ctx.addIssue({ code: "custom", path: ["name"], message: "Control characters are not allowed" });
  if (CONTROL_EXCEPT_WHITESPACE.test(value.message)) {
    ctx.addIssue({ code: "custom", path: ["message"], message: "Control characters are not allowed" });
  }
});
const callbackSchema = z.object({ tracker_id: z.union([z.string().min(1).max(200), z.number()]).transform(String) });

type Env = { Variables: { identity: ApiIdentity; customer: Customer | undefined; requestId: string } };

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Maps a refused checkout step to the status the web app expects (docs/product.md §8.3). */
function checkoutStatus(err: CheckoutError) {
  switch (err.code) {
    case "plan-not-found":
    case "transaction-not-found":
      return 404;
    case "transaction-not-pending":
      return 409;
    case "token-unavailable":
    case "provider-refused":
      return 402;
    case "provider-unavailable":
      return 502;
    default:
      return 400;
  }
}

/** The product API (docs/product.md §7.1), mounted at `/api`. */
export function createApiRouter(deps: ApiDeps): Hono<Env> {
  const { db, clock, logger, payments } = deps;
  const limits = { ...DEFAULT_RATE_LIMITS, ...deps.rateLimits };
  const api = new Hono<Env>();

  // Request id (a caller's own is kept when it looks sane), one log line per request, no caching.
  api.use("*", async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header("X-Request-Id");
    const requestId = incoming && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    c.set("requestId", requestId);
    await next();
    c.header("X-Request-Id", requestId);
    c.header("Cache-Control", "no-store");
    logger.info(
      {
        requestId,
        method: c.req.method,
        // The callback URL carries a secret: never write it to the log.
        path: c.req.path.replace(/\/exnode\/callback\/[^/]+/, "/exnode/callback/***"),
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      "api request",
    );
  });
  api.use(
    "*",
    bodyLimit({
      maxSize: 64 * 1024,
      // The rest of the body is never read: this connection cannot carry another request (a client
      // reusing it would otherwise see its next request fail with a socket error).
      onError: (c) => detail(c, 413, "Request body too large", { Connection: "close" }),
    }),
  );

  async function limit(bucket: string, rule: RateRule) {
    const wait = await hitRateLimit(db, clock, bucket, rule);
    if (wait > 0) {
      throw new HttpError(429, "Too many requests. Please try again later.", { "Retry-After": String(wait) });
    }
  }

  /** Bearer token → identity; a blocked customer is refused with 403. */
  const authed = createMiddleware<Env>(async (c, next) => {
    const header = c.req.header("Authorization") ?? "";
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const identity = match?.[1] ? await deps.authenticate(match[1]) : null;
    if (identity === "blocked") throw new HttpError(403, BLOCKED);
    if (!identity) throw new HttpError(401, "Not authenticated", { "WWW-Authenticate": "Bearer" });
    const customer = await findCustomerById(db, identity.sub);
    if (customer?.blocked) throw new HttpError(403, BLOCKED);
    c.set("identity", identity);
    c.set("customer", customer);
    await next();
  });

  /** The caller's customer row, created on first use (register and session-init may have been lost). */
  async function customerOf(identity: ApiIdentity): Promise<Customer> {
    try {
      return await ensureCustomer(db, clock, identity.sub, identity.email);
    } catch (err) {
      if (err instanceof EmailTakenError) {
        throw new HttpError(409, "This e-mail belongs to another account. Please contact support.");
      }
      throw err;
    }
  }

  /**
   * The language a payment's receipt is written in: the page's (the web app sends it as
   * Accept-Language), else the account's language with the embedded auth server, else none (English).
   */
  async function receiptLanguage(c: Context<Env>, identity: ApiIdentity): Promise<string | null> {
    const fromPage = fromAcceptLanguage(c.req.header("Accept-Language"));
    if (fromPage) return fromPage;
    if (!UUID.test(identity.sub)) return null;
    const { rows } = await db.query<{ language: string }>("SELECT language FROM users WHERE id = $1::uuid", [
      identity.sub,
    ]);
    return rows[0]?.language ?? null;
  }

  // ── users ──────────────────────────────────────────────────────────────────
  api.post(API_PATHS.userByEmail, async (c) => {
    await limit(`by-email:ip:${rateLimitSubject(clientIp(c, deps.trustedProxies))}`, limits.byEmailPerIp);
    const { email } = await readBody(c, emailRequestSchema);
    const customer = await findCustomerByEmail(db, email);
    const authUser = customer ? null : ((await deps.lookupAuthUser?.(email)) ?? null);
    if (!customer && !authUser) return detail(c, 404, "User not found");
    if (customer?.blocked || authUser?.blocked) return detail(c, 403, BLOCKED);
    return c.json({ email: customer?.email ?? email });
  });

  const registerLike = async (c: Context<Env>) => {
    const { email } = await readBody(c, emailRequestSchema);
    const identity = c.get("identity");
    if (!sameEmail(email, identity.email)) {
      return detail(c, 400, "The e-mail does not match the signed-in account");
    }
    const customer = await customerOf(identity);
    return c.json({ status: "success", email: customer.email });
  };
  api.post(API_PATHS.registerUser, authed, registerLike);
  api.post(API_PATHS.initSession, authed, registerLike);

  api.post(API_PATHS.deleteAccount, authed, async (c) => {
    const { password } = await readBody(c, deleteAccountRequestSchema);
    if (!deps.deleteAccount) return detail(c, 501, "Delete the account with the identity provider");
    const identity = c.get("identity");
    await limit(`delete:${identity.sub}`, limits.deletePerUser);
    const result = await deps.deleteAccount(identity.sub, password);
    if (result === "wrong-password") return detail(c, 400, "Incorrect password");
    logger.info({ userId: identity.sub }, "account deleted");
    return c.json({ status: "success" });
  });

  // Each module gives its own part (docs/product.md §11, "Data export"); nothing of another user:
  // every part is looked up by the caller's id, or by the caller's own addresses.
  api.get(API_PATHS.dataExport, authed, async (c) => {
    const identity = c.get("identity");
    await limit(`export:${identity.sub}`, limits.exportPerUser);
    const customer = c.get("customer");
    const auth = (await deps.exportAuthData?.(identity.sub)) ?? null;
    const product = await payments.exportCustomerData(identity.sub);
    const addresses = [identity.email, ...(customer ? [customer.email] : [])];
    const now = clock.now();
    const document = {
      exported_at: now.toISOString(),
      account: {
        email: identity.email,
        ...(auth?.account ?? { id: identity.sub }),
        customer_since: customer ? new Date(customer.created_at).toISOString() : null,
      },
      subscription: product.subscription,
      payments: product.payments,
      granted_days: product.granted_days,
      sessions: auth?.sessions ?? [],
      contact_messages: await exportContactMessages(db, addresses),
    };
    c.header("Content-Disposition", `attachment; filename="${exportFileName(now)}"`);
    return c.body(JSON.stringify(document, null, 2), 200, { "Content-Type": "application/json; charset=utf-8" });
  });

  // ── subscription and history ───────────────────────────────────────────────
  api.get(API_PATHS.subscriptionInfo, authed, async (c) =>
    c.json(await payments.subscriptionInfo(c.get("identity").sub)),
  );

  api.get(API_PATHS.payments, authed, async (c) =>
    c.json(await payments.listPayments(c.get("identity").sub, PAYMENT_HISTORY_LIMIT)),
  );

  // ── contact ────────────────────────────────────────────────────────────────
  api.post(API_PATHS.contact, async (c) => {
    await limit(`contact:ip:${rateLimitSubject(clientIp(c, deps.trustedProxies))}`, limits.contactPerIp);
    const message = await readBody(c, contactSchema);
    await limit(`contact:email:${message.email.toLowerCase()}`, limits.contactPerEmail);
    // Stored and queued for mail in one transaction: the outbox retries delivery, nothing is lost.
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO contact_messages (name, email, message, created_at) VALUES ($1, $2, $3, $4)", [
        message.name,
        message.email,
        message.message,
        clock.now(),
      ]);
      if (deps.mail) await deps.mail.enqueue(tx, { to: deps.supportEmail, ...renderSupportMail(message) });
    });
    deps.mail?.kick();
    return c.json({ status: "success" });
  });

  // ── catalogue ──────────────────────────────────────────────────────────────
  const plans = async (c: Context<Env>) => c.json(await payments.listPlans());
  api.get(API_PATHS.plans, plans);
  api.get(API_PATHS.plans.replace(/\/$/, ""), plans);

  api.get(API_PATHS.tokens, async (c) => {
    // Each call asks the provider: keep one client from turning us into its load generator.
    await limit(`tokens:ip:${rateLimitSubject(clientIp(c, deps.trustedProxies))}`, limits.tokensPerIp);
    return c.json(await payments.availableTokens());
  });

  // ── checkout ───────────────────────────────────────────────────────────────
  api.post(API_PATHS.paymentInit, authed, async (c) => {
    const body = await readBody(c, paymentInitRequestSchema);
    const identity = c.get("identity");
    await limit(`checkout:${identity.sub}`, limits.checkoutPerCustomer);
    const customer = await customerOf(identity);
    const { transactionId } = await payments.initPayment(customer.id, body, await receiptLanguage(c, identity));
    return c.json({ transaction_id: transactionId });
  });

  api.post(API_PATHS.invoice, authed, async (c) => {
    const body = await readBody(c, invoiceRequestSchema);
    const identity = c.get("identity");
    await limit(`checkout:${identity.sub}`, limits.checkoutPerCustomer);
    // The provider sends the browser back to redirect_url: only our own origin, or it is an open redirect.
    if (!deps.allowedRedirectOrigins().includes(new URL(body.redirect_url).origin)) {
      return detail(c, 400, "redirect_url must point to this site");
    }
    const { paymentUrl } = await payments.createInvoice(identity.sub, body);
    return c.json({ payment_url: paymentUrl });
  });

  // ── provider callback ──────────────────────────────────────────────────────
  // Unsigned by Exnode: the secret in the path keeps strangers out, and we act only on what the
  // provider's API says about the invoice, never on the callback body.
  api.post("/exnode/callback/:secret", async (c) => {
    if (!sameSecret(c.req.param("secret"), deps.callbackSecret)) return detail(c, 404, "Not Found");
    const contentType = c.req.header("Content-Type") ?? "";
    const raw = contentType.includes("application/x-www-form-urlencoded")
      ? await c.req.parseBody()
      : await c.req.json().catch(() => undefined);
    const parsed = callbackSchema.safeParse(raw);
    if (!parsed.success) return detail(c, 422, "tracker_id is required");
    try {
      const outcome = await payments.settleFromProvider(parsed.data.tracker_id);
      if (outcome.kind === "unchanged" && outcome.reason === "unknown-payment") {
        logger.warn({ trackerId: parsed.data.tracker_id }, "callback for an invoice we do not know");
      }
      return c.json({ status: "ok" });
    } catch (err) {
      if (err instanceof ProviderRejectedError && err.status === 404) {
        logger.warn({ trackerId: parsed.data.tracker_id }, "callback for an invoice the provider does not know");
        return c.json({ status: "ignored" });
      }
      // Provider unreachable: answer non-2xx so it delivers again; the reconciler also retries.
      logger.warn({ trackerId: parsed.data.tracker_id, err: (err as Error).message }, "callback re-check failed");
      return detail(c, 502, "Could not confirm the invoice with the provider");
    }
  });

  // Mounted under the app, a sub-router's notFound is not consulted: catch the rest here so an
  // unknown /api path never falls through to the web app's HTML.
  api.all("*", (c) => detail(c, 404, "Not Found"));
  api.onError((err, c) => {
    if (err instanceof ValidationFailure) return c.json({ detail: err.issues }, 422);
    if (err instanceof HttpError) return detail(c, err.status, err.message, err.headers);
    if (isClientGone(err)) {
      logger.info({ requestId: c.get("requestId") }, "client went away mid-request");
      return detail(c, 400, "Request aborted");
    }
    if (err instanceof HashingBusyError) {
      return detail(c, 429, "Too many requests. Please try again later.", { "Retry-After": String(err.retryAfter) });
    }
    if (err instanceof CheckoutError) return detail(c, checkoutStatus(err), err.message);
    if (err instanceof DbUnavailableError) {
      logger.warn({ requestId: c.get("requestId"), err: err.causeMessage }, "database unavailable");
      return detail(c, 503, "Service temporarily unavailable. Please try again shortly.", { "Retry-After": "5" });
    }
    logger.error({ err, requestId: c.get("requestId") }, "unexpected error in the product API");
    return detail(c, 500, "Internal Server Error");
  });

  return api;
}

/**
 * The product API wired to this process's services: tokens verified by the auth module (plus the
 * local session check unless API_CHECK_LOCAL_SESSION is off), mail through the outbox,
 * redirects allowed to SITE_URL's origin and the server's own.
 */
export function createProductApi(services: {
  config: Config;
  db: Db;
  clock: Clock;
  logger: Logger;
  mail: Mail;
  auth: Auth;
  payments: Payments;
}): Hono {
  const { config, db, clock } = services;
  const router = createApiRouter({
    db,
    clock,
    logger: services.logger.child({ module: "api" }),
    payments: services.payments.service,
    authenticate: createApiAuthenticator({
      verify: (token) => services.auth.verify(token),
      db,
      clock,
      checkLocalSession: config.API_CHECK_LOCAL_SESSION,
      sessionLimits: sessionLimitsOf(config),
    }),
    ...(config.API_CHECK_LOCAL_SESSION
      ? {
          lookupAuthUser: createAuthUserLookup({ db, clock }),
          deleteAccount: createLocalAccountDeleter({ db, clock }),
          exportAuthData: (userId: string) => exportAuthData(db, userId),
        }
      : {}),
    mail: services.mail,
    supportEmail: config.SUPPORT_EMAIL,
    allowedRedirectOrigins: () => {
      const origins = [new URL(config.SITE_URL).origin];
      const own = services.payments.ownUrl();
      if (own) {
        const url = new URL(own);
        origins.push(url.origin);
        // The server announces its loopback address as "localhost" (see server.ts).
        if (url.hostname === "127.0.0.1") origins.push(`${url.protocol}//localhost:${url.port}`);
      }
      return origins;
    },
    callbackSecret: config.EXNODE_CALLBACK_SECRET,
    trustedProxies: parseTrustedProxies(config.TRUSTED_PROXIES),
    rateLimits: {
      byEmailPerIp: { limit: config.RATE_LIMIT_ACCOUNT_LOOKUP_PER_5MIN, windowSeconds: 300 },
    },
  });
  return router as unknown as Hono;
}
