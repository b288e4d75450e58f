/**
 * What a customer sees of their payments (docs/product.md §2.10, §11.2): the payment history, the
 * subscription's state and the payments module's part of the data export.
 */
import type { PaymentRow, SubscriptionInfo } from "@veil/contracts";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { toDollars } from "./checkout.js";

const DAY_MS = 86_400_000;

export function createHistory(options: { db: Db; clock: Clock }) {
  const { db, clock } = options;

  async function listPayments(customerId: string, limit = 100): Promise<PaymentRow[]> {
    const { rows } = await db.query<{
      created_at: Date;
      amount_cents: number;
      token: string;
      status: PaymentRow["status"];
    }>(
      `SELECT created_at, amount_cents, token, status FROM payments
        WHERE customer_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [customerId, limit],
    );
    return rows.map((r) => ({
      date: new Date(r.created_at).toISOString(),
      amount: toDollars(r.amount_cents),
      method: r.token,
      status: r.status,
    }));
  }

  async function subscriptionInfo(customerId: string): Promise<SubscriptionInfo> {
    const { rows } = await db.query<{ ends_at: Date; plan_name: string | null }>(
      `SELECT s.ends_at, p.name AS plan_name FROM subscriptions s LEFT JOIN plans p ON p.id = s.plan_id
        WHERE s.customer_id = $1`,
      [customerId],
    );
    const row = rows[0];
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
    const subscription = await db.query<{ ends_at: Date; plan_name: string | null; updated_at: Date }>(
      `SELECT s.ends_at, p.name AS plan_name, s.updated_at FROM subscriptions s
         LEFT JOIN plans p ON p.id = s.plan_id WHERE s.customer_id = $1`,
      [customerId],
    );
    const paid = await db.query<{
      id: string;
      created_at: Date;
      plan_name: string;
      amount_cents: number;
      currency: string;
      token: string;
      status: PaymentRow["status"];
      days_credited: number | null;
      settled_at: Date | null;
      receipt_email: string | null;
    }>(
      `SELECT pay.id, pay.created_at, p.name AS plan_name, pay.amount_cents, pay.currency, pay.token, pay.status,
              pay.days_credited, pay.settled_at, pay.receipt_email
         FROM payments pay JOIN plans p ON p.id = pay.plan_id
        WHERE pay.customer_id = $1 ORDER BY pay.created_at DESC, pay.id DESC`,
      [customerId],
    );
    const grants = await db.query<{ days: number; created_at: Date }>(
      "SELECT days, created_at FROM subscription_grants WHERE customer_id = $1 ORDER BY created_at DESC, id DESC",
      [customerId],
    );
    const sub = subscription.rows[0];
    const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());
    return {
      subscription: sub
        ? { ...(await subscriptionInfo(customerId)), ends_at: new Date(sub.ends_at).toISOString() }
        : null,
      payments: paid.rows.map((r) => ({
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
      granted_days: grants.rows.map((g) => ({ days: g.days, created_at: new Date(g.created_at).toISOString() })),
    };
  }

  return { listPayments, subscriptionInfo, exportCustomerData };
}
