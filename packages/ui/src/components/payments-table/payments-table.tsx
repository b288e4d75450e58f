"use client";

import { cva } from "class-variance-authority";
import * as React from "react";
import { cn } from "../../lib/cn.js";
import { EmptyState } from "../empty-state/empty-state.js";
import { ShowMore, useShowMore } from "../show-more/show-more.js";
import { Skeleton } from "../skeleton/skeleton.js";
import { StatusBadge } from "../status-badge/status-badge.js";

export const paymentsTableVariants = cva(
  "overflow-hidden rounded-2xl border border-border bg-surface text-text shadow-card",
);

export type PaymentStatus = "success" | "pending" | "rejected";

/** One payment, with every display string already formatted by the app. */
export interface PaymentsTableRow {
  /** Stable key of the row. */
  id: string;
  /** Formatted date, e.g. "21 Nov 2026". */
  date: string;
  /** Formatted amount, e.g. "$45.00". */
  amount: string;
  /** Payment method, e.g. "Cryptocurrency (USDT)". */
  method: React.ReactNode;
  status: PaymentStatus;
}

export interface PaymentsTableProps extends Omit<React.ComponentProps<"div">, "children"> {
  rows: readonly PaymentsTableRow[];
  /** The table's caption (its accessible name), e.g. "Payment history". */
  caption: string;
  /**
   * Keeps the caption for screen readers only, when a visible page heading already says it.
   * @defaultValue false
   */
  hideCaption?: boolean;
  /** Column header texts. */
  columns: { date: string; amount: string; method: string; status: string };
  /** Badge text per status, e.g. `{ success: "Paid", pending: "In progress", rejected: "Rejected" }`. */
  statusLabels: Record<PaymentStatus, string>;
  /**
   * How many rows show before "view all"; docs/product.md §9: 5.
   * @defaultValue 5
   */
  initialCount?: number;
  /** Text of the toggle while collapsed, e.g. "View all". */
  viewAllLabel: string;
  /** Text of the toggle while expanded, e.g. "Hide". */
  hideLabel: string;
  /** The polite live count shown next to the toggle, e.g. `(shown, total) => \`Showing ${shown} of ${total}\``. */
  countText: (shown: number, total: number) => string;
  /** Title of the empty state, e.g. "No payments yet". */
  emptyText: React.ReactNode;
  /** Optional second line of the empty state. */
  emptyDescription?: React.ReactNode;
  /** Optional icon of the empty state (a lucide element). */
  emptyIcon?: React.ReactNode;
  /**
   * Heading level of the empty state's title.
   * @defaultValue 3
   */
  emptyHeadingLevel?: 2 | 3 | 4 | 5 | 6;
  /**
   * Shows skeleton rows and marks the table busy.
   * @defaultValue false
   */
  loading?: boolean;
  /** Read by screen readers while loading, e.g. "Loading payments". Required with `loading`. */
  loadingLabel?: string;
  /**
   * How many skeleton rows to show while loading.
   * @defaultValue 3
   */
  loadingRowCount?: number;
  /** Controlled "view all" state. */
  expanded?: boolean;
  /** @defaultValue false */
  defaultExpanded?: boolean;
  onExpandedChange?: (expanded: boolean) => void;
}

