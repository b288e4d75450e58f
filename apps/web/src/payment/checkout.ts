import {
  API_ROUTES,
  CURRENCY,
  emailSchema,
  invoiceReplySchema,
  type Plan,
  paymentInitReplySchema,
} from "@veil/contracts";
import { api } from "../api/client.js";
import { ApiError } from "../api/errors.js";
import type { MessageKey } from "../i18n/catalogues.js";
import { PATHS } from "../navigation/paths.js";

/**
 * The checkout's "Email for the receipt" is optional (the receipt then goes to the account's
 * address); when filled in it must be an address. The key of the message to show, or null.
 */
export function receiptEmailError(value: string): MessageKey | null {
  const trimmed = value.trim();
  return trimmed === "" || emailSchema.safeParse(trimmed).success ? null : "loginScreen.invalidEmail";
}

/**
 * docs/product.md §4.6, Pay: init a transaction, create the provider invoice (asking to come back to the
 * profile), and return the provider's payment page for the browser to open. A receipt address, when
 * given, travels with the init (docs/product.md, "Receipts").
 */
export async function startCryptoPayment(
  plan: Plan,
  token: string,
  origin: string,
  receiptEmail = "",
): Promise<string> {
  const receipt = receiptEmail.trim();
  const { transaction_id } = await api(
    API_ROUTES.paymentInit,
    {
      plan_id: plan.id,
      amount: plan.price,
      currency: CURRENCY,
      payment_method: token,
      ...(receipt ? { receipt_email: receipt } : {}),
    },
    { schema: paymentInitReplySchema },
  );
  const { payment_url } = await api(
    API_ROUTES.invoice,
    {
      token,
      amount: plan.price,
      fiat_currency: CURRENCY,
      client_transaction_id: transaction_id,
      redirect_url: `${origin}${PATHS.account.profile}`,
      payform: true,
    },
    { schema: invoiceReplySchema },
  );
  return payment_url;
}

/** docs/product.md §8.3: 402 means the token cannot take this payment; anything else is a generic failure. */
export function paymentErrorKey(error: unknown): MessageKey {
  return error instanceof ApiError && error.status === 402
    ? "paymentScreen.crypto.tokenUnavailable"
    : "paymentScreen.crypto.genericError";
}
