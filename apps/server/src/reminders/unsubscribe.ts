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
import type { Db, Queryable } from "../db/index.js";
import type { Logger } from "../logger.js";
import { hasOptedOut, insertOptout } from "./stores/optouts.js";
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

/**
 * What reminders ask of the product accounts (the `customers` table is the product API's,
 * docs/architecture.md §2); server.ts hands over the product API's `findCustomerById` and
 * `holdCustomer`, which the reminders module cannot import from its floor.
 */
export interface CustomerAccounts {
  /** Whether the account exists. */
  exists(q: Queryable, customerId: string): Promise<boolean>;
  /** Whether the account exists, and keeps it from being deleted until `tx` ends. */
  hold(tx: Queryable, customerId: string): Promise<boolean>;
}

export function createReminderUnsubscribe(deps: {
  db: Db;
  customers: CustomerAccounts;
  clock: Clock;
  logger: Logger;
  unsubscribeKey: string;
}): ReminderUnsubscribe {
  return {
    customerOf: (token) => readUnsubscribeToken(deps.unsubscribeKey, token),
    async isUnsubscribed(customerId) {
      // A deleted account gets no reminders either.
      if (!(await deps.customers.exists(deps.db, customerId))) return true;
      return hasOptedOut(deps.db, customerId);
    },
    async unsubscribe(customerId) {
      // A link of a deleted account changes nothing (the opt-out row needs its account).
      const added = await deps.db.transaction(
        async (tx) => (await deps.customers.hold(tx, customerId)) && insertOptout(tx, customerId, deps.clock.now()),
      );
      if (added) deps.logger.info({ customerId }, "reminders: customer unsubscribed");
    },
    refused() {
      deps.logger.info("reminders: unsubscribe refused (invalid token)");
    },
  };
}
