export { type PlanTabItem, PlanTabs, type PlanTabsProps, planTabsTriggerVariants } from "./plan-tabs.js";
