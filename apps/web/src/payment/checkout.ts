import { API_PATHS, CURRENCY, invoiceReplySchema, type Plan, paymentInitReplySchema } from "@veil/contracts";
import { apiFetch } from "../api/client.js";
import { ApiError } from "../api/errors.js";
import type { MessageKey } from "../i18n/catalogues.js";
import { PATHS } from "../routes/paths.js";

/**
 * docs/product.md §4.6, Pay: init a transaction, create the provider invoice (asking to come back to the
 * profile), and return the provider's payment page for the browser to open.
 */
export async function startCryptoPayment(plan: Plan, token: string, origin: string): Promise<string> {
  const { transaction_id } = await apiFetch(API_PATHS.paymentInit, {
    body: { plan_id: plan.id, amount: plan.price, currency: CURRENCY, payment_method: token },
    schema: paymentInitReplySchema,
  });
  const { payment_url } = await apiFetch(API_PATHS.invoice, {
    body: {
      token,
      amount: plan.price,
      fiat_currency: CURRENCY,
      client_transaction_id: transaction_id,
      redirect_url: `${origin}${PATHS.account.profile}`,
      payform: true,
    },
    schema: invoiceReplySchema,
  });
  return payment_url;
}

/** docs/product.md §8.3: 402 means the token cannot take this payment; anything else is a generic failure. */
export function paymentErrorKey(error: unknown): MessageKey {
  return error instanceof ApiError && error.status === 402
    ? "paymentScreen.crypto.tokenUnavailable"
    : "paymentScreen.crypto.genericError";
}
