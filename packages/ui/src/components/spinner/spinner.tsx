import { cva, type VariantProps } from "class-variance-authority";
import { LoaderCircle } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/cn.js";

export const spinnerVariants = cva("shrink-0 motion-safe:animate-spin", {
  variants: {
    size: {
      sm: "size-4",
      md: "size-5",
      lg: "size-8",
    },
    tone: {
      /** Follows the surrounding text colour (inside buttons, alerts). */
      current: "text-current",
      primary: "text-primary",
      muted: "text-text-muted",
    },
  },
  defaultVariants: { size: "md", tone: "primary" },
});

export interface SpinnerProps
  extends Omit<React.ComponentProps<"span">, "children" | "role">,
    VariantProps<typeof spinnerVariants> {
  /**
   * What is loading, read by screen readers (e.g. "Loading payments"). Without a label the spinner
   * is decorative and hidden from assistive technology: use that only when something else (a busy
   * button, a labelled region with `aria-busy`) already says that work is in progress.
   */
  label?: string;
}

/**
 * A rotating indicator for work in progress. With `label` it is a polite `role="status"`; the icon
 * only spins when the user has not asked for reduced motion (`motion-safe:`), otherwise it stays
 * still and the label carries the meaning.
 */
export function Spinner({ label, size, tone, className, ...props }: SpinnerProps) {
  const icon = <LoaderCircle aria-hidden="true" className={cn(spinnerVariants({ size, tone }))} strokeWidth={2.25} />;
  if (!label) {
    return (
      <span
        data-slot="spinner"
        data-size={size ?? "md"}
        aria-hidden="true"
        className={cn("inline-flex", className)}
        {...props}
      >
        {icon}
      </span>
    );
  }
  return (
    <span
      data-slot="spinner"
      data-size={size ?? "md"}
      role="status"
      className={cn("inline-flex", className)}
      {...props}
    >
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}
