/**
 * The machine codes of `/api` errors (docs/architecture.md §6). Every error body is
 * `{detail, code}`: `detail` is the product's wording (English, for logs and API clients), `code`
 * is what the web app maps to a message in the reader's language. A code, once sent, never changes
 * its meaning. Zod-free: the landing page may import it.
 */
export const API_ERROR_CODES = [
  // Any route
  "not_found",
  "validation_failed",
  "body_too_large",
  "rate_limited",
  "request_aborted",
  "service_unavailable",
  "internal_error",
  // The bearer check of account routes
  "not_authenticated",
  "account_blocked",
  "insufficient_aal",
  // Accounts
  "user_not_found",
  "email_mismatch",
  "email_taken",
  "wrong_password",
  "managed_by_identity_provider",
  // Sessions
  "current_session",
  "session_not_found",
  // Checkout (the payments module's refusals)
  "plan_not_found",
  "amount_mismatch",
  "token_unavailable",
  "transaction_not_found",
  "transaction_not_pending",
  "invoice_mismatch",
  "provider_refused",
  "provider_unavailable",
  "redirect_not_allowed",
  // The provider's callback
  "tracker_id_required",
  // Renewal reminders' unsubscribe links
  "invalid_link",
  // Devices and servers (access)
  "device_limit",
  "invalid_public_key",
  "duplicate_public_key",
  "subscription_inactive",
  "device_not_found",
  "server_not_found",
  // The node API's token check
  "node_unauthorized",
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** What every route can answer whatever it does (limits, outages, a client going away). */
export const COMMON_ERROR_CODES = [
  "not_found",
  "body_too_large",
  "request_aborted",
  "service_unavailable",
  "internal_error",
] as const satisfies readonly ApiErrorCode[];

/** What the bearer check of every account route can answer. */
export const AUTHED_ERROR_CODES = [
  "not_authenticated",
  "account_blocked",
  "insufficient_aal",
] as const satisfies readonly ApiErrorCode[];

/**
 * The HTTP status each code is answered with (one per code, so a client may rely on either). The
 * OpenAPI document (openapi.ts) groups a route's codes by it.
 */
export const API_ERROR_STATUS = {
  not_found: 404,
  validation_failed: 422,
  body_too_large: 413,
  rate_limited: 429,
  request_aborted: 400,
  service_unavailable: 503,
  internal_error: 500,
  not_authenticated: 401,
  account_blocked: 403,
  insufficient_aal: 403,
  user_not_found: 404,
  email_mismatch: 400,
  email_taken: 409,
  wrong_password: 400,
  managed_by_identity_provider: 501,
  current_session: 400,
  session_not_found: 404,
  plan_not_found: 404,
  amount_mismatch: 400,
  token_unavailable: 402,
  transaction_not_found: 404,
  transaction_not_pending: 409,
  invoice_mismatch: 400,
  provider_refused: 402,
  provider_unavailable: 502,
  redirect_not_allowed: 400,
  tracker_id_required: 422,
  invalid_link: 400,
  device_limit: 409,
  invalid_public_key: 422,
  duplicate_public_key: 409,
  subscription_inactive: 403,
  device_not_found: 404,
  server_not_found: 404,
  node_unauthorized: 401,
} as const satisfies Record<ApiErrorCode, number>;

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === "string" && (API_ERROR_CODES as readonly string[]).includes(value);
}
