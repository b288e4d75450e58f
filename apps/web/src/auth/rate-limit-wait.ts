import type { UserMessage } from "../api/errors.js";
import type { IdentityError } from "./identity-error.js";

/**
 * How long the auth server asked us to wait after a 429. supabase-js keeps only the status, code
 * and message of an error, so the wait comes from the Retry-After header of that reply, noted on
 * the way in by `noteRetryAfter`. Our auth server sends it with every 429. The English message is
 * never parsed (nothing in the app reads an error's text): a server that gives no header gets the
 * plain "too many requests" message, without a number.
 */
let lastRetryAfter: { seconds: number; at: number } | null = null;

/** A fetch that remembers the Retry-After of the last 429 it saw (for `rateLimitWait`). */
export function noteRetryAfter(fetchImpl: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    if (response.status === 429) {
      const seconds = Number(response.headers.get("Retry-After"));
      lastRetryAfter = Number.isFinite(seconds) && seconds > 0 ? { seconds, at: Date.now() } : null;
    }
    return response;
  };
}

/** Seconds to wait before asking again, when `error` is a 429 that says; otherwise null. */
export function rateLimitWait(error: IdentityError | null | undefined, now = Date.now()): number | null {
  if (error?.status !== 429) return null;
  // The header of the reply this error came from: noted moments ago, before supabase-js threw.
  if (lastRetryAfter && now - lastRetryAfter.at < 5_000) {
    return Math.max(1, Math.ceil(lastRetryAfter.seconds - (now - lastRetryAfter.at) / 1000));
  }
  return null;
}

/** "Too many requests. Please try again in 29 seconds / 55 minutes." for a 429 that gives a wait. */
export function rateLimitMessage(error: IdentityError | null | undefined): UserMessage | null {
  const seconds = rateLimitWait(error);
  if (seconds === null) return null;
  return seconds < 60
    ? { key: "common.rateLimitWait", values: { seconds } }
    : { key: "common.rateLimitWaitMinutes", values: { minutes: Math.ceil(seconds / 60) } };
}
