import { PLAN_CATALOGUE, type Plan } from "@veil/contracts";
import { describe, expect, it } from "vitest";
import { selectedPlan } from "./selected-plan.js";

const plans: Plan[] = PLAN_CATALOGUE.map((p) => ({ id: p.id, name: p.name, price: p.priceUsd, days: p.days }));

describe("selectedPlan (the payment screen's ?planId=)", () => {
  it("opens with the plan the link names, as a reminder mail's /payment?planId=3 does", () => {
    expect(selectedPlan(plans, "3")?.name).toBe("6 Month");
    expect(selectedPlan(plans, "4")?.name).toBe("1 Year");
  });

  it("falls back to the first plan for a missing, unknown or malformed id", () => {
    for (const value of [null, "", "99", "0", "-1", "2.0", "0x2", " 2", "2abc", "1e0", "two"]) {
      expect(selectedPlan(plans, value)?.id, String(value)).toBe(1);
    }
  });

  it("chooses nothing when there are no plans (the plan list failed)", () => {
    expect(selectedPlan([], "2")).toBeUndefined();
  });
});
