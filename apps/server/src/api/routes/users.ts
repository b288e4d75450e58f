/** `/api/user/web/*`: account lookup, register and session-init, deletion, data export (docs/product.md §7.1). */
import type { Hono } from "hono";
import type { ApiContext } from "../context.js";
import { exportContactMessages, exportDevices, exportFileName, exportReminders } from "../data-export.js";
import { detail } from "../errors.js";
import type { ApiEnv } from "../identity.js";
import { BLOCKED } from "../middleware.js";
import { handle, type RouteHandler } from "../route.js";
import { findCustomerByEmail } from "../stores/customers.js";

function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export function mountUserRoutes(api: Hono<ApiEnv>, ctx: ApiContext): void {
  const { deps, limits, limit } = ctx;
  const { db, clock, logger, payments } = deps;

  handle(api, ctx, "userByEmail", async (c, read) => {
    await limit(`by-email:ip:${ctx.ipSubject(c)}`, limits.byEmailPerIp);
    const { email } = await read();
    const customer = await findCustomerByEmail(db, email);
    const authUser = customer ? null : ((await deps.lookupAuthUser?.(email)) ?? null);
    if (!customer && !authUser) return detail(c, 404, "user_not_found", "User not found");
    if (customer?.blocked || authUser?.blocked) return detail(c, 403, "account_blocked", BLOCKED);
    return { email: customer?.email ?? email };
  });

  const registerLike: RouteHandler<"registerUser" | "initSession"> = async (c, read) => {
    const { email } = await read();
    const identity = c.get("identity");
    if (!sameEmail(email, identity.email)) {
      return detail(c, 400, "email_mismatch", "The e-mail does not match the signed-in account");
    }
    const customer = await ctx.customerOf(identity);
    return { status: "success", email: customer.email };
  };
  handle(api, ctx, "registerUser", registerLike);
  handle(api, ctx, "initSession", registerLike);

  handle(api, ctx, "deleteAccount", async (c, read) => {
    const { password } = await read();
    if (!deps.deleteAccount)
      return detail(c, 501, "managed_by_identity_provider", "Delete the account with the identity provider");
    const identity = c.get("identity");
    await limit(`delete:${identity.sub}`, limits.deletePerUser);
    const result = await deps.deleteAccount(identity.sub, password);
    if (result === "wrong-password") return detail(c, 400, "wrong_password", "Incorrect password");
    logger.info({ userId: identity.sub }, "account deleted");
    return { status: "success" };
  });

  // Each module gives its own part (docs/product.md §11, "Data export"); nothing of another user:
  // every part is looked up by the caller's id, or by the caller's own addresses.
  handle(api, ctx, "dataExport", async (c) => {
    const identity = c.get("identity");
    await limit(`export:${identity.sub}`, limits.exportPerUser);
    const customer = c.get("customer");
    const auth = (await deps.exportAuthData?.(identity.sub)) ?? null;
    const product = await payments.exportCustomerData(identity.sub);
    const addresses = [identity.email, ...(customer ? [customer.email] : [])];
    const now = clock.now();
    const document = {
      exported_at: now.toISOString(),
      account: {
        email: identity.email,
        ...(auth?.account ?? { id: identity.sub }),
        customer_since: customer ? new Date(customer.created_at).toISOString() : null,
      },
      subscription: product.subscription,
      payments: product.payments,
      granted_days: product.granted_days,
      sessions: auth?.sessions ?? [],
      two_factor: auth?.two_factor ?? [],
      renewal_reminders: await exportReminders(db, identity.sub),
      contact_messages: await exportContactMessages(db, addresses),
      devices: await exportDevices(db, identity.sub),
    };
    c.header("Content-Disposition", `attachment; filename="${exportFileName(now)}"`);
    return c.body(JSON.stringify(document, null, 2), 200, { "Content-Type": "application/json; charset=utf-8" });
  });
}
