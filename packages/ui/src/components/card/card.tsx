import { Slot } from "@radix-ui/react-slot";
import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../../lib/cn.js";
import { Heading, type HeadingLevel } from "../../lib/heading.js";

export const cardVariants = cva("flex flex-col gap-5 rounded-xl py-6 text-text", {
  variants: {
    variant: {
      /** White surface with a hairline border and a soft shadow: the default container. */
      default: "border border-border bg-surface shadow-card",
      /** Quiet, flat panel for secondary content inside a page section. */
      muted: "border border-transparent bg-surface-muted",
      /** Draws the eye (recommended plan, current subscription). */
      highlighted: "border border-primary bg-surface shadow-raised ring-1 ring-primary",
    },
  },
  defaultVariants: { variant: "default" },
});

export interface CardProps extends React.ComponentProps<"div">, VariantProps<typeof cardVariants> {
  /**
   * Render the single child (e.g. `<section>`, `<article>`, `<li>`) with the card's styles instead
   * of a `<div>`, so the card can carry the right semantics for its place in the page.
   * @defaultValue false
   */
  asChild?: boolean;
}

/** A surface that groups related content: a plan, a subscription summary, a settings block. */
export function Card({ className, variant, asChild = false, ...props }: CardProps) {
  const Comp = asChild ? Slot : "div";
  const resolved = variant ?? "default";
  return (
    <Comp
      data-slot="card"
      data-variant={resolved}
      className={cn(cardVariants({ variant: resolved }), className)}
      {...props}
    />
  );
}

/** Title, description and an optional action (top-right) of a card. */
export function CardHeader({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="card-header"
      className={cn(
        "grid auto-rows-min grid-cols-[1fr_auto] items-start gap-x-4 gap-y-1.5 px-6 [&>:not([data-slot=card-action])]:col-start-1",
        className,
      )}
      {...props}
    />
  );
}

export interface CardTitleProps extends React.ComponentProps<"h3"> {
  /**
   * Heading level, chosen by the page so the outline stays correct (a card under an `h2` section
   * title is an `h3`).
   * @defaultValue 3
   */
  headingLevel?: HeadingLevel;
}

/** The card's title: always a real heading, so screen-reader users can jump between cards. */
export function CardTitle({ className, headingLevel = 3, ...props }: CardTitleProps) {
  return (
    <Heading
      level={headingLevel}
      data-slot="card-title"
      className={cn("font-semibold text-lg text-text leading-snug tracking-tight", className)}
      {...props}
    />
  );
}

/** Supporting text under the title. */
export function CardDescription({ className, ...props }: React.ComponentProps<"p">) {
  return <p data-slot="card-description" className={cn("text-sm text-text-muted", className)} {...props} />;
}

/** A control in the header's top-right corner (a badge, an icon button). */
export function CardAction({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="card-action"
      className={cn("col-start-2 row-span-2 row-start-1 self-start justify-self-end", className)}
      {...props}
    />
  );
}

/** The body of the card. */
export function CardContent({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="card-content" className={cn("px-6 text-sm", className)} {...props} />;
}

/** Actions at the bottom of the card. */
export function CardFooter({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="card-footer" className={cn("flex items-center gap-3 px-6", className)} {...props} />;
}
