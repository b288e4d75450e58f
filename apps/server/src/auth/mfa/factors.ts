/** Factor rows and their JSON in the User object (`factors`, as GoTrue's Factor). */
import type { Queryable } from "../../db/index.js";
import { isUuid } from "../session-check.js";

export type FactorType = "totp" | "recovery_code";

/** Longest friendly name of a factor (the authenticator's and the recovery-code set's). */
export const MAX_FRIENDLY_NAME_LENGTH = 120;
export type FactorStatus = "unverified" | "verified";

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: FactorType;
  status: FactorStatus;
  secret: string | null;
  last_used_step: string | number | null;
  created_at: Date;
  updated_at: Date;
  last_challenged_at: Date | null;
}

export interface FactorJson {
  id: string;
  friendly_name: string;
  factor_type: FactorType;
  status: FactorStatus;
  created_at: string;
  updated_at: string;
  last_challenged_at?: string;
}

const COLUMNS =
  "id, user_id, friendly_name, factor_type, status, secret, last_used_step, created_at, updated_at, last_challenged_at";

export function factorJson(row: FactorRow): FactorJson {
  return {
    id: row.id,
    friendly_name: row.friendly_name ?? "",
    factor_type: row.factor_type,
    status: row.status,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    ...(row.last_challenged_at ? { last_challenged_at: row.last_challenged_at.toISOString() } : {}),
  };
}

/** Every factor of a user, oldest first. */
export async function listFactors(q: Queryable, userId: string): Promise<FactorRow[]> {
  const { rows } = await q.query<FactorRow>(
    `SELECT ${COLUMNS} FROM mfa_factors WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  );
  return rows;
}

/** The `factors` of a User object: every factor, verified or not, as GoTrue lists them. */
export async function factorsOf(q: Queryable, userId: string): Promise<FactorJson[]> {
  return (await listFactors(q, userId)).map(factorJson);
}

/** One factor of this user (another user's id, or no uuid at all, finds nothing). */
export async function findFactor(
  q: Queryable,
  userId: string,
  factorId: string,
  forUpdate = false,
): Promise<FactorRow | undefined> {
  if (!isUuid(factorId)) return undefined;
  const { rows } = await q.query<FactorRow>(
    `SELECT ${COLUMNS} FROM mfa_factors WHERE id = $1 AND user_id = $2${forUpdate ? " FOR UPDATE" : ""}`,
    [factorId, userId],
  );
  return rows[0];
}

export async function findRecoveryFactor(
  q: Queryable,
  userId: string,
  forUpdate = false,
): Promise<FactorRow | undefined> {
  const { rows } = await q.query<FactorRow>(
    `SELECT ${COLUMNS} FROM mfa_factors WHERE user_id = $1 AND factor_type = 'recovery_code'${forUpdate ? " FOR UPDATE" : ""}`,
    [userId],
  );
  return rows[0];
}

/** Whether the user has a verified authenticator (a factor other than recovery codes). */
export async function hasVerifiedTotp(q: Queryable, userId: string, exceptFactorId?: string): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM mfa_factors WHERE user_id = $1 AND factor_type = 'totp' AND status = 'verified'
       AND id <> $2 LIMIT 1`,
    [userId, exceptFactorId ?? "00000000-0000-0000-0000-000000000000"],
  );
  return rows.length > 0;
}

/** Whether `factorId` is a verified factor (an authenticator or the recovery-code set) of this user. */
export async function isVerifiedFactor(q: Queryable, userId: string, factorId: string): Promise<boolean> {
  const { rows } = await q.query("SELECT 1 FROM mfa_factors WHERE id = $1 AND user_id = $2 AND status = 'verified'", [
    factorId,
    userId,
  ]);
  return rows.length > 0;
}
