import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../../lib/cn.js";
import { Heading, type HeadingLevel } from "../../lib/heading.js";

export const emptyStateVariants = cva("flex flex-col items-center px-6 py-10 text-center", {
  variants: {
    variant: {
      /** Sits inside a card or a table that already has a frame. */
      plain: "",
      /** Stands on its own with a dashed frame, for an empty page section. */
      bordered: "rounded-xl border border-border-strong/35 border-dashed bg-surface",
    },
  },
  defaultVariants: { variant: "plain" },
});

export interface EmptyStateProps
  extends Omit<React.ComponentProps<"div">, "title">,
    VariantProps<typeof emptyStateVariants> {
  /** A lucide icon element, e.g. `<Receipt />`; it is decorative and hidden from screen readers. */
  icon?: React.ReactNode;
  /** What is empty, e.g. "No payments yet". */
  title: React.ReactNode;
  /**
   * Heading level of the title, chosen by the page.
   * @defaultValue 3
   */
  headingLevel?: HeadingLevel;
  /** One or two sentences on why it is empty or what to do. */
  description?: React.ReactNode;
  /** The way forward: usually one `<Button>` (or `<Button asChild><a/></Button>`). */
  action?: React.ReactNode;
}

/** What a list, table or page shows when it has nothing to show yet, and how to move on. */
export function EmptyState({
  icon,
  title,
  headingLevel = 3,
  description,
  action,
  variant,
  className,
  ...props
}: EmptyStateProps) {
  const resolved = variant ?? "plain";
  return (
    <div
      data-slot="empty-state"
      data-variant={resolved}
      className={cn(emptyStateVariants({ variant: resolved }), className)}
      {...props}
    >
      {icon ? (
        <div
          aria-hidden="true"
          className="mb-4 flex size-12 items-center justify-center rounded-full bg-primary-subtle text-primary [&_svg]:size-6"
        >
          {icon}
        </div>
      ) : null}
      <Heading level={headingLevel} className="font-semibold text-base text-text">
        {title}
      </Heading>
      {description ? <p className="mt-1.5 max-w-sm text-sm text-text-muted">{description}</p> : null}
      {action ? <div className="mt-5 flex flex-wrap justify-center gap-3">{action}</div> : null}
    </div>
  );
}
