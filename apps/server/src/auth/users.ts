/** User and identity rows, and their JSON shapes on the wire (contract §5). */
import type { Queryable } from "../db/index.js";

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  last_sign_in_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  language: string;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  provider: string;
  identity_data: Record<string, unknown>;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export const USER_COLUMNS =
  "id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_sent_at, recovery_sent_at, " +
  "last_sign_in_at, banned_until, deleted_at, language, raw_app_meta_data, raw_user_meta_data, created_at, updated_at";

export async function findUserByEmail(q: Queryable, email: string, forUpdate = false): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE email = $1 AND deleted_at IS NULL${forUpdate ? " FOR UPDATE" : ""}`,
    [email],
  );
  return rows[0];
}

export async function findUserById(q: Queryable, id: string, forUpdate = false): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE id = $1 AND deleted_at IS NULL${forUpdate ? " FOR UPDATE" : ""}`,
    [id],
  );
  return rows[0];
}

export async function identitiesOf(q: Queryable, userId: string): Promise<IdentityRow[]> {
  const { rows } = await q.query<IdentityRow>(
    "SELECT id, provider_id, user_id, provider, identity_data, last_sign_in_at, created_at, updated_at FROM identities WHERE user_id = $1 ORDER BY created_at",
    [userId],
  );
  return rows;
}

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

/** The User object of contract §5; optional fields are omitted when empty. */
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
  created_at: string;
  updated_at: string;
  is_anonymous: boolean;
}

export function userJson(user: UserRow, identities: IdentityRow[]): UserJson {
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
    created_at: iso(user.created_at) as string,
    updated_at: iso(user.updated_at) as string,
    is_anonymous: false,
  }) as UserJson;
}
