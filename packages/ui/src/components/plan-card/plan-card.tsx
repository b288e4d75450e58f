"use client";

import { cva } from "class-variance-authority";
import { Check } from "lucide-react";
import * as React from "react";
import { cn } from "../../lib/cn.js";
import { Heading } from "../../lib/heading.js";
import { Button } from "../button/button.js";

export const planCardVariants = cva(
  "relative flex h-full flex-col rounded-2xl border bg-surface p-6 transition-shadow duration-200 sm:p-7",
  {
    variants: {
      highlighted: {
        false: "border-border shadow-card hover:shadow-raised",
        // Distinct without relying on colour alone: a thicker primary frame, a lifted shadow, a
        // tinted top and a visible badge. Forced colors drop the ring (a box-shadow), the shadow and
        // the tint: an outline draws the thicker frame again there.
        true: "border-primary bg-linear-to-b from-primary-subtle from-0% to-surface to-45% shadow-raised ring-1 ring-primary forced-colors:outline forced-colors:outline-offset-0 forced-colors:outline-[CanvasText]",
      },
    },
    defaultVariants: { highlighted: false },
  },
);

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 2 });

/** The default `formatPrice`: en-US dollars the way the pricing shows them, "$45", "$2.50". */
function formatUsd(amount: number): string {
  return usd.format(amount).replace(/\.00$/, "");
}

export interface PlanCardProps extends Omit<React.ComponentProps<"article">, "title" | "children"> {
  /** The plan's name, e.g. "1 Year"; rendered as a heading and appended to the CTA's accessible name. */
  title: string;
  /**
   * Heading level of the title.
   * @defaultValue 3
   */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** Price in dollars: a number (formatted by `formatPrice`) or an already formatted string. */
  price: number | string;
  /**
   * Formats a numeric `price`.
   * @defaultValue en-US dollars without trailing ".00" ("$45")
   */
  formatPrice?: (amount: number) => string;
  /** Text after the price, e.g. "/ year" or "за год". */
  period?: React.ReactNode;
  /** The duration, e.g. "365 days". */
  days?: React.ReactNode;
  description?: React.ReactNode;
  /** Short selling points, rendered as a list with check marks. */
  features?: readonly React.ReactNode[];
  /**
   * Makes the card stand out (frame, shadow, badge, primary CTA).
   * @defaultValue false
   */
  highlighted?: boolean;
  /** Badge text shown on a highlighted card, e.g. "Best value". */
  badge?: React.ReactNode;
  /** Visible CTA text, e.g. "Choose". Screen readers hear it followed by the title ("Choose 1 Year"). */
  ctaLabel: string;
  /** Called when the CTA is activated. */
  onChoose?: () => void;
  /**
   * Replaces the CTA button with your own element (e.g. a router Link) styled as the button; it gets
   * the same content, so its name still includes the plan.
   */
  renderCta?: (cta: { children: React.ReactNode; variant: "primary" | "outline" }) => React.ReactNode;
}

/** One subscription plan: name, price, duration, description, features and a choose button. */
export function PlanCard({
  title,
  headingLevel = 3,
  price,
  formatPrice = formatUsd,
  period,
  days,
  description,
  features,
  highlighted = false,
  badge,
  ctaLabel,
  onChoose,
  renderCta,
  className,
  ...props
}: PlanCardProps) {
  const headingId = React.useId();
  const variant = highlighted ? "primary" : "outline";
  const ctaContent = (
    <>
      {ctaLabel}
      <span className="sr-only"> {title}</span>
    </>
  );

  return (
    // A self-contained, named article, so entering a card (e.g. in the carousel) announces the plan.
    <article
      aria-labelledby={headingId}
      data-slot="plan-card"
      data-highlighted={highlighted || undefined}
      className={cn(planCardVariants({ highlighted }), className)}
      {...props}
    >
      <div className="flex items-start justify-between gap-3">
        <Heading level={headingLevel} id={headingId} className="text-lg font-semibold tracking-tight text-text">
          {title}
        </Heading>
        {highlighted && badge ? (
          <span
            data-slot="plan-card-badge"
            // Forced colors drop the filled background: a border keeps it a badge there.
            className="inline-flex shrink-0 items-center rounded-full bg-primary px-2.5 py-1 text-xs font-semibold text-primary-foreground forced-colors:border forced-colors:border-[CanvasText]"
          >
            {badge}
          </span>
        ) : null}
      </div>
      {days ? <p className="mt-1 text-sm text-text-muted">{days}</p> : null}
      <p className="mt-6 flex flex-wrap items-baseline gap-x-1.5">
        <span className="text-4xl font-bold tracking-tight text-text">
          {typeof price === "number" ? formatPrice(price) : price}
        </span>
        {period ? <span className="text-sm font-medium text-text-muted">{period}</span> : null}
      </p>
      {description ? <p className="mt-4 text-sm text-text-muted">{description}</p> : null}
      {features && features.length > 0 ? (
        <ul className="mt-6 flex flex-col gap-3 border-t border-border pt-6 text-sm text-text">
          {features.map((feature, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: features are static display text
            <li key={index} className="flex gap-2.5">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" strokeWidth={2.5} />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto pt-8">
        {renderCta ? (
          renderCta({ children: ctaContent, variant })
        ) : (
          <Button variant={variant} size="lg" className="w-full" onClick={onChoose}>
            {ctaContent}
          </Button>
        )}
      </div>
    </article>
  );
}
