/** `/api/subscription/web/info` and `/api/payment/web/all`: the caller's subscription and payment history. */
import type { Hono } from "hono";
import type { ApiContext } from "../context.js";
import { PAYMENT_HISTORY_LIMIT } from "../deps.js";
import type { ApiEnv } from "../identity.js";
import { handle } from "../route.js";

export function mountSubscriptionRoutes(api: Hono<ApiEnv>, ctx: ApiContext): void {
  const { payments } = ctx.deps;
  handle(api, ctx, "subscriptionInfo", async (c) => payments.subscriptionInfo(c.get("identity").sub));
  handle(api, ctx, "payments", async (c) => payments.listPayments(c.get("identity").sub, PAYMENT_HISTORY_LIMIT));
}
