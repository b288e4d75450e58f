/** `/api/exnode/callback/<secret>`: the payment provider's notice that an invoice changed. */
import { providerCallbackRequestSchema } from "@veil/contracts";
import type { Hono } from "hono";
import { constantTimeEqual } from "../../constant-time.js";
import { ProviderRejectedError } from "../../payments/index.js";
import type { ApiContext } from "../context.js";
import { detail } from "../errors.js";
import type { ApiEnv } from "../identity.js";
import { handle } from "../route.js";

// Unsigned by Exnode: the secret in the path keeps strangers out, and we act only on what the
// provider's API says about the invoice, never on the callback body.
export function mountCallbackRoute(api: Hono<ApiEnv>, ctx: ApiContext): void {
  const { payments, logger } = ctx.deps;
  handle(api, ctx, "providerCallback", async (c) => {
    if (!constantTimeEqual(c.req.param("secret") ?? "", ctx.deps.callbackSecret))
      return detail(c, 404, "not_found", "Not Found");
    const contentType = c.req.header("Content-Type") ?? "";
    const raw = contentType.includes("application/x-www-form-urlencoded")
      ? await c.req.parseBody()
      : await c.req.json().catch(() => undefined);
    // JSON or a form: read here rather than with the JSON reader (the table's schema all the same).
    const parsed = providerCallbackRequestSchema.safeParse(raw);
    if (!parsed.success) return detail(c, 422, "tracker_id_required", "tracker_id is required");
    try {
      const outcome = await payments.settleFromProvider(parsed.data.tracker_id);
      if (outcome.kind === "unchanged" && outcome.reason === "unknown-payment") {
        logger.warn({ trackerId: parsed.data.tracker_id }, "callback for an invoice we do not know");
      }
      return { status: "ok" };
    } catch (err) {
      if (err instanceof ProviderRejectedError && err.status === 404) {
        logger.warn({ trackerId: parsed.data.tracker_id }, "callback for an invoice the provider does not know");
        return { status: "ignored" };
      }
      // Provider unreachable: answer non-2xx so it delivers again; the reconciler also retries.
      logger.warn({ trackerId: parsed.data.tracker_id, err: (err as Error).message }, "callback re-check failed");
      return detail(c, 502, "provider_unavailable", "Could not confirm the invoice with the provider");
    }
  });
}
