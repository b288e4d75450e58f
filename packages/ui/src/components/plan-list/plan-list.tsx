"use client";

import { cva } from "class-variance-authority";
import { ChevronLeft, ChevronRight } from "lucide-react";
import * as React from "react";
import { cn } from "../../lib/cn.js";
import { PlanCard, type PlanCardProps } from "../plan-card/plan-card.js";

export const planListTrackVariants = cva([
  // Below 768 px a scroll-snap carousel: each card takes most of the width and the next one peeks in.
  "-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pt-1 pb-4",
  "[scrollbar-width:none] [&::-webkit-scrollbar]:hidden",
  // From 768 px a grid: two columns, four from 1024 px.
  "md:mx-0 md:grid md:snap-none md:grid-cols-2 md:gap-6 md:overflow-visible md:p-0 lg:grid-cols-4 lg:gap-5",
]);

/** One plan in the list: the card's content plus a stable id passed back to `onChoose`. */
export interface PlanListPlan
  extends Pick<PlanCardProps, "title" | "price" | "period" | "days" | "description" | "features"> {
  id: string;
  /** Overrides the list's `ctaLabel` for this plan. */
  ctaLabel?: string;
}

export interface PlanListProps extends Omit<React.ComponentProps<"section">, "children"> {
  plans: readonly PlanListPlan[];
  /** Accessible name of the list's region, e.g. "Plans". */
  label: string;
  /**
   * Which plan (by position) is highlighted; docs/product.md §9: the fourth.
   * @defaultValue 3
   */
  highlightedIndex?: number;
  /** Badge text of the highlighted plan, e.g. "Best value". */
  highlightedBadge?: React.ReactNode;
  /** Visible CTA text of every card, e.g. "Choose" (read as "Choose 1 Year"). */
  ctaLabel: string;
  /** Called with the chosen plan. */
  onChoose?: (plan: PlanListPlan) => void;
  /** Replaces each CTA (e.g. with a router Link); see PlanCard. */
  renderCta?: (plan: PlanListPlan, cta: Parameters<NonNullable<PlanCardProps["renderCta"]>>[0]) => React.ReactNode;
  /** Shown instead of the list when `plans` is empty. */
  emptyText: React.ReactNode;
  /** Accessible names of the carousel arrows (narrow screens), e.g. "Previous plan" / "Next plan". */
  previousLabel: string;
  nextLabel: string;
  /** @defaultValue 3 */
  headingLevel?: PlanCardProps["headingLevel"];
  formatPrice?: PlanCardProps["formatPrice"];
}

interface ScrollEdges {
  atStart: boolean;
  atEnd: boolean;
}

/**
 * Tracks whether a horizontal scroller is at its start / end (1 px slack for sub-pixel widths).
 * Before it can measure (server HTML, before hydration) it assumes what a carousel of several
 * cards shows first: at the start, more to the right. So "Next" is live in prerendered HTML, and a
 * tap on it before the page's script runs can be replayed once it does.
 */
function useScrollEdges(ref: React.RefObject<HTMLElement | null>, items: readonly unknown[]): ScrollEdges {
  const [edges, setEdges] = React.useState<ScrollEdges>(() => ({ atStart: true, atEnd: items.length < 2 }));
  const update = React.useCallback(() => {
    const el = ref.current;
    if (!el) return;
    setEdges({
      atStart: el.scrollLeft <= 1,
      atEnd: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1,
    });
  }, [ref]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: items re-measures when the plans change
  React.useEffect(() => {
    const el = ref.current;
    if (!el) return;
    update();
    el.addEventListener("scroll", update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => {
      el.removeEventListener("scroll", update);
      observer.disconnect();
    };
  }, [ref, update, items]);
  return edges;
}

function prefersReducedMotion(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/**
 * The plan list of the landing page and the subscription screen: a grid of PlanCards from 768 px,
 * a scroll-snap carousel with previous/next buttons below it. One plan (index 3) is highlighted.
 */
export function PlanList({
  plans,
  label,
  highlightedIndex = 3,
  highlightedBadge,
  ctaLabel,
  onChoose,
  renderCta,
  emptyText,
  previousLabel,
  nextLabel,
  headingLevel = 3,
  formatPrice,
  className,
  ...props
}: PlanListProps) {
  const trackRef = React.useRef<HTMLUListElement>(null);
  const { atStart, atEnd } = useScrollEdges(trackRef, plans);

  if (plans.length === 0) {
    return (
      <section aria-label={label} data-slot="plan-list" data-empty="" className={className} {...props}>
        <p className="rounded-2xl border border-dashed border-border-strong/40 bg-surface px-6 py-12 text-center text-text-muted">
          {emptyText}
        </p>
      </section>
    );
  }

  function scrollByCard(direction: -1 | 1) {
    const track = trackRef.current;
    const card = track?.firstElementChild as HTMLElement | null;
    if (!track || !card) return;
    const gap = Number.parseFloat(getComputedStyle(track).columnGap) || 0;
    track.scrollTo({
      left: track.scrollLeft + direction * (card.offsetWidth + gap),
      behavior: prefersReducedMotion() ? "auto" : "smooth",
    });
  }

  const arrowClass = cn(
    "inline-flex size-11 cursor-pointer items-center justify-center rounded-full border border-border-strong/45 bg-surface text-text shadow-card",
    "transition-colors outline-offset-2 hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-focus",
    // aria-disabled rather than disabled: a focused arrow that reaches the end keeps focus.
    "aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-surface",
  );

  return (
    <section aria-label={label} data-slot="plan-list" className={cn("relative", className)} {...props}>
      <ul ref={trackRef} data-slot="plan-list-track" className={planListTrackVariants()}>
        {plans.map((plan, index) => {
          const highlighted = index === highlightedIndex;
          return (
            <li key={plan.id} className="w-[82%] max-w-80 shrink-0 snap-center md:w-auto md:max-w-none">
              <PlanCard
                title={plan.title}
                price={plan.price}
                period={plan.period}
                days={plan.days}
                description={plan.description}
                features={plan.features}
                headingLevel={headingLevel}
                formatPrice={formatPrice}
                highlighted={highlighted}
                badge={highlighted ? highlightedBadge : undefined}
                ctaLabel={plan.ctaLabel ?? ctaLabel}
                onChoose={onChoose ? () => onChoose(plan) : undefined}
                renderCta={renderCta ? (cta) => renderCta(plan, cta) : undefined}
              />
            </li>
          );
        })}
      </ul>
      <div data-slot="plan-list-controls" className="mt-2 flex items-center justify-center gap-3 md:hidden">
        <button
          type="button"
          className={arrowClass}
          aria-label={previousLabel}
          aria-disabled={atStart || undefined}
          onClick={() => !atStart && scrollByCard(-1)}
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </button>
        <button
          type="button"
          className={arrowClass}
          aria-label={nextLabel}
          aria-disabled={atEnd || undefined}
          onClick={() => !atEnd && scrollByCard(1)}
        >
          <ChevronRight aria-hidden="true" className="size-5" />
        </button>
      </div>
    </section>
  );
}
