import type { Queryable } from "../db/index.js";
import { optoutOf } from "./stores/optouts.js";
import { mailedReminders } from "./stores/reminders.js";

/**
 * The reminders' part of a data export (docs/product.md §11.2): whether the customer turned
 * renewal reminders off (and when), and the reminders mailed to them. Looked up by the caller's
 * own customer id only. The unsubscribe link itself is a key, not data: it stays out.
 */
export async function exportReminders(db: Queryable, customerId: string) {
  const off = await optoutOf(db, customerId);
  const mailed = await mailedReminders(db, customerId);
  return {
    unsubscribed: off !== undefined,
    unsubscribed_at: off ? new Date(off.created_at).toISOString() : null,
    mailed: mailed.map((r) => ({
      kind: r.kind,
      period_ends_at: new Date(r.period_ends_at).toISOString(),
      sent_at: new Date(r.sent_at).toISOString(),
    })),
  };
}
