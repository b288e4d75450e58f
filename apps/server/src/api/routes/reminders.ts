/**
 * `/api/reminders/*`: the signed unsubscribe link of renewal reminders (docs/product.md §11.3). The
 * reminders module owns what they do (src/reminders/unsubscribe.ts); the routes come from the
 * contract's table like every other `/api` route. The `?token=` is read from the query string;
 * the body of a mail client's RFC 8058 one-click POST is never read.
 */
import type { Hono } from "hono";
import { INVALID_LINK_DETAIL } from "../../reminders/index.js";
import type { ApiContext } from "../context.js";
import { detail } from "../errors.js";
import type { ApiEnv } from "../identity.js";
import { handle } from "../route.js";

/** Longer than any token: the page is then told the link is not valid. */
const MAX_TOKEN_LENGTH = 512;

export function mountReminderRoutes(api: Hono<ApiEnv>, ctx: ApiContext): void {
  const reminders = ctx.deps.reminders;

  handle(api, ctx, "reminderStatus", async (c) => {
    const customerId = reminders.customerOf(c.req.query("token"));
    if (!customerId) return detail(c, 400, "invalid_link", INVALID_LINK_DETAIL);
    return { unsubscribed: await reminders.isUnsubscribed(customerId) };
  });

  handle(api, ctx, "reminderUnsubscribe", async (c) => {
    const customerId = reminders.customerOf(c.req.query("token"));
    if (!customerId) {
      reminders.refused();
      return detail(c, 400, "invalid_link", INVALID_LINK_DETAIL);
    }
    await reminders.unsubscribe(customerId);
    return { unsubscribed: true };
  });

  // A GET must never unsubscribe (link scanners fetch them): the browser is sent on to the page.
  handle(api, ctx, "reminderUnsubscribeLink", async (c) => {
    const given = c.req.query("token") ?? "";
    const token = given.length > MAX_TOKEN_LENGTH ? "" : given;
    return c.redirect(`/unsubscribe?token=${encodeURIComponent(token)}`, 303);
  });
}
