"use client";

import { useControllableState } from "@radix-ui/react-use-controllable-state";
import { cva } from "class-variance-authority";
import { CircleCheck } from "lucide-react";
import * as React from "react";
import { cn } from "../../lib/cn.js";
import { InlineError } from "../alert/alert.js";
import { useField } from "../field/field.js";
import { ShowMore, useShowMore } from "../show-more/show-more.js";
import { Skeleton } from "../skeleton/skeleton.js";

/** docs/product.md §9: 12 tokens show at first. */
export const DEFAULT_INITIAL_TOKEN_COUNT = 12;

export interface TokenOption {
  /** The token code, e.g. "USDTTRC"; what `value` holds. */
  value: string;
  /** The display label, e.g. "USDT TRC-20". */
  label: React.ReactNode;
  /** A second line, e.g. the network. */
  description?: React.ReactNode;
  /** A decorative icon or logo (hidden from assistive technology by the grid). */
  icon?: React.ReactNode;
}

export const tokenOptionVariants = cva([
  "group/token relative flex min-h-16 cursor-pointer items-center gap-3 rounded-lg border bg-surface p-3 shadow-card",
  "border-border-strong/40 transition-[border-color,background-color,box-shadow] duration-150",
  "hover:border-primary/60 hover:bg-surface-muted/60",
  "has-checked:border-primary has-checked:bg-primary-subtle has-checked:shadow-none has-checked:ring-1 has-checked:ring-primary",
  "has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-focus",
]);

export interface TokenGridProps {
  /** The group's visible label (legend), e.g. "Choose a token". */
  label: React.ReactNode;
  /** Shows the legend only to assistive technology (when a heading above already says it). */
  hideLabel?: boolean;
  /** Every token, in display order. */
  tokens: TokenOption[];
  /** The chosen token code (controlled); `null` for none. */
  value?: string | null;
  /**
   * The token chosen at first (uncontrolled).
   * @defaultValue null
   */
  defaultValue?: string | null;
  /** Called with the token code when the user chooses one. */
  onValueChange?: (value: string) => void;
  /** Form field name of the radios. Defaults to a generated one. */
  name?: string;
  /**
   * How many tokens show before "show more".
   * @defaultValue 12
   */
  initialCount?: number;
  /** Whether every token is shown (controlled). */
  expanded?: boolean;
  /** @defaultValue false */
  defaultExpanded?: boolean;
  onExpandedChange?: (expanded: boolean) => void;
  /** Toggle text while collapsed, e.g. "Show more". */
  showMoreLabel: string;
  /** Toggle text while expanded, e.g. "Show less". */
  showLessLabel: string;
  /** The count next to the toggle, announced politely when it changes: `(shown, total) => "Showing 12 of 20"`. */
  countText: (shown: number, total: number) => string;
  /**
   * Draws placeholder tiles and marks the group busy.
   * @defaultValue false
   */
  loading?: boolean;
  /** Said to assistive technology while loading, e.g. "Loading tokens". */
  loadingLabel?: string;
  /** Error text ("Failed to load token list", docs/product.md §8.3); replaces the grid, announced as an alert. */
  error?: React.ReactNode;
  /** Shown instead of the grid when there are no tokens (and no error). */
  empty?: React.ReactNode;
  className?: string;
}

/**
 * The token step of the payment screen: token choices as a native radio group (arrow keys move and
 * choose, Tab leaves the group), the first `initialCount` shown, then a show more / show less
 * disclosure with a polite count.
 */
export function TokenGrid({
  label,
  hideLabel = false,
  tokens,
  value: valueProp,
  defaultValue = null,
  onValueChange,
  name,
  initialCount = DEFAULT_INITIAL_TOKEN_COUNT,
  expanded: expandedProp,
  defaultExpanded = false,
  onExpandedChange,
  showMoreLabel,
  showLessLabel,
  countText,
  loading = false,
  loadingLabel,
  error,
  empty,
  className,
}: TokenGridProps) {
  const id = React.useId();
  const listId = `${id}-list`;
  const [value, setValue] = useControllableState<string | null>({
    prop: valueProp,
    defaultProp: defaultValue,
    caller: "TokenGrid",
    onChange: (next) => {
      if (next !== null) onValueChange?.(next);
    },
  });
  const { expanded, setExpanded, collapsible, shown } = useShowMore({
    items: tokens,
    initialCount,
    expanded: expandedProp,
    defaultExpanded,
    onExpandedChange,
    caller: "TokenGrid",
  });

  // The error replaces the grid and is announced; the group is described by it too.
  const field = useField({ id: `${id}-group`, error });
  const hasError = field.hasError;

  let body: React.ReactNode;
  if (loading) {
    body = (
      <>
        <div aria-hidden="true" className="grid grid-cols-2 gap-3 @md:grid-cols-3 @2xl:grid-cols-4">
          {Array.from({ length: Math.min(initialCount, 8) }, (_, index) => `placeholder-${index}`).map((key) => (
            <div key={key} className="flex min-h-16 items-center gap-3 rounded-lg border border-border bg-surface p-3">
              <Skeleton shape="circle" className="size-8" />
              <Skeleton className="w-20" />
            </div>
          ))}
        </div>
        {loadingLabel ? <p className="sr-only">{loadingLabel}</p> : null}
      </>
    );
  } else if (hasError) {
    body = (
      <InlineError
        id={field.errorId}
        className="gap-2 rounded-lg border border-danger/30 bg-danger-surface p-4 text-danger-foreground"
      >
        {error}
      </InlineError>
    );
  } else if (tokens.length === 0) {
    body = <div className="rounded-lg border border-border border-dashed p-6 text-center text-text-muted">{empty}</div>;
  } else {
    body = (
      <div id={listId} className="grid grid-cols-2 gap-3 @md:grid-cols-3 @2xl:grid-cols-4">
        {shown.map((token) => (
          <label key={token.value} data-slot="token-option" className={tokenOptionVariants()}>
            <input
              type="radio"
              name={name ?? `${id}-token`}
              value={token.value}
              checked={value === token.value}
              onChange={() => setValue(token.value)}
              className="peer sr-only"
            />
            {token.icon ? (
              <span
                aria-hidden="true"
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-surface-muted text-text [&_svg]:size-4"
              >
                {token.icon}
              </span>
            ) : null}
            <span className="grid min-w-0 flex-1">
              <span className="truncate font-semibold text-sm text-text">{token.label}</span>
              {token.description ? <span className="truncate text-text-muted text-xs">{token.description}</span> : null}
            </span>
            <CircleCheck aria-hidden="true" className="invisible size-5 shrink-0 text-primary peer-checked:visible" />
          </label>
        ))}
      </div>
    );
  }

  return (
    <fieldset
      data-slot="token-grid"
      data-state={collapsible ? (expanded ? "open" : "closed") : undefined}
      data-invalid={hasError || undefined}
      aria-describedby={field.controlProps["aria-describedby"]}
      aria-busy={loading || undefined}
      className={cn("m-0 grid min-w-0 gap-4 border-0 p-0", className)}
    >
      <legend className={cn("mb-3 p-0 font-semibold text-base text-text", hideLabel && "sr-only")}>{label}</legend>
      {/* Columns follow the space the grid gets, not the viewport. */}
      <div className="@container">{body}</div>
      {collapsible && !loading && !hasError ? (
        <ShowMore
          expanded={expanded}
          onExpandedChange={setExpanded}
          controls={listId}
          moreLabel={showMoreLabel}
          lessLabel={showLessLabel}
          count={countText(shown.length, tokens.length)}
        />
      ) : null}
    </fieldset>
  );
}
