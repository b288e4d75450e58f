import { AUTH_ERROR_CODES, type AuthErrorCode } from "@veil/contracts/constants";
import type { UserMessage } from "../api/errors.js";
import type { MessageKey } from "../i18n/catalogues.js";

/** What supabase-js puts on an error (AuthApiError and friends). */
export interface IdentityError {
  status?: number;
  code?: string;
  message?: string;
}

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
 * Anything else from the identity service: the message of its `error_code` in the reader's
 * language, else 'An unexpected error occurred'. The service's English text is never shown.
 */
export function identityErrorMessage(error: IdentityError | null | undefined): UserMessage {
  return isAuthErrorCode(error?.code) ? { key: authErrorKey(error.code) } : { key: "common.unknownError" };
}
