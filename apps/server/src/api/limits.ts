/**
 * The product API's counters in the shared limiter (src/rate-limit; the window rule is
 * docs/architecture.md §5): one bucket, each key naming its rule and its subject
 * (`contact:email:<address>`, `checkout:<user id>`, `tokens:ip:<network>`).
 */
import type { Queryable } from "../db/index.js";
import { type LimitRule, type RateRule, resetLimit } from "../rate-limit/index.js";

const BUCKET = "api";

/** A rule of `DEFAULT_RATE_LIMITS` as the shared limiter counts it. */
export const apiLimit = (rule: RateRule): LimitRule => ({ bucket: BUCKET, ...rule });

/** Forgets the counters of these keys (account deletion, inside its transaction). */
export async function forgetApiLimits(q: Queryable, keys: readonly string[]): Promise<void> {
  for (const key of keys) await resetLimit(q, { bucket: BUCKET }, key);
}
