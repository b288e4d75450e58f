import { ApiError, apiErrorKey, messageForError, type UserMessage, waitMessage } from "../../../api/errors.js";
import { UnsafeConfigError } from "../../../devices/wireguard-config.js";

/**
 * Codes whose own message says more than the generic one for their status (a 404 or a 422 would
 * otherwise read "not found" or "invalid data"): each is a catalogue key in en and ru.
 */
const DEVICE_CODES = new Set([
  "device_limit",
  "invalid_public_key",
  "duplicate_public_key",
  "subscription_inactive",
  "device_not_found",
  "server_not_found",
  "rate_limited",
]);

/** The message for a failed device action. */
export function deviceErrorMessage(error: unknown): UserMessage {
  if (error instanceof UnsafeConfigError) return { key: "devices.config.unsafe" };
  // The per-account limit on adding and re-keying tells its wait: say it in words (§8.1), not "later".
  if (error instanceof ApiError && error.status === 429 && error.retryAfter !== undefined)
    return waitMessage(error.retryAfter);
  if (error instanceof ApiError && error.code && DEVICE_CODES.has(error.code)) return { key: apiErrorKey(error.code) };
  return messageForError(error);
}
