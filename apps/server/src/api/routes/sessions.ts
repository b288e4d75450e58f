/**
 * `/api/user/web/sessions`: the caller's live sessions and ending one of them (docs/product.md
 * §11.5). Ending all the others is GoTrue's own `POST /auth/v1/logout?scope=others`
 * (supabase-js `signOut({ scope: "others" })`), so it is not repeated here.
 */
import type { Context, Hono } from "hono";
import type { ApiContext } from "../context.js";
import { detail } from "../errors.js";
import type { ApiEnv } from "../identity.js";
import { handle } from "../route.js";

/** Mounts the two routes on the product API (behind its bearer check, as the route table says). */
export function mountSessionRoutes(api: Hono<ApiEnv>, ctx: ApiContext): void {
  const directory = ctx.deps.sessions;
  const unavailable = (c: Context) =>
    detail(c, 501, "managed_by_identity_provider", "Manage sessions with the identity provider");

  handle(api, ctx, "sessions", async (c) => {
    if (!directory) return unavailable(c);
    const identity = c.get("identity");
    return directory.list(identity.sub, identity.sessionId);
  });

  handle(api, ctx, "endSession", async (c) => {
    if (!directory) return unavailable(c);
    const identity = c.get("identity");
    const id = c.req.param("id") ?? "";
    // This device signs out instead: ending it here would leave the app holding a dead session.
    if (id.toLowerCase() === identity.sessionId?.toLowerCase()) {
      return detail(c, 400, "current_session", "This is the session you are using: sign out instead");
    }
    // Unknown, already ended and another user's sessions get the same answer.
    if (!(await directory.end(identity.sub, id))) return detail(c, 404, "session_not_found", "Session not found");
    return { status: "success" };
  });
}
