/**
 * The product API's request plumbing: request id and log line, the body bound, per-route rate
 * limits, the bearer check, and the mapping of thrown errors to FastAPI-style answers.
 */
import type { ApiErrorCode } from "@veil/contracts";
import type { Context, ErrorHandler, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import type { Logger } from "pino";
import { HashingBusyError } from "../auth/index.js";
import type { Clock } from "../clock.js";
import { type Db, DbUnavailableError } from "../db/index.js";
import { DeviceError } from "../devices/index.js";
import { ensureRequestId, isClientGone, limitBodySize } from "../http/index.js";
import { CheckoutError } from "../payments/index.js";
import { RateLimiter, type RateRule } from "../rate-limit/index.js";
import { detail, HttpError, ValidationFailure } from "./errors.js";
import type { ApiEnv, ApiIdentity } from "./identity.js";
import { apiLimit } from "./limits.js";
import { findCustomerById } from "./stores/customers.js";

/** Request bodies of the product API are small JSON. */
export const API_BODY_LIMIT_BYTES = 64 * 1024;

export const BLOCKED = "Your account has been blocked";

/**
 * The request id (the HTTP app's access log gave it one; a router run on its own makes its own) and
 * no caching unless a handler chose otherwise. The access line itself is the HTTP app's
 * (src/http/access-log.ts), written once for every mount.
 */
export const apiRequestPlumbing: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const requestId = ensureRequestId(c);
  await next();
  c.header("X-Request-Id", requestId);
  if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
};

export const apiBodyLimit = limitBodySize(API_BODY_LIMIT_BYTES, (c) =>
  detail(c, 413, "body_too_large", "Request body too large"),
);

/** Counts one hit of `key` under `rule`; a refusal is a 429 with Retry-After. */
export type Limit = (key: string, rule: RateRule) => Promise<void>;

export function createLimit(db: Db, clock: Clock): Limit {
  const limiter = new RateLimiter(db, clock);
  return async (key, rule) => {
    const state = await limiter.hit(apiLimit(rule), key);
    if (!state.allowed) {
      throw new HttpError(429, "rate_limited", "Too many requests. Please try again later.", {
        "Retry-After": String(state.retryAfter),
      });
    }
  };
}

/**
 * Bearer token → identity; a blocked customer is refused with 403. Every bearer route here is an
 * account route: a user with a verified second factor must have verified it in this session
 * (aal2), else 403 `{detail, code: "insufficient_aal"}` (README, "Product API").
 */
export function createAuthed(
  db: Db,
  authenticate: (token: string) => Promise<ApiIdentity | "blocked" | null>,
): MiddlewareHandler<ApiEnv> {
  return createMiddleware<ApiEnv>(async (c, next) => {
    const header = c.req.header("Authorization") ?? "";
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const identity = match?.[1] ? await authenticate(match[1]) : null;
    if (identity === "blocked") throw new HttpError(403, "account_blocked", BLOCKED);
    if (!identity) throw new HttpError(401, "not_authenticated", "Not authenticated", { "WWW-Authenticate": "Bearer" });
    if (identity.needsSecondFactor) {
      return detail(c, 403, "insufficient_aal", "Two-factor verification required");
    }
    const customer = await findCustomerById(db, identity.sub);
    if (customer?.blocked) throw new HttpError(403, "account_blocked", BLOCKED);
    c.set("identity", identity);
    c.set("customer", customer);
    await next();
  });
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

type SnakeCase<S extends string> = S extends `${infer A}-${infer B}` ? `${A}_${SnakeCase<B>}` : S;

/**
 * A checkout refusal's code in the contract: the payments module's own, in snake case (a code the
 * contract lacks fails to compile here).
 */
function checkoutCode(err: CheckoutError): ApiErrorCode {
  return err.code.replaceAll("-", "_") as SnakeCase<CheckoutError["code"]>;
}

/** Thrown errors → FastAPI-style answers; anything unexpected is logged and a 500. */
export function apiErrorHandler(logger: Logger): ErrorHandler<ApiEnv> {
  return (err, c: Context<ApiEnv>) => {
    if (err instanceof ValidationFailure) return detail(c, 422, "validation_failed", err.issues);
    if (err instanceof HttpError) return detail(c, err.status, err.code, err.message, err.headers);
    if (isClientGone(err)) {
      logger.info({ requestId: c.get("requestId") }, "client went away mid-request");
      return detail(c, 400, "request_aborted", "Request aborted");
    }
    if (err instanceof HashingBusyError) {
      return detail(c, 429, "rate_limited", "Too many requests. Please try again later.", {
        "Retry-After": String(err.retryAfter),
      });
    }
    if (err instanceof CheckoutError) return detail(c, checkoutStatus(err), checkoutCode(err), err.message);
    if (err instanceof DeviceError) return detail(c, err.status, err.code, err.message);
    if (err instanceof DbUnavailableError) {
      logger.warn({ requestId: c.get("requestId"), err: err.causeMessage }, "database unavailable");
      return detail(c, 503, "service_unavailable", "Service temporarily unavailable. Please try again shortly.", {
        "Retry-After": "5",
      });
    }
    logger.error({ err, requestId: c.get("requestId") }, "unexpected error in the product API");
    return detail(c, 500, "internal_error", "Internal Server Error");
  };
}
