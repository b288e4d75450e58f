import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../../lib/cn.js";

export const skeletonVariants = cva(
  [
    "relative block overflow-hidden bg-border/80",
    // The shimmer is a soft highlight sweeping across; it only moves when motion is welcome.
    "after:absolute after:inset-0 after:-translate-x-full after:bg-linear-to-r after:from-transparent after:via-surface/70 after:to-transparent",
    "motion-safe:after:animate-shimmer",
    // Forced colors (Windows high contrast) drop every background that is not a system colour, and
    // the shape would vanish: there it is drawn in GrayText, the system's colour for what is not
    // available yet.
    "forced-colors:bg-[GrayText]",
  ],
  {
    variants: {
      shape: {
        /** A line of text; set the width with `className` (e.g. `w-40`). */
        text: "h-4 rounded-sm",
        /** A heading-sized line. */
        heading: "h-6 rounded-sm",
        /** An image, a card, a button: set width and height. */
        block: "rounded-lg",
        /** An avatar or icon. */
        circle: "rounded-full",
      },
    },
    defaultVariants: { shape: "text" },
  },
);

export interface SkeletonProps
  extends Omit<React.ComponentProps<"span">, "children">,
    VariantProps<typeof skeletonVariants> {}

/**
 * A grey placeholder in the shape of content that is still loading. Purely visual: it is hidden
 * from assistive technology, so the loading region around it must say that it is loading (e.g.
 * `aria-busy="true"` plus a `<Spinner label>` or visually hidden text).
 */
export function Skeleton({ shape, className, ...props }: SkeletonProps) {
  const resolved = shape ?? "text";
  return (
    <span
      aria-hidden="true"
      data-slot="skeleton"
      data-shape={resolved}
      className={cn(skeletonVariants({ shape: resolved }), className)}
      {...props}
    />
  );
}
