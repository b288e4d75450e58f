/**
 * The auth behaviour behind /auth/v1, one object for the routes (routes.ts), the housekeeping
 * job and tests: GoTrue's semantics with this project's hardening (docs/architecture.md §4, §5).
 * Each use case lives in its own module, cut the way GoTrue cuts its API: sign-up.ts (sign-up,
 * resend), verify.ts, token.ts (password and refresh grants), recover.ts, user.ts (bearer check,
 * get/update user, re-authentication), logout.ts, settings.ts, with the mailed codes in codes.ts;
 * the SQL is in stores/ (one module per table group).
 */
import { type AuthDeps, createAuthContext } from "./context.js";
import { purgeEndedSessions, purgeUnconfirmedSignups } from "./housekeeping.js";
import { logout } from "./logout.js";
import { recover } from "./recover.js";
import { settings } from "./settings.js";
import { resend, signup } from "./sign-up.js";
import { passwordGrant, refreshGrant } from "./token.js";
import { authenticate, getUser, reauthenticate, updateUser } from "./user.js";
import { verify } from "./verify.js";

export type { Authenticated, RequestMeta } from "./context.js";
export type { TokenResponse } from "./token.js";

export function createAuthService(deps: AuthDeps) {
  const ctx = createAuthContext(deps);
  const bind =
    <A extends unknown[], T>(fn: (c: typeof ctx, ...rest: A) => T) =>
    (...rest: A): T =>
      fn(ctx, ...rest);
  return {
    rules: ctx.rules,
    signup: bind(signup),
    verify: bind(verify),
    resend: bind(resend),
    recover: bind(recover),
    passwordGrant: bind(passwordGrant),
    refreshGrant: bind(refreshGrant),
    /** The shared bearer check of /user, /reauthenticate, /logout and /factors. */
    authenticate: bind(authenticate),
    getUser: bind(getUser),
    updateUser: bind(updateUser),
    reauthenticate: bind(reauthenticate),
    logout: bind(logout),
    /** Housekeeping (hourly, housekeeping.ts). */
    purgeEndedSessions: () => purgeEndedSessions(ctx),
    /** Housekeeping (hourly, housekeeping.ts). */
    purgeUnconfirmedSignups: () => purgeUnconfirmedSignups(ctx),
    settings: () => settings(deps.config),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
