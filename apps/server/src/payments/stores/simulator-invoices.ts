/**
 * The `sim_exnode_invoices` table (docs/architecture.md §2): the gateway simulator's invoices
 * (../simulator/), kept in the app's database so they survive a restart; unused with real Exnode.
 */
import type { Queryable } from "../../db/index.js";

export interface InvoiceRow {
  tracker_id: string;
  client_transaction_id: string;
  token: string;
  amount: string;
  fiat_currency: string;
  status: string;
  payed_amount: string;
  redirect_url: string;
  callback_url: string;
  created_at: Date | string;
  expires_at: Date | string;
}

export async function findInvoice(q: Queryable, trackerId: string): Promise<InvoiceRow | undefined> {
  const { rows } = await q.query<InvoiceRow>("SELECT * FROM sim_exnode_invoices WHERE tracker_id = $1", [trackerId]);
  return rows[0];
}

/** Sets an invoice's status and amount paid; answers the invoice as it now is. */
export async function setInvoiceStatus(
  q: Queryable,
  trackerId: string,
  status: string,
  payedAmount: string,
): Promise<InvoiceRow> {
  const { rows } = await q.query<InvoiceRow>(
    "UPDATE sim_exnode_invoices SET status = $2, payed_amount = $3 WHERE tracker_id = $1 RETURNING *",
    [trackerId, status, payedAmount],
  );
  return rows[0] as InvoiceRow;
}

/** A new invoice, CREATED and nothing paid, expiring in 12 hours (the database's clock, as before). */
export async function insertInvoice(
  q: Queryable,
  input: {
    trackerId: string;
    clientTransactionId: string;
    token: string;
    amount: string;
    fiatCurrency: string;
    redirectUrl: string;
    callbackUrl: string;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO sim_exnode_invoices
         (tracker_id, client_transaction_id, token, amount, fiat_currency, status, payed_amount,
          redirect_url, callback_url, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, 'CREATED', '0', $6, $7, now(), now() + interval '12 hours')`,
    [
      input.trackerId,
      input.clientTransactionId,
      input.token,
      input.amount,
      input.fiatCurrency,
      input.redirectUrl,
      input.callbackUrl,
    ],
  );
}
