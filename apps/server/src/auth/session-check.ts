/**
 * The revocation-sensitive half of access checks. A JWT stays valid until `exp` even after logout
 * or a ban; routes that must not serve a signed-out or banned user also call this, which looks the
 * session and user up in the local auth tables. (With hosted Supabase there are no local tables:
 * call `GET {SUPABASE_URL}/auth/v1/user` with the token instead.)
 */
import type { Clock } from "../clock.js";
import type { Queryable } from "../db/index.js";
import type { AccessClaims } from "./jwt.js";
import { findUserAndSession } from "./stores/active-session.js";

export class SessionCheckError extends Error {
  override name = "SessionCheckError";
  constructor(
    readonly code: "user_not_found" | "session_not_found" | "user_banned",
    message: string,
  ) {
    super(message);
  }
}

/** GoTrue's sessions.timebox and sessions.inactivity_timeout, in seconds; 0 = no limit. */
export interface SessionLimits {
  timeboxSeconds: number;
  inactivitySeconds: number;
}

export function sessionLimitsOf(config: {
  AUTH_SESSION_TIMEBOX_SECONDS: number;
  AUTH_SESSION_INACTIVITY_TIMEOUT_SECONDS: number;
}): SessionLimits {
  return {
    timeboxSeconds: config.AUTH_SESSION_TIMEBOX_SECONDS,
    inactivitySeconds: config.AUTH_SESSION_INACTIVITY_TIMEOUT_SECONDS,
  };
}

/**
 * Why a session has ended by itself, or null while it lives: past its maximum lifetime (counted from
 * sign-in) or unused too long (counted from its last refresh, or sign-in when it never refreshed).
 * Checked on refresh and on every access token; `purgeEndedSessions` later deletes the rows.
 */
export function sessionEnded(
  session: { created_at: Date; refreshed_at: Date | null },
  limits: SessionLimits | undefined,
  now: Date,
): "timebox" | "inactivity" | null {
  if (!limits) return null;
  const t = now.getTime();
  if (limits.timeboxSeconds > 0 && t > session.created_at.getTime() + limits.timeboxSeconds * 1000) return "timebox";
  const lastActive = session.refreshed_at ?? session.created_at;
  if (limits.inactivitySeconds > 0 && t > lastActive.getTime() + limits.inactivitySeconds * 1000) return "inactivity";
  return null;
}

export interface ActiveUser {
  id: string;
  email: string;
  sessionId: string;
  /** The user has a verified two-factor authenticator (src/auth/mfa/). */
  mfaEnrolled: boolean;
  /** The session's stored level (`aal1`/`aal2`); a token counts no more than its session. */
  sessionAal: string;
}

const NO_ID = "00000000-0000-0000-0000-000000000000";

export async function requireActiveSession(
  db: Queryable,
  claims: AccessClaims,
  clock: Clock,
  limits?: SessionLimits,
): Promise<ActiveUser> {
  // One round trip for the user and the session (this runs on every authenticated request; on
  // PGlite each query is CPU on the event loop). Malformed ids match nothing.
  const user = await findUserAndSession(
    db,
    isUuid(claims.sub) ? claims.sub : NO_ID,
    isUuid(claims.session_id) ? claims.session_id : NO_ID,
  );
  if (!user || user.deleted_at) {
    throw new SessionCheckError("user_not_found", "User from sub claim in JWT does not exist");
  }
  // An ended session (timebox, inactivity) is as gone as a signed-out one, even before the purge.
  if (
    !user.session_id ||
    !user.created_at ||
    sessionEnded({ created_at: user.created_at, refreshed_at: user.refreshed_at }, limits, clock.now())
  ) {
    throw new SessionCheckError("session_not_found", "Session from session_id claim in JWT does not exist");
  }
  if (user.banned_until && user.banned_until.getTime() > clock.now().getTime()) {
    throw new SessionCheckError("user_banned", "User is banned");
  }
  return {
    id: user.id,
    email: user.email,
    sessionId: user.session_id,
    mfaEnrolled: user.mfa_enrolled,
    sessionAal: user.aal ?? "aal1",
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}
