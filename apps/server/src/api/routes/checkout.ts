/** `/api/payment/web/init` and `/api/exnode/invoice`: the two checkout steps (docs/product.md §8). */
import type { Hono } from "hono";
import type { ApiContext } from "../context.js";
import { detail } from "../errors.js";
import type { ApiEnv } from "../identity.js";
import { handle } from "../route.js";

export function mountCheckoutRoutes(api: Hono<ApiEnv>, ctx: ApiContext): void {
  const { deps, limits, limit } = ctx;
  const { payments } = deps;

  handle(api, ctx, "paymentInit", async (c, read) => {
    const body = await read();
    const identity = c.get("identity");
    await limit(`checkout:${identity.sub}`, limits.checkoutPerCustomer);
    const customer = await ctx.customerOf(identity);
    const { transactionId } = await payments.initPayment(customer.id, body, await ctx.receiptLanguage(c, identity));
    return { transaction_id: transactionId };
  });

  handle(api, ctx, "invoice", async (c, read) => {
    const body = await read();
    const identity = c.get("identity");
    await limit(`checkout:${identity.sub}`, limits.checkoutPerCustomer);
    // The provider sends the browser back to redirect_url: only our own origin, or it is an open redirect.
    if (!deps.allowedRedirectOrigins().includes(new URL(body.redirect_url).origin)) {
      return detail(c, 400, "redirect_not_allowed", "redirect_url must point to this site");
    }
    const { paymentUrl } = await payments.createInvoice(identity.sub, body);
    return { payment_url: paymentUrl };
  });
}
