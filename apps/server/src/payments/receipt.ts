import { tokenLabel } from "@veil/contracts";
import type { Queryable } from "../db/index.js";
import { type Mail, pickLanguage, renderMail } from "../mail/index.js";

/** A payment at the moment it is credited: what its receipt needs. */
export interface CreditedPayment {
  id: string;
  customerId: string | null;
  /** The checkout's "Email for the receipt"; null means the account's address. */
  receiptEmail: string | null;
  /** The page language at checkout; null (older payments) means English. */
  receiptLanguage: string | null;
  planName: string;
  days: number;
  amountCents: number;
  token: string;
  paidAt: Date;
}

/** Puts a receipt in the outbox inside the crediting transaction (see settlement.ts). */
export type ReceiptEnqueuer = (tx: Queryable, payment: CreditedPayment) => Promise<void>;

/**
 * Receipts (docs/product.md, "Receipts"): mailed through the outbox in the same transaction that
 * credits the payment, so a receipt exists exactly when the credit does, and a payment credited
 * once (settlement's guarantee) gets exactly one receipt, whichever path credited it.
 */
/**
 * The product account's address, or null (the `customers` table is the product API's,
 * docs/architecture.md §2: server.ts hands over its `findCustomerById`).
 */
export type CustomerEmailLookup = (q: Queryable, customerId: string) => Promise<string | null>;

export function createReceiptEnqueuer(deps: {
  mail: Pick<Mail, "enqueue">;
  siteUrl: string;
  customerEmail: CustomerEmailLookup;
}): ReceiptEnqueuer {
  return async (tx, payment) => {
    let to = payment.receiptEmail;
    if (!to && payment.customerId) {
      to = await deps.customerEmail(tx, payment.customerId);
    }
    // A deleted account without a receipt address: nobody to send it to.
    if (!to) return;
    const language = pickLanguage(payment.receiptLanguage);
    const rendered = renderMail("payment_receipt", language, {
      planName: payment.planName,
      days: payment.days,
      amountCents: payment.amountCents,
      token: tokenLabel(payment.token),
      paidAt: payment.paidAt,
      transactionId: payment.id,
      siteUrl: deps.siteUrl,
    });
    await deps.mail.enqueue(tx, { to, ...rendered, template: "payment_receipt", language });
  };
}
