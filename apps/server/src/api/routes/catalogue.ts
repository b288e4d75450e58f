/** `/api/plans/` and `/api/exnode/tokens`: what can be bought, and with which tokens. */
import { API_PATHS } from "@veil/contracts";
import type { Hono } from "hono";
import type { ApiContext } from "../context.js";
import type { ApiEnv } from "../identity.js";
import { handle } from "../route.js";

export function mountCatalogueRoutes(api: Hono<ApiEnv>, ctx: ApiContext): void {
  const { payments } = ctx.deps;
  handle(api, ctx, "plans", () => payments.listPlans(), [API_PATHS.plans.replace(/\/$/, "")]);

  handle(api, ctx, "tokens", async (c) => {
    // Each call asks the provider: keep one client from turning us into its load generator.
    await ctx.limit(`tokens:ip:${ctx.ipSubject(c)}`, ctx.limits.tokensPerIp);
    return payments.availableTokens();
  });
}
