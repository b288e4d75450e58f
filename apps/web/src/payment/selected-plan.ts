import type { Plan } from "@veil/contracts";

/** A plan id as the URL carries it: digits only ("2", not "2.0", "0x2" or " 2"). */
const PLAN_ID = /^[1-9]\d{0,8}$/;

/**
 * The plan the payment screen opens with (docs/product.md §2.9): the one named by `?planId=`
 * (the plan cards and the renewal reminder mail link there, §11.3); for a missing, malformed or
 * unknown id (an old link, a plan no longer sold), the first plan, so the page still works.
 */
export function selectedPlan(plans: readonly Plan[], planId: string | null): Plan | undefined {
  const requested = planId !== null && PLAN_ID.test(planId) ? Number(planId) : undefined;
  return plans.find((plan) => plan.id === requested) ?? plans[0];
}
