import type { MessageKey } from "../i18n/catalogues.js";
import type { IdentityError } from "./identity-errors.js";

/**
 * docs/product.md §8.3, code screens: a rejected code (or no session back) is 'Invalid code or email';
 * a failure that is not about the code (rate limit, server trouble) is 'Verification failed.
 * Please try again.'; anything that is not an HTTP answer at all is 'Unexpected error'.
 */
export function verifyErrorKey(error: IdentityError | null | undefined): MessageKey {
  if (!error) return "emailConfirmation.invalidCode";
  const status = error.status ?? 0;
  if (status === 0) return "emailConfirmation.unexpectedError";
  if (status >= 400 && status < 429) return "emailConfirmation.invalidCode";
  return "emailConfirmation.verificationFailed";
}
