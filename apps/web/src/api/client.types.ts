/**
 * Compile-time proof that `api(route, body)` checks the body against its route (issue 16): never
 * run, only type-checked (`pnpm -s typecheck` covers src/). Each `@ts-expect-error` fails the
 * typecheck if the line below it ever compiles, i.e. if a wrong body were accepted.
 */
import { API_ROUTES, type PaymentInitReply, type Plan } from "@veil/contracts";
import { api } from "./client.js";

export async function typeChecks(): Promise<void> {
  // Right bodies compile, and replies take the route's type.
  const init: PaymentInitReply = await api(API_ROUTES.paymentInit, {
    plan_id: 1,
    amount: 2,
    currency: "USD",
    payment_method: "USDTTRC",
  });
  const plans: Plan[] = await api(API_ROUTES.plans);
  await api(API_ROUTES.contact, { name: "A", email: "a@example.com", message: "hi" });
  void init;
  void plans;

  // @ts-expect-error: a route that takes a body needs one
  await api(API_ROUTES.contact);
  // @ts-expect-error: a missing field (message)
  await api(API_ROUTES.contact, { name: "A", email: "a@example.com" });
  // @ts-expect-error: a field of the wrong type (plan_id is a number)
  await api(API_ROUTES.paymentInit, { plan_id: "1", amount: 2, currency: "USD", payment_method: "USDTTRC" });
  // @ts-expect-error: a field the route does not take
  await api(API_ROUTES.deleteAccount, { password: "x", reason: "bye" });
  // @ts-expect-error: another route's body (the invoice's, to init)
  await api(API_ROUTES.paymentInit, { token: "USDTTRC", amount: 2, fiat_currency: "USD" });
  // @ts-expect-error: only USD is a currency of the contract
  await api(API_ROUTES.paymentInit, { plan_id: 1, amount: 2, currency: "EUR", payment_method: "USDTTRC" });
  // @ts-expect-error: a route without a body takes none
  await api(API_ROUTES.subscriptionInfo, { anything: true });
  // @ts-expect-error: the reply is the route's, not another's
  const wrong: Plan[] = await api(API_ROUTES.subscriptionInfo);
  void wrong;
  // @ts-expect-error: a path is no route
  await api("/payment/web/init", {});
}
