/**
 * One pass of the renewal-reminder scheduler (docs/product.md §11.3). Finds subscriptions that end
 * within 3 days ('soon') or ended within the last day ('ended'), and for each one not yet reminded
 * of that end, records the reminder and puts its mail in the outbox in the same transaction.
 *
 * Exactly once, with any number of processes, restarts and clock moves: due subscriptions are
 * claimed with `FOR UPDATE SKIP LOCKED` (two processes take different rows instead of waiting on
 * each other), and the primary key of `renewal_reminders` (customer, kind, period end) lets only
 * one insert win whatever interleaving happens; the mail goes out only with the winning row.
 */
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { type Mail, pickLanguage, renderMail } from "../mail/index.js";
import { attachReminderMail, claimDueSubscriptions, recordReminder } from "./stores/reminders.js";
import { signUnsubscribeToken } from "./unsubscribe-token.js";

const DAY_MS = 86_400_000;
/** The first reminder is due this long before the end. */
export const SOON_MS = 3 * DAY_MS;
/** The 'ended' reminder is sent on the day the subscription ends: no later than this after it. */
export const ENDED_GRACE_MS = DAY_MS;
/** Subscriptions claimed per transaction. */
const BATCH = 50;
/** A pass stops after this many batches (the next pass goes on). */
const MAX_BATCHES = 200;

export interface ReminderReport {
  sent: number;
}

export interface SchedulerDeps {
  db: Db;
  clock: Clock;
  mail: Pick<Mail, "enqueue" | "kick">;
  siteUrl: string;
  /** HMAC key of the unsubscribe links. */
  unsubscribeKey: string;
}

/** The links a reminder carries, all on SITE_URL. */
export function reminderLinks(siteUrl: string, key: string, customerId: string, planId: number | null) {
  const token = encodeURIComponent(signUnsubscribeToken(key, customerId));
  return {
    renew: new URL(planId === null ? "/payment" : `/payment?planId=${planId}`, siteUrl).toString(),
    /** The page a person opens: it asks before anything changes. */
    unsubscribePage: new URL(`/unsubscribe?token=${token}`, siteUrl).toString(),
    /** RFC 8058 one-click: mail clients POST here (a GET is sent on to the page). */
    oneClick: new URL(`/api/reminders/unsubscribe?token=${token}`, siteUrl).toString(),
  };
}

/** Claims one batch of due subscriptions and mails their reminders; how many were mailed. */
async function remindBatch(deps: SchedulerDeps, now: Date): Promise<{ claimed: number; sent: number }> {
  return deps.db.transaction(async (tx) => {
    // The kind follows from the clock: before the end 'soon', after it 'ended'. A subscription
    // renewed meanwhile has a new end, so the old period's reminders are never due again.
    const rows = await claimDueSubscriptions(tx, {
      now,
      endedAfter: new Date(now.getTime() - ENDED_GRACE_MS),
      endsBy: new Date(now.getTime() + SOON_MS),
      limit: BATCH,
    });
    let sent = 0;
    for (const row of rows) {
      // Another process reminded of this end in the meantime: nothing to send.
      if (!(await recordReminder(tx, row, now))) continue;
      // The language the customer last paid in (the checkout page's), else the account's.
      const language = pickLanguage(row.paid_language, row.account_language);
      const links = reminderLinks(deps.siteUrl, deps.unsubscribeKey, row.customer_id, row.plan_id);
      const template = `renewal_reminder_${row.kind}` as const;
      const rendered = renderMail(template, language, {
        planName: row.plan_name,
        endsAt: new Date(row.ends_at),
        renewUrl: links.renew,
        unsubscribeUrl: links.unsubscribePage,
        siteUrl: deps.siteUrl,
      });
      const mailId = await deps.mail.enqueue(tx, {
        to: row.email,
        ...rendered,
        template,
        language,
        headers: { "List-Unsubscribe": `<${links.oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      });
      await attachReminderMail(tx, row, mailId);
      sent++;
    }
    return { claimed: rows.length, sent };
  });
}

/** One pass: batches until nothing due is left unclaimed (rows other processes hold are theirs). */
export async function runReminderPass(deps: SchedulerDeps): Promise<ReminderReport> {
  const now = deps.clock.now();
  let sent = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const batch = await remindBatch(deps, now);
    sent += batch.sent;
    if (batch.claimed < BATCH) break;
  }
  if (sent > 0) deps.mail.kick();
  return { sent };
}
