/**
 * POST /logout?scope=global|local|others (docs/product.md §4.5, §11.5). Which scopes a caller may
 * use with a second factor enrolled is decided before this (mfa/index.ts, `logoutScope`).
 */
import type { AuthContext, Authenticated } from "./context.js";
import { validationFailed } from "./errors.js";
import { endSessions } from "./stores/sessions.js";

export async function logout(ctx: AuthContext, auth: Authenticated, scope: string | undefined): Promise<void> {
  const which = scope ?? "global";
  // endSessions locks like a refresh does, so a sign-out racing a refresh cannot deadlock.
  if (which === "global") await endSessions(ctx.db, auth.userId, "all");
  else if (which === "local") await endSessions(ctx.db, auth.userId, { only: auth.sessionId });
  else if (which === "others") await endSessions(ctx.db, auth.userId, { except: auth.sessionId });
  else throw validationFailed(`Unsupported logout scope "${which}"`);
}
