export { PlanList, type PlanListPlan, type PlanListProps, planListTrackVariants } from "./plan-list.js";
