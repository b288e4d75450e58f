/**
 * GoTrue's error wire format (docs/architecture.md §7). Every 4xx is JSON (auth-js turns a non-JSON 4xx into
 * AuthUnknownError), with the code both as `code` and `error_code` and the text both as `message`
 * and `msg`, so old and new auth-js versions read the same thing.
 */
import type { AuthErrorCode } from "@veil/contracts";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { requestIdOf } from "../http/index.js";

export const API_VERSION = "2024-01-01";
export const API_VERSION_HEADER = "X-Supabase-Api-Version";

export class AuthError extends Error {
  override name = "AuthError";
  constructor(
    readonly status: ContentfulStatusCode,
    /** One of @veil/contracts' AUTH_ERROR_CODES: the web app has a message for each. */
    readonly code: AuthErrorCode,
    message: string,
    /** Extra body fields: `weak_password`, `retry_after`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: AuthErrorCode, message: string) => new AuthError(400, code, message);
export const validationFailed = (message: string) => new AuthError(400, "validation_failed", message);

/**
 * Too many requests. `retryAfter` (seconds) goes into the body (`retry_after`) and the Retry-After
 * header, so the client can count down.
 */
export function tooManyRequests(code: AuthErrorCode, message: string, retryAfter: number): AuthError {
  return new AuthError(429, code, message, { retry_after: Math.max(1, Math.ceil(retryAfter)) });
}

/** The API version the request asked for, when it is a date ≥ 2024-01-01; null for legacy clients. */
export function requestedApiVersion(header: string | undefined): string | null {
  if (!header || !/^\d{4}-\d{2}-\d{2}$/.test(header.trim())) return null;
  return header.trim() >= API_VERSION ? API_VERSION : null;
}

export function errorResponse(c: Context, err: AuthError): Response {
  const versioned = requestedApiVersion(c.req.header(API_VERSION_HEADER)) !== null;
  c.header("x-sb-error-code", err.code);
  if (versioned) c.header(API_VERSION_HEADER, API_VERSION);
  const retryAfter = err.extra.retry_after;
  if (typeof retryAfter === "number") c.header("Retry-After", String(retryAfter));
  // GoTrue's own field for the request's id (it sends it on 5xx; here on every error), the same as
  // the X-Request-Id header and the access line's `requestId`. auth-js ignores fields it does not know.
  const errorId = requestIdOf(c);
  const id = errorId ? { error_id: errorId } : {};
  const body = versioned
    ? { code: err.code, error_code: err.code, message: err.message, msg: err.message, ...err.extra, ...id }
    : { code: err.status, error_code: err.code, msg: err.message, message: err.message, ...err.extra, ...id };
  return c.json(body, err.status);
}
