"use client";

import { useControllableState } from "@radix-ui/react-use-controllable-state";
import { ChevronDown } from "lucide-react";
import { cn } from "../../lib/cn.js";
import { Button } from "../button/button.js";

export interface UseShowMoreOptions<T> {
  items: readonly T[];
  /** How many items show while collapsed. */
  initialCount: number;
  /** Controlled state; `undefined` leaves it to the hook. */
  expanded: boolean | undefined;
  defaultExpanded: boolean;
  onExpandedChange: ((expanded: boolean) => void) | undefined;
  /** Component name for Radix's controlled/uncontrolled warning. */
  caller: string;
}

/**
 * The "first n, then all" state that PaymentsTable and TokenGrid share: whether there is more to
 * show, which items show, and the controllable expanded flag.
 */
export function useShowMore<T>({
  items,
  initialCount,
  expanded: expandedProp,
  defaultExpanded,
  onExpandedChange,
  caller,
}: UseShowMoreOptions<T>) {
  const [expanded, setExpanded] = useControllableState({
    prop: expandedProp,
    defaultProp: defaultExpanded,
    onChange: onExpandedChange,
    caller,
  });
  const collapsible = items.length > initialCount;
  const shown = collapsible && !expanded ? items.slice(0, initialCount) : items;
  return { expanded, setExpanded, collapsible, shown };
}

export interface ShowMoreProps {
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  /** Id of the element whose items the toggle adds and removes. */
  controls: string;
  /** Toggle text while collapsed ("Show more", "View all"). */
  moreLabel: string;
  /** Toggle text while expanded ("Show less", "Hide"). */
  lessLabel: string;
  /** The count, e.g. "Showing 5 of 12". */
  count: string;
  /**
   * Where the count sits relative to the toggle.
   * @defaultValue "after"
   */
  countPosition?: "before" | "after";
  className?: string;
  buttonClassName?: string;
}

/**
 * A disclosure button (`aria-expanded`, `aria-controls`) with a polite live count beside it. Focus
 * stays on the button; the count is a `status`, so the new number is read after the button's own
 * state change without interrupting it.
 */
export function ShowMore({
  expanded,
  onExpandedChange,
  controls,
  moreLabel,
  lessLabel,
  count,
  countPosition = "after",
  className,
  buttonClassName,
}: ShowMoreProps) {
  const status = (
    <p role="status" data-slot="show-more-count" className="text-sm text-text-muted">
      {count}
    </p>
  );
  return (
    <div data-slot="show-more" className={cn("flex flex-wrap items-center gap-x-4 gap-y-2", className)}>
      {countPosition === "before" ? status : null}
      <Button
        variant="ghost"
        size="sm"
        data-slot="show-more-toggle"
        aria-expanded={expanded}
        aria-controls={controls}
        onClick={() => onExpandedChange(!expanded)}
        className={cn("group text-primary hover:text-primary-hover", buttonClassName)}
      >
        {expanded ? lessLabel : moreLabel}
        <ChevronDown
          aria-hidden="true"
          className="motion-safe:transition-transform motion-safe:duration-200 group-aria-expanded:rotate-180"
        />
      </Button>
      {countPosition === "after" ? status : null}
    </div>
  );
}
