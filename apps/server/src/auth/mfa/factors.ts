/** A factor in the User object (`factors`, as GoTrue's Factor); the rows are in ../stores/factors.ts. */
import type { Queryable } from "../../db/index.js";
import { type FactorRow, type FactorStatus, type FactorType, listFactors } from "../stores/factors.js";

/** Longest friendly name of a factor (the authenticator's and the recovery-code set's). */
export const MAX_FRIENDLY_NAME_LENGTH = 120;

export interface FactorJson {
  id: string;
  friendly_name: string;
  factor_type: FactorType;
  status: FactorStatus;
  created_at: string;
  updated_at: string;
  last_challenged_at?: string;
}

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

/** The `factors` of a User object: every factor, verified or not, as GoTrue lists them. */
export async function factorsOf(q: Queryable, userId: string): Promise<FactorJson[]> {
  return (await listFactors(q, userId)).map(factorJson);
}
