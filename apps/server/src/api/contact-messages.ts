/**
 * The contact form's stored messages (docs/product.md §2.11) beyond storing them: what the admin
 * command line lists, and forgetting an address's messages. The table is this module's
 * (docs/architecture.md §2).
 */
import type { Queryable } from "../db/index.js";
import { forgetApiLimits } from "./limits.js";

export interface ContactMessage {
  id: number;
  created_at: Date;
  name: string;
  email: string;
  message: string;
}

/** The newest contact-form messages first. */
export async function listContactMessages(q: Queryable, limit: number): Promise<ContactMessage[]> {
  const { rows } = await q.query<ContactMessage>(
    "SELECT id, created_at, name, email, message FROM contact_messages ORDER BY created_at DESC, id DESC LIMIT $1",
    [limit],
  );
  return rows;
}

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
  await tx.query("DELETE FROM contact_messages WHERE lower(email) = ANY($1::text[])", [lower]);
  await forgetApiLimits(tx, lower.map(contactEmailBucket));
}
