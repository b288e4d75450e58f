export { PlanCard, type PlanCardProps, planCardVariants } from "./plan-card.js";
