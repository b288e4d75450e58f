/**
 * Renewal reminders (docs/product.md §11.3): crypto cannot be pulled from a wallet, so before a
 * subscription ends (3 days before, and on the day it ends) its owner gets a mail with a link to
 * pay again for the same plan, and a signed one-click unsubscribe link. Owns the tables
 * `renewal_reminders` and `renewal_reminder_optouts` (migration 0400); both go with the account
 * (`forgetCustomerReminders`, docs/architecture.md §2.1).
 */
import type { Clock } from "../clock.js";
import type { Config } from "../config/index.js";
import type { Db } from "../db/index.js";
import { every, type PeriodicJob } from "../jobs/index.js";
import type { Logger } from "../logger.js";
import type { Mail } from "../mail/index.js";
import { type ReminderReport, runReminderPass } from "./scheduler.js";
import { type CustomerAccounts, createReminderUnsubscribe, type ReminderUnsubscribe } from "./unsubscribe.js";
import { unsubscribeKey } from "./unsubscribe-token.js";

export { exportReminders } from "./data-export.js";
export { forgetCustomerReminders } from "./forget.js";
export { ENDED_GRACE_MS, type ReminderReport, reminderLinks, SOON_MS } from "./scheduler.js";
export { INVALID_LINK_DETAIL, type ReminderUnsubscribe } from "./unsubscribe.js";
export { readUnsubscribeToken, signUnsubscribeToken, unsubscribeKey } from "./unsubscribe-token.js";

export interface Reminders {
  /** What the product API's unsubscribe routes (api/routes/reminders.ts) ask of this module. */
  unsubscribe: ReminderUnsubscribe;
  /** One pass now; waits for a running pass instead of overlapping it (tests, the test clock). */
  runPass(): Promise<ReminderReport>;
  /** Starts the periodic pass (REMINDER_INTERVAL_SECONDS, and once at start-up). */
  start(): PeriodicJob<ReminderReport>;
}

export function createReminders(deps: {
  config: Pick<Config, "SITE_URL" | "MFA_ENCRYPTION_KEY" | "REMINDER_UNSUBSCRIBE_SECRET" | "REMINDER_INTERVAL_SECONDS">;
  db: Db;
  clock: Clock;
  logger: Logger;
  mail: Pick<Mail, "enqueue" | "kick">;
  customers: CustomerAccounts;
}): Reminders {
  const key = unsubscribeKey(deps.config);
  const pass = () =>
    runReminderPass({
      db: deps.db,
      clock: deps.clock,
      mail: deps.mail,
      siteUrl: deps.config.SITE_URL,
      unsubscribeKey: key,
    });
  let job: PeriodicJob<ReminderReport> | undefined;
  return {
    unsubscribe: createReminderUnsubscribe({
      db: deps.db,
      customers: deps.customers,
      clock: deps.clock,
      logger: deps.logger,
      unsubscribeKey: key,
    }),
    runPass: () => (job ? job.runNow() : pass()),
    start() {
      job = every({
        messages: { done: "renewal reminders pass done", failed: "renewal reminders pass failed" },
        intervalMs: deps.config.REMINDER_INTERVAL_SECONDS * 1000,
        runAtStart: true,
        pass,
        noteworthy: (report) => report.sent > 0,
        logger: deps.logger,
      });
      return job;
    },
  };
}
