/**
 * The `contact_messages` table (docs/architecture.md §2): messages of the contact form, which
 * needs no sign-in, so the address is their only link to an account.
 */
import type { Queryable } from "../../db/index.js";

export interface ContactMessage {
  id: number;
  created_at: Date;
  name: string;
  email: string;
  message: string;
}

export async function insertContactMessage(
  tx: Queryable,
  message: { name: string; email: string; message: string },
  now: Date,
): Promise<void> {
  await tx.query("INSERT INTO contact_messages (name, email, message, created_at) VALUES ($1, $2, $3, $4)", [
    message.name,
    message.email,
    message.message,
    now,
  ]);
}

/** The newest contact-form messages first. */
export async function listContactMessages(q: Queryable, limit: number): Promise<ContactMessage[]> {
  const { rows } = await q.query<ContactMessage>(
    "SELECT id, created_at, name, email, message FROM contact_messages ORDER BY created_at DESC, id DESC LIMIT $1",
    [limit],
  );
  return rows;
}

/** Messages sent from these (lower-cased) addresses, newest first (the data export). */
export async function contactMessagesFrom(
  q: Queryable,
  lowerAddresses: string[],
): Promise<{ name: string; email: string; message: string; created_at: Date }[]> {
  const { rows } = await q.query<{ name: string; email: string; message: string; created_at: Date }>(
    `SELECT name, email, message, created_at FROM contact_messages
      WHERE lower(email) = ANY($1::text[]) ORDER BY created_at DESC, id DESC`,
    [lowerAddresses],
  );
  return rows;
}

/** Deletes the messages sent from these (lower-cased) addresses. */
export async function deleteContactMessagesFrom(tx: Queryable, lowerAddresses: string[]): Promise<void> {
  await tx.query("DELETE FROM contact_messages WHERE lower(email) = ANY($1::text[])", [lowerAddresses]);
}
