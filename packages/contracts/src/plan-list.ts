import type { Plan } from "./api.js";
import { PLAN_NAMES } from "./plans.js";

const isPositiveInteger = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
const isPositiveNumber = (value: unknown): value is number => Number.isFinite(value) && (value as number) > 0;

/** Why `value` is not a plan, or null when it is one. */
function planProblem(value: unknown): string | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "not an object";
  const plan = value as Record<string, unknown>;
  if (!isPositiveInteger(plan.id)) return "id is not a positive integer";
  if (!(PLAN_NAMES as readonly unknown[]).includes(plan.name)) return "name is not a catalogue plan name";
  if (!isPositiveNumber(plan.price)) return "price is not a positive number";
  if (!isPositiveInteger(plan.days)) return "days is not a positive integer";
  return null;
}

/**
 * `planListSchema` without zod, for the landing page, whose JavaScript budget has no room for zod:
 * it accepts exactly the replies `planListSchema` accepts and returns the same data (unknown keys
 * dropped); test/contracts.test.ts holds the two together. The same `safeParse` shape, so the web
 * app's `api` takes either.
 */
export const planListReply = {
  safeParse(data: unknown): { success: true; data: Plan[] } | { success: false; error: Error } {
    if (!Array.isArray(data)) return { success: false, error: new Error("The plan list is not an array") };
    const plans: Plan[] = [];
    for (const [index, item] of data.entries()) {
      const problem = planProblem(item);
      if (problem) return { success: false, error: new Error(`Plan ${index}: ${problem}`) };
      const { id, name, price, days } = item as Plan;
      plans.push({ id, name, price, days });
    }
    return { success: true, data: plans };
  },
};
