import { API_ROUTES, userReplySchema } from "@veil/contracts";
import { anyReply, api } from "../api/client.js";
import { ApiError, messageForError, type UserMessage } from "../api/errors.js";

/**
 * Whether the product backend knows this e-mail (POST /user/web/by-email: 200 yes, 404 no).
 * Other failures are thrown as ApiError for the caller to map (docs/product.md §8).
 */
export async function accountExists(email: string): Promise<boolean> {
  try {
    await api(API_ROUTES.userByEmail, { email }, { schema: userReplySchema });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    throw error;
  }
}

/**
 * The message for a failed e-mail lookup. A blocked account answers 403 with an English `detail`;
 * like a 403 from the identity service (docs/product.md §8.2) it shows loginScreen.userBlocked, in the page's
 * language. Anything else follows the generic status mapping.
 */
export function accountLookupErrorMessage(error: unknown): UserMessage {
  if (error instanceof ApiError && error.status === 403) return { key: "loginScreen.userBlocked" };
  return messageForError(error);
}

/** Registers the confirmed user on the product backend (docs/product.md §4.3, after a valid code). */
export async function registerProductUser(email: string): Promise<void> {
  await api(API_ROUTES.registerUser, { email }, { schema: anyReply });
}
