/**
 * The payments service the product API, the admin command line and the reconciler use, composed of
 * its three seams: checkout.ts (plans, tokens, starting a payment, its invoice), crediting.ts
 * (settling on the provider's word, re-checks, the reconcile pass, granted days) and history.ts
 * (what the customer sees: history, subscription, data export).
 */
import { createCheckout } from "./checkout.js";
import { createCrediting } from "./crediting.js";
import { createHistory } from "./history.js";
import type { PaymentsOptions } from "./options.js";

export { CheckoutError } from "./checkout.js";
export type { ReconcileReport } from "./crediting.js";
export type { PaymentsOptions } from "./options.js";

export function createPaymentsService(options: PaymentsOptions) {
  return { ...createCheckout(options), ...createHistory(options), ...createCrediting(options) };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
