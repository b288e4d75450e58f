/**
 * The `plans` table (docs/architecture.md §2): the four plans, seeded by migration from the
 * catalogue of @veil/contracts; read only.
 */
import type { PlanName } from "@veil/contracts";
import type { Queryable } from "../../db/index.js";

export interface PlanRow {
  id: number;
  name: PlanName;
  price_cents: number;
  days: number;
}

/** Every plan in the catalogue's display order. */
export async function listPlanRows(q: Queryable): Promise<PlanRow[]> {
  const { rows } = await q.query<PlanRow>("SELECT id, name, price_cents, days FROM plans ORDER BY sort_order, id");
  return rows;
}

/** A plan's price in cents, or undefined for an id that names no plan (keep it within int4). */
export async function planPriceCents(q: Queryable, planId: number): Promise<number | undefined> {
  const { rows } = await q.query<{ price_cents: number }>("SELECT price_cents FROM plans WHERE id = $1", [planId]);
  return rows[0]?.price_cents;
}
