import { cva, type VariantProps } from "class-variance-authority";
import { CircleCheck, CircleDashed, CircleX, Clock, type LucideIcon } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/cn.js";

export const statusBadgeVariants = cva(
  "inline-flex w-fit shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full border py-0.5 pr-2.5 pl-2 font-medium text-xs leading-5 [&_svg]:size-3.5 [&_svg]:shrink-0",
  {
    variants: {
      status: {
        /** A payment that went through. */
        success: "border-success/20 bg-success-surface text-success-foreground",
        /** A payment still being confirmed ("In progress"). */
        pending: "border-warning/25 bg-warning-surface text-warning-foreground",
        /** A payment that failed or was refused. */
        rejected: "border-danger/20 bg-danger-surface text-danger-foreground",
        /** A subscription that is running. */
        active: "border-success/20 bg-success-surface text-success-foreground",
        /** A subscription that has ended or not started. */
        inactive: "border-border bg-surface-muted text-text-muted",
      },
    },
    defaultVariants: { status: "inactive" },
  },
);

export type Status = NonNullable<VariantProps<typeof statusBadgeVariants>["status"]>;

/** Each status also has its own shape, so it is never told by colour alone (WCAG 1.4.1). */
const ICONS: Record<Exclude<Status, "active">, LucideIcon> = {
  success: CircleCheck,
  pending: Clock,
  rejected: CircleX,
  inactive: CircleDashed,
};

export interface StatusBadgeProps extends Omit<React.ComponentProps<"span">, "children"> {
  /** Which state to show; sets colour and icon. */
  status: Status;
  /** The visible, localised text, e.g. "Paid", "In progress", "Rejected", "Active". */
  children: React.ReactNode;
}

/**
 * A small pill naming a state (payment status, subscription state). The text is the meaning; the
 * colour and icon only reinforce it, and the icon is hidden from assistive technology.
 */
export function StatusBadge({ status, className, children, ...props }: StatusBadgeProps) {
  const Icon = status === "active" ? null : ICONS[status];
  return (
    <span
      data-slot="status-badge"
      data-status={status}
      className={cn(statusBadgeVariants({ status }), className)}
      {...props}
    >
      {Icon ? (
        <Icon aria-hidden="true" strokeWidth={2.25} />
      ) : (
        // "active" shows a live dot instead of an icon: the usual sign for something running.
        <span aria-hidden="true" className="relative flex size-2 items-center justify-center">
          {/* Forced colors drop the green background: the dot takes the badge's text colour there. */}
          <span className="absolute inline-flex size-full rounded-full bg-success opacity-40 motion-safe:animate-ping forced-colors:bg-[CanvasText]" />
          <span className="relative inline-flex size-2 rounded-full bg-success forced-colors:bg-[CanvasText]" />
        </span>
      )}
      {children}
    </span>
  );
}