/** True while `ref`'s content is wider than its box (so it scrolls sideways). */
function useOverflowsX(ref: React.RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = React.useState(false);
  React.useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

/*
 * Below 640 px each row is laid out as a two-line card instead of four squeezed columns:
 *
 *   Cryptocurrency (USDT)        $45
 *   20 Nov 2026                [Paid]
 *
 * Changing `display` on table elements makes some browsers (Safari, older Chrome) drop their table
 * semantics, so every part also carries its explicit ARIA role (Adrian Roselli, "Tables, CSS
 * Display Properties, and ARIA"). The DOM order stays date, amount, method, status; only the grid
 * placement changes, and nothing in a row is focusable, so reading order is unaffected.
 */
type ColumnKey = "date" | "amount" | "method" | "status";
const COLUMNS: readonly ColumnKey[] = ["date", "amount", "method", "status"];

const cellBase = "block p-0 sm:table-cell sm:px-6 sm:py-4 sm:align-middle";
const cellClass: Record<ColumnKey, string> = {
  date: cn(cellBase, "col-start-1 row-start-2 text-text-muted sm:w-[26%] sm:font-medium sm:text-text"),
  amount: cn(cellBase, "col-start-2 row-start-1 text-right font-semibold tabular-nums sm:w-[16%] sm:text-left"),
  method: cn(cellBase, "col-start-1 row-start-1 min-w-0 font-medium text-text sm:font-normal sm:text-text-muted"),
  status: cn(cellBase, "col-start-2 row-start-2 justify-self-end sm:w-[22%]"),
};
const rowClass = "grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1.5 px-5 py-4 sm:table-row sm:p-0";
const skeletonWidth: Record<ColumnKey, string> = { date: "w-24", amount: "w-12", method: "w-36", status: "w-20" };

/**
 * The account's payment history: a native table (caption, column headers, the date as row header)
 * showing the first `initialCount` rows, with a "view all / hide" disclosure and a polite count.
 */
export function PaymentsTable({
  rows,
  caption,
  hideCaption = false,
  columns,
  statusLabels,
  initialCount = 5,
  viewAllLabel,
  hideLabel,
  countText,
  emptyText,
  emptyDescription,
  emptyIcon,
  emptyHeadingLevel = 3,
  loading = false,
  loadingLabel,
  loadingRowCount = 3,
  expanded: expandedProp,
  defaultExpanded = false,
  onExpandedChange,
  className,
  ...props
}: PaymentsTableProps) {
  const showMore = useShowMore({
    items: loading ? [] : rows,
    initialCount,
    expanded: expandedProp,
    defaultExpanded,
    onExpandedChange,
    caller: "PaymentsTable",
  });
  const { expanded, collapsible } = showMore;
  const id = React.useId();
  const captionId = `${id}-caption`;
  const tbodyId = `${id}-rows`;
  const scrollerRef = React.useRef<HTMLDivElement>(null);
  const overflows = useOverflowsX(scrollerRef);

  const visibleRows = showMore.shown;
  const empty = !loading && rows.length === 0;

  return (
    <div
      data-slot="payments-table"
      data-state={collapsible ? (expanded ? "open" : "closed") : undefined}
      data-loading={loading || undefined}
      className={cn(paymentsTableVariants(), className)}
      {...props}
    >
      <div
        ref={scrollerRef}
        data-slot="payments-table-scroller"
        className="overflow-x-auto outline-offset-[-2px] focus-visible:outline-2 focus-visible:outline-focus"
        // Only a wrapper that really scrolls sideways becomes a named, focusable region, so keyboard
        // users can scroll it; otherwise it would be an empty Tab stop.
        {...(overflows ? { role: "region", "aria-labelledby": captionId, tabIndex: 0 } : {})}
      >
        {/* biome-ignore-start lint/a11y/noRedundantRoles: restores table semantics that the narrow-screen display change removes in some browsers (see above) */}
        <table
          role="table"
          aria-busy={loading || undefined}
          // From 640 px a real table with a minimum width: a narrower box scrolls sideways instead of
          // crushing the columns.
          className="block w-full border-collapse text-left text-sm sm:table sm:min-w-[34rem]"
        >
          <caption
            id={captionId}
            // Sticky, so the visible caption stays in view while the table scrolls sideways.
            className={cn(
              hideCaption
                ? "sr-only"
                : "block px-5 pt-5 pb-4 text-left text-base font-semibold sm:sticky sm:left-0 sm:table-caption sm:px-6",
            )}
          >
            {caption}
          </caption>
          <thead
            role="rowgroup"
            // Phones show no header row (the row layout speaks for itself); screen readers keep it.
            className="sr-only border-y border-border bg-surface-muted text-xs text-text-muted sm:not-sr-only sm:table-header-group"
          >
            <tr role="row" className="sm:table-row">
              {COLUMNS.map((key) => (
                <th
                  key={key}
                  role="columnheader"
                  scope="col"
                  className={cn(cellClass[key], "font-semibold sm:py-3 sm:font-semibold sm:text-text-muted")}
                >
                  {columns[key]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody
            role="rowgroup"
            id={tbodyId}
            className="block divide-y divide-border border-t border-border sm:table-row-group sm:border-t-0"
          >
            {loading
              ? Array.from({ length: loadingRowCount }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                  <tr role="row" key={index} data-slot="payments-table-skeleton-row" className={rowClass}>
                    {COLUMNS.map((key) => (
                      <td role="cell" key={key} className={cellClass[key]}>
                        <Skeleton className={cn(skeletonWidth[key], key === "status" && "h-5 rounded-full")} />
                      </td>
                    ))}
                  </tr>
                ))
              : null}
            {empty ? (
              <tr role="row" className="block sm:table-row">
                <td role="cell" colSpan={4} className="block sm:table-cell">
                  <EmptyState
                    icon={emptyIcon}
                    title={emptyText}
                    headingLevel={emptyHeadingLevel}
                    description={emptyDescription}
                  />
                </td>
              </tr>
            ) : null}
            {!loading
              ? visibleRows.map((row) => (
                  <tr
                    role="row"
                    key={row.id}
                    className={cn(rowClass, "transition-colors sm:hover:bg-surface-muted/60")}
                  >
                    {/* On phones the date shares its line with the status badge: it wraps rather than
                        running under the badge, balanced so the time is not split ("4:45" / "PM"). */}
                    <th
                      role="rowheader"
                      scope="row"
                      className={cn(cellClass.date, "font-normal text-balance sm:whitespace-nowrap")}
                    >
                      {row.date}
                    </th>
                    <td role="cell" className={cn(cellClass.amount, "whitespace-nowrap")}>
                      {row.amount}
                    </td>
                    <td role="cell" className={cellClass.method}>
                      {row.method}
                    </td>
                    <td role="cell" className={cellClass.status}>
                      <StatusBadge status={row.status}>{statusLabels[row.status]}</StatusBadge>
                    </td>
                  </tr>
                ))
              : null}
          </tbody>
        </table>
        {/* biome-ignore-end lint/a11y/noRedundantRoles: see above */}
      </div>
      {/* Always rendered, so a load that starts after mount is announced when the text appears. */}
      <p role="status" className="sr-only">
        {loading ? loadingLabel : null}
      </p>
      {collapsible ? (
        <ShowMore
          expanded={expanded}
          onExpandedChange={showMore.setExpanded}
          controls={tbodyId}
          moreLabel={viewAllLabel}
          lessLabel={hideLabel}
          count={countText(visibleRows.length, rows.length)}
          countPosition="before"
          className="justify-between gap-3 border-t border-border px-5 py-3 sm:px-6"
          buttonClassName="-mr-2"
        />
      ) : null}
    </div>
  );
}
