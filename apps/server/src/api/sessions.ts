/**
 * The caller's sessions as the Security screen lists them (docs/product.md §11.5), over the
 * embedded auth server's tables; the routes are in routes/sessions.ts.
 */
import { type DeviceSession, SESSION_LIST_LIMIT } from "@veil/contracts";
import { endSession, listLiveSessions, type SessionLimits } from "../auth/index.js";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { describeUserAgent } from "./user-agent.js";

/** What the routes need of the embedded auth server's session table. */
export interface SessionDirectory {
  list(userId: string, currentSessionId: string | null): Promise<DeviceSession[]>;
  /** False when the user has no such live session. */
  end(userId: string, sessionId: string): Promise<boolean>;
}

/** The directory over this process's auth tables (absent with hosted Supabase). */
export function createSessionDirectory(deps: { db: Db; clock: Clock; limits: SessionLimits }): SessionDirectory {
  return {
    async list(userId, currentSessionId) {
      const sessions = await listLiveSessions(deps.db, {
        userId,
        currentSessionId,
        limits: deps.limits,
        now: deps.clock.now(),
        limit: SESSION_LIST_LIMIT,
      });
      return sessions.map((s) => ({
        id: s.id,
        current: s.current,
        created_at: s.createdAt.toISOString(),
        last_used_at: s.lastUsedAt.toISOString(),
        ...describeUserAgent(s.userAgent),
      }));
    },
    end: (userId, sessionId) => endSession(deps.db, userId, sessionId),
  };
}
