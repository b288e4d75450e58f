/** `/api/contact/web/send`: the contact form (docs/product.md §2.11), stored and mailed to support. */
import type { Hono } from "hono";
import { contactEmailBucket } from "../contact-messages.js";
import type { ApiContext } from "../context.js";
import type { ApiEnv } from "../identity.js";
import { handle } from "../route.js";
import { insertContactMessage } from "../stores/contact-messages.js";
import { renderSupportMail } from "../support-mail.js";

export function mountContactRoutes(api: Hono<ApiEnv>, ctx: ApiContext): void {
  const { deps, limits, limit } = ctx;
  const { db, clock } = deps;
  // The contract's schema also refuses control characters (a NUL cannot even be stored).
  handle(api, ctx, "contact", async (c, read) => {
    await limit(`contact:ip:${ctx.ipSubject(c)}`, limits.contactPerIp);
    const message = await read();
    await limit(contactEmailBucket(message.email), limits.contactPerEmail);
    // Stored and queued for mail in one transaction: the outbox retries delivery, nothing is lost.
    await db.transaction(async (tx) => {
      await insertContactMessage(tx, message, clock.now());
      if (deps.mail) await deps.mail.enqueue(tx, { to: deps.supportEmail, ...renderSupportMail(message) });
    });
    deps.mail?.kick();
    return { status: "success" };
  });
}
