/**
 * A row of the `payments` table as `SELECT *` returns it (the payments module owns the table;
 * docs/architecture.md). Checkout and settlement both read whole rows, so they share this type.
 */
export interface PaymentTableRow {
  id: string;
  customer_id: string | null;
  plan_id: number;
  amount_cents: number;
  currency: string;
  token: string;
  status: "pending" | "success" | "rejected";
  tracker_id: string | null;
  payment_url: string | null;
  provider_status: string | null;
  receipt_email: string | null;
  receipt_language: string | null;
  created_at: Date;
  settled_at: Date | null;
}
