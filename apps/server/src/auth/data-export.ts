import type { Queryable } from "../db/index.js";
import { exportedFactors } from "./stores/factors.js";
import { exportedSessions } from "./stores/sessions.js";
import { exportedUser } from "./stores/users.js";

/** The auth module's part of a user's data export (docs/product.md §11, "Data export"). */
export interface AuthDataExport {
  account: {
    id: string;
    email: string;
    created_at: string;
    email_confirmed_at: string | null;
    last_sign_in_at: string | null;
    language: string;
    user_metadata: Record<string, unknown>;
  } | null;
  sessions: {
    id: string;
    created_at: string;
    /** The last refresh, else the sign-in: when the session was last used. */
    last_used_at: string;
    user_agent: string | null;
    ip: string | null;
    aal: string;
  }[];
  /** Two-factor sign-in: what each factor is and when it was set up; never its secret or codes. */
  two_factor: {
    type: string;
    friendly_name: string | null;
    status: string;
    created_at: string;
    verified_at: string | null;
  }[];
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * One user's identity, sessions and two-factor factors, by id only. Password hashes, refresh tokens,
 * codes, TOTP secrets, recovery codes and hashed known IPs are secrets or security records, not the
 * user's data: they stay out.
 */
export async function exportAuthData(db: Queryable, userId: string): Promise<AuthDataExport> {
  const user = await exportedUser(db, userId);
  if (!user) return { account: null, sessions: [], two_factor: [] };
  const sessions = await exportedSessions(db, userId);
  // Named columns only: `secret` (the encrypted TOTP key) is never read here.
  const factors = await exportedFactors(db, userId);
  return {
    account: {
      id: user.id,
      email: user.email,
      created_at: new Date(user.created_at).toISOString(),
      email_confirmed_at: iso(user.email_confirmed_at),
      last_sign_in_at: iso(user.last_sign_in_at),
      language: user.language,
      user_metadata: user.raw_user_meta_data ?? {},
    },
    sessions: sessions.map((s) => ({
      id: s.id,
      created_at: new Date(s.created_at).toISOString(),
      last_used_at: new Date(s.refreshed_at ?? s.created_at).toISOString(),
      user_agent: s.user_agent,
      ip: s.ip,
      aal: s.aal,
    })),
    two_factor: factors.map((f) => ({
      type: f.factor_type,
      friendly_name: f.friendly_name,
      status: f.status,
      created_at: new Date(f.created_at).toISOString(),
      verified_at: iso(f.verified_at),
    })),
  };
}
