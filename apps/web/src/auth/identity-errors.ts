import type { UserMessage } from "../api/errors.js";

/** What supabase-js puts on an error (AuthApiError and friends). */
export interface IdentityError {
  status?: number;
  code?: string;
  message?: string;
}

/** docs/product.md §8.2: identity errors at login. */
export function loginErrorMessage(error: IdentityError): UserMessage {
  if (error.status === 400 && error.message === "Invalid login credentials")
    return { key: "loginScreen.invalidPassword" };
  if (error.status === 400 && error.message === "Email not confirmed") return { key: "loginScreen.emailNotConfirmed" };
  // GoTrue answers a banned user's password grant with 400 user_banned and other calls with 403.
  if (error.status === 403 || error.code === "user_banned") return { key: "loginScreen.userBlocked" };
  return identityErrorMessage(error);
}

/** Anything else from the identity service: its message, else 'An unexpected error occurred'. */
export function identityErrorMessage(error: IdentityError | null | undefined): UserMessage {
  return error?.message ? { text: error.message } : { key: "common.unknownError" };
}
