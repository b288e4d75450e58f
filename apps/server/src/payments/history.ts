/**
 * What a customer sees of their payments (docs/product.md §2.10, §11.2): the payment history, the
 * subscription's state and the payments module's part of the data export.
 */
import type { PaymentRow, SubscriptionInfo } from "@veil/contracts";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { toDollars } from "./checkout.js";
import { customerPaymentHistory, customerPaymentsForExport } from "./stores/payments.js";
import { customerGrants, findSubscription, subscriptionForExport } from "./stores/subscriptions.js";

const DAY_MS = 86_400_000;

export function createHistory(options: { db: Db; clock: Clock }) {
  const { db, clock } = options;

  async function listPayments(customerId: string, limit = 100): Promise<PaymentRow[]> {
    const rows = await customerPaymentHistory(db, customerId, limit);
    return rows.map((r) => ({
      date: new Date(r.created_at).toISOString(),
      amount: toDollars(r.amount_cents),
      method: r.token,
      status: r.status,
    }));
  }

  async function subscriptionInfo(customerId: string): Promise<SubscriptionInfo> {
    const row = await findSubscription(db, customerId);
    if (!row) return { is_active: false, plan_name: null, days_left: 0 };
    const remainingMs = new Date(row.ends_at).getTime() - clock.now().getTime();
    // Rounded up: a subscription with one hour left shows 1 day, never 0.
    return {
      is_active: remainingMs > 0,
      plan_name: row.plan_name,
      days_left: remainingMs > 0 ? Math.ceil(remainingMs / DAY_MS) : 0,
    };
  }

  /**
   * The payments module's part of a customer's data export (docs/product.md §11, "Data export"):
   * the subscription, every payment (no limit, unlike the history page) and days granted by support.
   */
  async function exportCustomerData(customerId: string) {
    const sub = await subscriptionForExport(db, customerId);
    const paid = await customerPaymentsForExport(db, customerId);
    const grants = await customerGrants(db, customerId);
    const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());
    return {
      subscription: sub
        ? { ...(await subscriptionInfo(customerId)), ends_at: new Date(sub.ends_at).toISOString() }
        : null,
      payments: paid.map((r) => ({
        transaction_id: r.id,
        created_at: new Date(r.created_at).toISOString(),
        plan: r.plan_name,
        amount: toDollars(r.amount_cents),
        currency: r.currency,
        method: r.token,
        status: r.status,
        days_credited: r.days_credited,
        settled_at: iso(r.settled_at),
        receipt_email: r.receipt_email,
      })),
      granted_days: grants.map((g) => ({ days: g.days, created_at: new Date(g.created_at).toISOString() })),
    };
  }

  return { listPayments, subscriptionInfo, exportCustomerData };
}
