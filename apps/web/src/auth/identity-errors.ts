import { AUTH_ERROR_CODES, type AuthErrorCode } from "@veil/contracts/constants";
import type { UserMessage } from "../api/errors.js";
import type { MessageKey } from "../i18n/catalogues.js";
import type { IdentityError } from "./identity-error.js";
import { rateLimitMessage } from "./rate-limit-wait.js";

// Declared in a file of its own so rate-limit-wait.ts can take it without importing this one back.
export type { IdentityError };

function isAuthErrorCode(code: unknown): code is AuthErrorCode {
  return typeof code === "string" && (AUTH_ERROR_CODES as readonly string[]).includes(code);
}

/** The catalogue key of an auth server `error_code` (every code has one in en and ru: a test checks). */
export const authErrorKey = (code: AuthErrorCode): MessageKey => `authError.${code}` as MessageKey;

/** docs/product.md §8.2: identity errors at login, told apart by their code, never their text. */
export function loginErrorMessage(error: IdentityError): UserMessage {
  if (error.status === 400 && error.code === "invalid_credentials") return { key: "loginScreen.invalidPassword" };
  if (error.status === 400 && error.code === "email_not_confirmed") return { key: "loginScreen.emailNotConfirmed" };
  // GoTrue answers a banned user's password grant with 400 user_banned and other calls with 403.
  if (error.status === 403 || error.code === "user_banned") return { key: "loginScreen.userBlocked" };
  return identityErrorMessage(error);
}

/**
 * Anything else from the identity service, told the same way on every screen (docs/product.md §8.2):
 * a 429 that says how long to wait gives the wait in words, one that does not a plain "too many
 * requests"; a 5xx `common.serverError`; a weak password why (`weak_password.reasons`); otherwise
 * the message of its `error_code` in the reader's language, else 'An unexpected error occurred'.
 * The service's English text is never shown.
 */
export function identityErrorMessage(error: IdentityError | null | undefined): UserMessage {
  const wait = rateLimitMessage(error);
  if (wait) return wait;
  if (error?.code === "weak_password") return weakPasswordMessage(error.reasons ?? []);
  if (error?.status === 429 && !isAuthErrorCode(error.code)) return { key: "authError.over_request_rate_limit" };
  // supabase-js's AuthRetryableFetchError for a request that got no answer has status 0.
  if (error?.status === 0) return { key: "common.networkError" };
  if (error?.status !== undefined && error.status >= 500) return { key: "common.serverError" };
  return isAuthErrorCode(error?.code) ? { key: authErrorKey(error.code) } : { key: "common.unknownError" };
}

/** "Too short", "too common", or both: the reasons the server gave, never a rule it did not apply. */
function weakPasswordMessage(reasons: string[]): UserMessage {
  const short = reasons.includes("length");
  const common = reasons.includes("pwned");
  if (short && common) return { key: "weakPassword.shortAndCommon" };
  if (short) return { key: "weakPassword.short" };
  if (common) return { key: "weakPassword.common" };
  if (reasons.includes("characters")) return { key: "weakPassword.characters" };
  return { key: "authError.weak_password" };
}
