import { type ApiErrorCode, isApiErrorCode } from "@veil/contracts/constants";
import type { MessageKey } from "../i18n/catalogues.js";
import type { UserMessage } from "../i18n/user-message.js";

// Declared by i18n, which turns it into text; re-exported here for the callers that map errors to it.
export type { UserMessage };

/** An `/api` call that did not succeed. `status` is 0 when no HTTP answer arrived. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's `detail` when it is a plain string (FastAPI style): for logs, never shown. */
  readonly detail: string | undefined;
  /** The server's machine code (`code`), when it is one of the contract's. */
  readonly code: ApiErrorCode | undefined;
  /** Seconds the server asked us to wait (a 429's `Retry-After`), when it said. */
  readonly retryAfter: number | undefined;

  constructor(
    status: number,
    detail?: string,
    options?: { cause?: unknown; code?: string | undefined; retryAfter?: number | undefined },
  ) {
    super(detail ?? `API request failed with status ${status}`, options);
    this.name = "ApiError";
    this.status = status;
    this.detail = detail;
    this.code = isApiErrorCode(options?.code) ? options.code : undefined;
    this.retryAfter = options?.retryAfter;
  }
}

/** "Too many requests. Please try again in 29 seconds / 55 minutes.": a wait told in words. */
export function waitMessage(seconds: number): UserMessage {
  const whole = Math.max(1, Math.ceil(seconds));
  return whole < 60
    ? { key: "common.rateLimitWait", values: { seconds: whole } }
    : { key: "common.rateLimitWaitMinutes", values: { minutes: Math.ceil(whole / 60) } };
}

/** The catalogue key of an `/api` error code (every code has one in en and ru: a test checks). */
export const apiErrorKey = (code: ApiErrorCode): MessageKey => `apiError.${code}` as MessageKey;

/**
 * docs/product.md §8.1: the generic mapping of API statuses. Where the server's own words used to be
 * shown (400, and statuses without a generic message), its code's message is shown instead, in the
 * reader's language; without a known code, the generic message.
 */
export function apiErrorMessage(status: number, code?: ApiErrorCode): UserMessage {
  if (status === 404) return { key: "common.notFound" };
  if (status === 422) return { key: "common.invalidData" };
  if (status >= 500) return { key: "common.serverError" };
  // No answer at all (offline, connection dropped): say so, not "an unexpected error" (#26 audit).
  if (status === 0) return { key: "common.networkError" };
  if (code) return { key: apiErrorKey(code) };
  // A 429 without a known code is still "too many requests" (the wait, when told, is added above).
  if (status === 429) return { key: "apiError.rate_limited" };
  return status === 400 ? { key: "common.badRequest" } : { key: "common.unknownError" };
}

/** The message for anything an API call threw. */
export function messageForError(error: unknown): UserMessage {
  if (error instanceof ApiError) {
    // A 429 that says how long to wait says it in words (docs/product.md §8.1).
    if (error.status === 429 && error.retryAfter !== undefined) return waitMessage(error.retryAfter);
    return apiErrorMessage(error.status, error.code);
  }
  return { key: "common.unknownError" };
}

/**
 * The message for a failed read of a data screen (docs/product.md §8.4): like `messageForError`,
 * but a request that got no answer at all (offline, connection dropped) says so instead of the
 * vague "unexpected error".
 */
export function messageForReadError(error: unknown): UserMessage {
  if (error instanceof ApiError && error.status === 0) return { key: "common.networkError" };
  return messageForError(error);
}
