/** The translation key family of each plan (docs/product.md §1.4, §3.1). */
export const PLAN_PERIOD_KEYS = ["week", "month", "halfYear", "year"] as const;
export type PlanPeriodKey = (typeof PLAN_PERIOD_KEYS)[number];

export const PLAN_NAMES = ["1 Week", "1 Month", "6 Month", "1 Year"] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export interface CataloguePlan {
  /** Stable id; the server seeds its plans table with these. */
  id: number;
  name: PlanName;
  periodKey: PlanPeriodKey;
  /** Length of the subscription the plan buys. */
  days: number;
  /** Price in whole US dollars. */
  priceUsd: number;
}

/** The four plans the product sells (docs/product.md §1.4), in display order. */
export const PLAN_CATALOGUE: readonly CataloguePlan[] = [
  { id: 1, name: "1 Week", periodKey: "week", days: 7, priceUsd: 2 },
  { id: 2, name: "1 Month", periodKey: "month", days: 30, priceUsd: 5 },
  { id: 3, name: "6 Month", periodKey: "halfYear", days: 180, priceUsd: 25 },
  { id: 4, name: "1 Year", periodKey: "year", days: 365, priceUsd: 45 },
] as const;

/** The period key for a plan name, or undefined for a name the catalogue does not know. */
export function periodKeyOf(name: string): PlanPeriodKey | undefined {
  return PLAN_CATALOGUE.find((p) => p.name === name)?.periodKey;
}
