import { cva, type VariantProps } from "class-variance-authority";
import * as React from "react";
import { cn } from "../../lib/cn.js";
import { Heading, type HeadingLevel } from "../../lib/heading.js";
import { Skeleton } from "../skeleton/skeleton.js";
import { Spinner } from "../spinner/spinner.js";

export const deviceListVariants = cva("flex flex-col", {
  variants: {
    variant: {
      /** Rows divided by rules, inside a card or section that already has a frame. */
      plain: "divide-y divide-border",
      /** Each row is a card of its own. */
      cards: "gap-3 [&>li]:rounded-xl [&>li]:border [&>li]:border-border [&>li]:bg-surface [&>li]:px-4",
    },
  },
  defaultVariants: { variant: "plain" },
});

export interface DeviceListProps extends React.ComponentProps<"ul">, VariantProps<typeof deviceListVariants> {
  /** The list's accessible name, e.g. "Your devices". */
  label: string;
  /** Placeholder rows and a polite `loadingLabel` instead of the items. */
  loading?: boolean;
  /** Announced while loading, e.g. "Loading devices". */
  loadingLabel?: string;
  /** @defaultValue 2 */
  loadingRowCount?: number;
}

/**
 * A list of things the account owns (devices, keys), one `DeviceListItem` each: a native `<ul>`
 * named by `label`. While `loading` it shows placeholder rows hidden from assistive technology and
 * announces `loadingLabel` instead.
 */
export function DeviceList({
  label,
  loading = false,
  loadingLabel,
  loadingRowCount = 2,
  variant,
  className,
  children,
  ...props
}: DeviceListProps) {
  const resolved = variant ?? "plain";
  if (loading) {
    return (
      <div data-slot="device-list" data-variant={resolved} data-loading="" aria-busy="true">
        <Spinner label={loadingLabel} className="sr-only" />
        <ul aria-hidden="true" className={cn(deviceListVariants({ variant }), className)}>
          {Array.from({ length: loadingRowCount }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={i} className="flex flex-col gap-2 py-4">
              <Skeleton className="w-48" shape="heading" />
              <Skeleton className="w-64 max-w-full" />
              <Skeleton className="w-40" />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <ul
      aria-label={label}
      data-slot="device-list"
      data-variant={resolved}
      className={cn(deviceListVariants({ variant }), className)}
      {...props}
    >
      {children}
    </ul>
  );
}

export interface DeviceListDetail {
  /** The term, e.g. "Addresses". */
  term: string;
  /** Its value; long values (IPv6 addresses) wrap. */
  value: React.ReactNode;
}

export interface DeviceListItemProps extends Omit<React.ComponentProps<"li">, "title"> {
  /** The item's name, e.g. "Happy Seagull": its heading and the name of the list item. */
  name: React.ReactNode;
  /** @defaultValue 3 */
  headingLevel?: HeadingLevel;
  /** A badge or note beside the name (e.g. a StatusBadge). */
  badge?: React.ReactNode;
  /** Facts about the item, shown as a description list. */
  details?: DeviceListDetail[];
  /** Buttons acting on this item; give each a name that says which item ("Rename Happy Seagull"). */
  actions?: React.ReactNode;
  /** An icon in front of the name; decorative. */
  icon?: React.ReactNode;
  /** Marks the row while something runs on it (e.g. a removal). */
  busy?: boolean;
}

/** One item of a `DeviceList`: heading, badge, a description list of details, and its actions. */
export function DeviceListItem({
  name,
  headingLevel = 3,
  badge,
  details = [],
  actions,
  icon,
  busy = false,
  className,
  children,
  ...props
}: DeviceListItemProps) {
  const headingId = React.useId();
  return (
    <li
      aria-labelledby={headingId}
      aria-busy={busy || undefined}
      data-slot="device-list-item"
      data-busy={busy || undefined}
      className={cn("flex flex-col gap-3 py-4", className)}
      {...props}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        {icon ? (
          <span
            aria-hidden="true"
            className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-surface-muted text-text-muted [&_svg]:size-5"
          >
            {icon}
          </span>
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Heading
              level={headingLevel}
              id={headingId}
              className="min-w-0 break-words font-medium text-base text-text"
            >
              {name}
            </Heading>
            {badge}
          </div>
          {details.length > 0 ? (
            <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
              {details.map((detail) => (
                <div key={detail.term} className="contents">
                  <dt className="text-text-muted">{detail.term}</dt>
                  <dd className="mb-1 min-w-0 break-words text-text sm:mb-0">{detail.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {children}
        </div>
      </div>
      {actions ? (
        // Below the facts, not beside them: a column of buttons beside long names, IPv6 addresses and
        // Russian labels squeezed them into a narrow strip.
        <div data-slot="device-list-item-actions" className={cn("flex flex-wrap gap-2", icon ? "sm:pl-12" : undefined)}>
          {actions}
        </div>
      ) : null}
    </li>
  );
}
