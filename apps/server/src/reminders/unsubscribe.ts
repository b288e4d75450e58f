/**
 * What the unsubscribe link of renewal reminders does (docs/product.md §11.3). The routes are the
 * product API's (`reminderStatus`, `reminderUnsubscribe`, `reminderUnsubscribeLink` of the
 * contract's route table, mounted by apps/server/src/api/routes/reminders.ts); this module owns the
 * opt-out table they read and write. Every one takes the signed token as `?token=`; a forged,
 * edited or cut token is a 400 with a plain message, never a 500, and changes nothing.
 *
 * - `GET /status`: `{unsubscribed}` for the web page (/unsubscribe), which asks before acting.
 * - `POST /unsubscribe`: turns reminders off. The page's button and RFC 8058 one-click (mail
 *   clients post `List-Unsubscribe=One-Click`; the body is never read). Idempotent: a replayed
 *   link only says again that reminders are off.
 * - `GET /unsubscribe`: the List-Unsubscribe address opened in a browser (clients without
 *   one-click): sent on to the page, because a GET must never unsubscribe (link scanners fetch them).
 */
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import type { Logger } from "../logger.js";
import { readUnsubscribeToken } from "./unsubscribe-token.js";

export const INVALID_LINK_DETAIL =
  "This unsubscribe link is not valid: it was changed or cut. Use the link in your newest reminder mail.";

/** What the unsubscribe routes ask of the reminders module. */
export interface ReminderUnsubscribe {
  /** The customer a link's token names, or null when it is not a valid token. */
  customerOf(token: string | undefined): string | null;
  /** Whether the customer gets no reminders (opted out, or the account is gone). */
  isUnsubscribed(customerId: string): Promise<boolean>;
  /** Turns the customer's reminders off for good; a repeat changes nothing. */
  unsubscribe(customerId: string): Promise<void>;
  /** Notes a refused unsubscribe (a link that is not valid). */
  refused(): void;
}

export function createReminderUnsubscribe(deps: {
  db: Db;
  clock: Clock;
  logger: Logger;
  unsubscribeKey: string;
}): ReminderUnsubscribe {
  return {
    customerOf: (token) => readUnsubscribeToken(deps.unsubscribeKey, token),
    async isUnsubscribed(customerId) {
      const { rows } = await deps.db.query<{ subscribed: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM customers WHERE id = $1)
            AND NOT EXISTS (SELECT 1 FROM renewal_reminder_optouts WHERE customer_id = $1) AS subscribed`,
        [customerId],
      );
      // A deleted account gets no reminders either.
      return !rows[0]?.subscribed;
    },
    async unsubscribe(customerId) {
      const { rows } = await deps.db.query(
        `INSERT INTO renewal_reminder_optouts (customer_id, created_at)
         SELECT id, $2 FROM customers WHERE id = $1
         ON CONFLICT DO NOTHING RETURNING customer_id`,
        [customerId, deps.clock.now()],
      );
      if (rows.length > 0) deps.logger.info({ customerId }, "reminders: customer unsubscribed");
    },
    refused() {
      deps.logger.info("reminders: unsubscribe refused (invalid token)");
    },
  };
}
