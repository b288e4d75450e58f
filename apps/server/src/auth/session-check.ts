/**
 * The revocation-sensitive half of access checks. A JWT stays valid until `exp` even after logout
 * or a ban; routes that must not serve a signed-out or banned user also call this, which looks the
 * session and user up in the local auth tables. (With hosted Supabase there are no local tables:
 * call `GET {SUPABASE_URL}/auth/v1/user` with the token instead.)
 */
import type { Clock } from "../clock.js";
import type { Queryable } from "../db/index.js";
import type { AccessClaims } from "./jwt.js";

export class SessionCheckError extends Error {
  override name = "SessionCheckError";
  constructor(
    readonly code: "user_not_found" | "session_not_found" | "user_banned",
    message: string,
  ) {
    super(message);
  }
}

export interface ActiveUser {
  id: string;
  email: string;
  sessionId: string;
}

const NO_ID = "00000000-0000-0000-0000-000000000000";

export async function requireActiveSession(db: Queryable, claims: AccessClaims, clock: Clock): Promise<ActiveUser> {
  // One round trip for the user and the session (this runs on every authenticated request; on
  // PGlite each query is CPU on the event loop). Malformed ids match nothing.
  const { rows } = await db.query<{
    id: string;
    email: string;
    banned_until: Date | null;
    deleted_at: Date | null;
    session_id: string | null;
  }>(
    `SELECT u.id, u.email, u.banned_until, u.deleted_at, s.id AS session_id
       FROM users u LEFT JOIN sessions s ON s.id = $2 AND s.user_id = u.id
      WHERE u.id = $1`,
    [isUuid(claims.sub) ? claims.sub : NO_ID, isUuid(claims.session_id) ? claims.session_id : NO_ID],
  );
  const user = rows[0];
  if (!user || user.deleted_at) {
    throw new SessionCheckError("user_not_found", "User from sub claim in JWT does not exist");
  }
  if (!user.session_id) {
    throw new SessionCheckError("session_not_found", "Session from session_id claim in JWT does not exist");
  }
  if (user.banned_until && user.banned_until.getTime() > clock.now().getTime()) {
    throw new SessionCheckError("user_banned", "User is banned");
  }
  return { id: user.id, email: user.email, sessionId: user.session_id };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}
