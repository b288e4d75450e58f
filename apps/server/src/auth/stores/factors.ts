/**
 * The `mfa_factors` table (docs/architecture.md §2): a user's authenticators (TOTP secret
 * encrypted, the newest time step used) and their recovery-code set, verified or half-enrolled.
 * What a factor means and who may change it is in ../mfa/; its JSON in ../mfa/factors.ts.
 *
 * Lock order: a change of a user's factors takes the user row first (`lockUser`), a verification
 * the user's refresh tokens first (`lockUserTokens`), then the factor row (`forUpdate`).
 */
import type { Queryable } from "../../db/index.js";
import { isUuid } from "../session-check.js";

export type FactorType = "totp" | "recovery_code";
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

const COLUMNS =
  "id, user_id, friendly_name, factor_type, status, secret, last_used_step, created_at, updated_at, last_challenged_at";

/** Every factor of a user, oldest first. */
export async function listFactors(q: Queryable, userId: string): Promise<FactorRow[]> {
  const { rows } = await q.query<FactorRow>(
    `SELECT ${COLUMNS} FROM mfa_factors WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  );
  return rows;
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

/** The user's recovery-code set, if any. */
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

/** Locks the user's recovery-code set, if any; answers whether there is one. */
export async function lockRecoveryFactor(tx: Queryable, userId: string): Promise<boolean> {
  const { rows } = await tx.query(
    "SELECT 1 FROM mfa_factors WHERE user_id = $1 AND factor_type = 'recovery_code' FOR UPDATE",
    [userId],
  );
  return rows.length > 0;
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

/** Whether one of the user's factors already has this friendly name. */
export async function factorNameTaken(q: Queryable, userId: string, friendlyName: string): Promise<boolean> {
  const { rows } = await q.query("SELECT 1 FROM mfa_factors WHERE user_id = $1 AND friendly_name = $2", [
    userId,
    friendlyName,
  ]);
  return rows.length > 0;
}

/** Drops the user's enrolments nobody confirmed that were made before `before`. */
export async function deleteStaleUnverified(tx: Queryable, userId: string, before: Date): Promise<void> {
  await tx.query("DELETE FROM mfa_factors WHERE user_id = $1 AND status = 'unverified' AND created_at < $2", [
    userId,
    before,
  ]);
}

/** Drops every half-finished authenticator enrolment of the user. */
export async function deleteUnverifiedTotp(tx: Queryable, userId: string): Promise<void> {
  await tx.query("DELETE FROM mfa_factors WHERE user_id = $1 AND status = 'unverified' AND factor_type = 'totp'", [
    userId,
  ]);
}

/** A new, unverified authenticator; `encryptedSecret` is already sealed (../mfa/crypto.ts). */
export async function insertTotpFactor(
  tx: Queryable,
  input: { id: string; userId: string; friendlyName: string | null; encryptedSecret: string; now: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO mfa_factors (id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at)
           VALUES ($1, $2, $3, 'totp', 'unverified', $4, $5, $5)`,
    [input.id, input.userId, input.friendlyName, input.encryptedSecret, input.now],
  );
}

/** A new recovery-code set, verified from the start (its codes are stored in recovery-codes.ts). */
export async function insertRecoveryFactor(
  tx: Queryable,
  input: { id: string; userId: string; friendlyName: string; now: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, verified_at)
           VALUES ($1, $2, $3, 'recovery_code', 'verified', $4, $4, $4)`,
    [input.id, input.userId, input.friendlyName, input.now],
  );
}

/** Notes when the factor was last challenged. */
export async function markChallenged(tx: Queryable, factorId: string, now: Date): Promise<void> {
  await tx.query("UPDATE mfa_factors SET last_challenged_at = $2 WHERE id = $1", [factorId, now]);
}

/** The factor is verified (if it was not yet), and `step` and every older time step are spent. */
export async function markVerified(tx: Queryable, factorId: string, step: number, now: Date): Promise<void> {
  await tx.query(
    `UPDATE mfa_factors SET status = 'verified', last_used_step = $2, updated_at = $3,
                    verified_at = COALESCE(verified_at, $3) WHERE id = $1`,
    [factorId, step, now],
  );
}

/** Notes that the factor changed (its recovery codes were replaced). */
export async function touchFactor(tx: Queryable, factorId: string, now: Date): Promise<void> {
  await tx.query("UPDATE mfa_factors SET updated_at = $2 WHERE id = $1", [factorId, now]);
}

/** Deletes one factor (its challenges and recovery codes go with it, `ON DELETE CASCADE`). */
export async function deleteFactor(tx: Queryable, factorId: string): Promise<void> {
  await tx.query("DELETE FROM mfa_factors WHERE id = $1", [factorId]);
}

/** Deletes every factor of the user; answers what went. */
export async function deleteAllFactors(tx: Queryable, userId: string): Promise<{ type: string; status: string }[]> {
  const { rows } = await tx.query<{ type: string; status: string }>(
    "DELETE FROM mfa_factors WHERE user_id = $1 RETURNING factor_type AS type, status",
    [userId],
  );
  return rows;
}

export interface ExportedFactorRow {
  factor_type: string;
  friendly_name: string | null;
  status: string;
  created_at: Date;
  verified_at: Date | null;
}

/** The user's factors as the data export shows them: named columns only, `secret` is never read. */
export async function exportedFactors(q: Queryable, userId: string): Promise<ExportedFactorRow[]> {
  const { rows } = await q.query<ExportedFactorRow>(
    `SELECT factor_type, friendly_name, status, created_at, verified_at FROM mfa_factors
      WHERE user_id = $1::uuid ORDER BY created_at, id`,
    [userId],
  );
  return rows;
}
