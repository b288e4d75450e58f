/**
 * The contact form's stored messages (docs/product.md §2.11) beyond storing them: their per-address
 * rate-limit key, and forgetting an address's messages. The table is this module's
 * (docs/architecture.md §2; its statements are in stores/contact-messages.ts).
 */
import type { Queryable } from "../db/index.js";
import { forgetApiLimits } from "./limits.js";
import { deleteContactMessagesFrom } from "./stores/contact-messages.js";

/** The rate-limit key counting contact messages from one address (api/limits.ts). */
export function contactEmailBucket(email: string): string {
  return `contact:email:${email.toLowerCase()}`;
}

/**
 * Account deletion, the contact form's part (docs/architecture.md §2.1): messages sent from these
 * addresses, and their per-address counters, inside the caller's transaction. The form needs no
 * sign-in, so the address is the only link to the account.
 */
export async function forgetContactMessages(tx: Queryable, addresses: string[]): Promise<void> {
  const lower = [...new Set(addresses.map((a) => a.toLowerCase()))];
  await deleteContactMessagesFrom(tx, lower);
  await forgetApiLimits(tx, lower.map(contactEmailBucket));
}
