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

export async function requireActiveSession(db: Queryable, claims: AccessClaims, clock: Clock): Promise<ActiveUser> {
  const { rows } = await db.query<{ id: string; email: string; banned_until: Date | null; deleted_at: Date | null }>(
    "SELECT id, email, banned_until, deleted_at FROM users WHERE id = $1",
    [isUuid(claims.sub) ? claims.sub : "00000000-0000-0000-0000-000000000000"],
  );
  const user = rows[0];
  if (!user || user.deleted_at) {
    throw new SessionCheckError("user_not_found", "User from sub claim in JWT does not exist");
  }
  const session = isUuid(claims.session_id)
    ? (
        await db.query<{ id: string }>("SELECT id FROM sessions WHERE id = $1 AND user_id = $2", [
          claims.session_id,
          user.id,
        ])
      ).rows[0]
    : undefined;
  if (!session) {
    throw new SessionCheckError("session_not_found", "Session from session_id claim in JWT does not exist");
  }
  if (user.banned_until && user.banned_until.getTime() > clock.now().getTime()) {
    throw new SessionCheckError("user_banned", "User is banned");
  }
  return { id: user.id, email: user.email, sessionId: session.id };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}
