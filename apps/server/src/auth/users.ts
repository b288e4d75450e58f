/**
 * The JSON shapes of user and identity rows on the wire (GoTrue's User object, which supabase-js
 * reads; docs/product.md §7.2). The rows and their SQL are in stores/users.ts.
 */
import type { FactorJson } from "./mfa/factors.js";
import type { IdentityRow, UserRow } from "./stores/users.js";

export type { IdentityRow, UserRow } from "./stores/users.js";

export function isBanned(user: Pick<UserRow, "banned_until">, now: Date): boolean {
  return !!user.banned_until && user.banned_until.getTime() > now.getTime();
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : undefined);

/** Drops undefined fields: GoTrue omits empty optional fields rather than sending null. */
function compact<T extends Record<string, unknown>>(obj: T): T {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as T;
}

export function identityJson(identity: IdentityRow, email: string) {
  return compact({
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: iso(identity.created_at),
    updated_at: iso(identity.updated_at),
    email,
  });
}

/** GoTrue's User object; optional fields are omitted when empty. */
export interface UserJson {
  id: string;
  aud: string;
  role: string;
  email: string;
  email_confirmed_at?: string;
  phone: string;
  confirmation_sent_at?: string;
  recovery_sent_at?: string;
  confirmed_at?: string;
  last_sign_in_at?: string;
  banned_until?: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  identities: Array<ReturnType<typeof identityJson>>;
  /** Two-factor factors (GoTrue's), omitted when the user has none. */
  factors?: FactorJson[];
  created_at: string;
  updated_at: string;
  is_anonymous: boolean;
}

export function userJson(user: UserRow, identities: IdentityRow[], factors: FactorJson[] = []): UserJson {
  return compact({
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email,
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: "",
    confirmation_sent_at: iso(user.confirmation_sent_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    confirmed_at: iso(user.email_confirmed_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    banned_until: iso(user.banned_until),
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities: identities.map((i) => identityJson(i, user.email)),
    factors: factors.length > 0 ? factors : undefined,
    created_at: iso(user.created_at) as string,
    updated_at: iso(user.updated_at) as string,
    is_anonymous: false,
  }) as UserJson;
}
