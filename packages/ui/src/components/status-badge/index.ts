export { type Status, StatusBadge, type StatusBadgeProps, statusBadgeVariants } from "./status-badge.js";
