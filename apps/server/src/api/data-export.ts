import type { Queryable } from "../db/index.js";
import { contactMessagesFrom } from "./stores/contact-messages.js";

export { exportDevices } from "../devices/index.js";
export { exportReminders } from "../reminders/index.js";

/**
 * The contact form's part of a data export (docs/product.md §11, "Data export"): messages sent
 * from the account's own addresses. The form needs no sign-in, so the address is the only link;
 * another person's messages never match it.
 */
export async function exportContactMessages(db: Queryable, addresses: string[]) {
  const lower = [...new Set(addresses.map((a) => a.trim().toLowerCase()))];
  const rows = await contactMessagesFrom(db, lower);
  return rows.map((r) => ({
    created_at: new Date(r.created_at).toISOString(),
    name: r.name,
    email: r.email,
    message: r.message,
  }));
}

/** `veil-data-2026-11-23.json`: the download's file name, dated by the server's clock (UTC). */
export function exportFileName(now: Date): string {
  return `veil-data-${now.toISOString().slice(0, 10)}.json`;
}
