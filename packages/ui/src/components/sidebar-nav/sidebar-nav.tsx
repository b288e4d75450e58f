"use client";

import { cva, type VariantProps } from "class-variance-authority";
import * as React from "react";
import { cn } from "../../lib/cn.js";
import { isCurrentLink, type NavLinkItem, type RenderLink, renderAnchor } from "../../lib/link.js";

export const sidebarNavLinkVariants = cva(
  [
    "relative flex min-h-11 items-center gap-3 whitespace-nowrap rounded-lg px-3 text-sm font-medium transition-colors duration-150",
    "focus-visible:outline-offset-2 focus-visible:outline-2 focus-visible:outline-focus",
    "[&_svg]:size-[1.125rem] [&_svg]:shrink-0",
    // Current page: tinted background and bold text, plus a bar at the start on wide screens, so it
    // is not told by colour alone.
    "aria-[current=page]:bg-primary-subtle aria-[current=page]:font-semibold",
    "md:aria-[current=page]:before:absolute md:aria-[current=page]:before:inset-y-2.5 md:aria-[current=page]:before:left-0 md:aria-[current=page]:before:w-[3px] md:aria-[current=page]:before:rounded-full md:aria-[current=page]:before:bg-current",
  ],
  {
    variants: {
      tone: {
        default:
          "text-text-muted hover:bg-surface-muted hover:text-text aria-[current=page]:text-primary-subtle-foreground",
        /** For destructive destinations such as "Delete account". */
        danger:
          "text-danger hover:bg-danger-surface hover:text-danger-foreground aria-[current=page]:bg-danger-surface aria-[current=page]:text-danger-foreground",
      },
    },
    defaultVariants: { tone: "default" },
  },
);

/** One sidebar destination: a link with an icon. */
export interface SidebarNavItem extends NavLinkItem, VariantProps<typeof sidebarNavLinkVariants> {
  /** A lucide-react icon element; it is decorative (hidden from assistive technology). */
  icon?: React.ReactNode;
}

export interface SidebarNavProps extends Omit<React.ComponentProps<"nav">, "children"> {
  /** Accessible name of the `nav` landmark, e.g. "Account". */
  label: string;
  items: readonly SidebarNavItem[];
  /** The `href` of the current page; the matching item gets `aria-current="page"`. */
  currentHref?: string;
  /** Renders each link; pass the router's Link here. @defaultValue a plain `<a>` */
  renderLink?: RenderLink;
}

/**
 * The account area's navigation. From 768 px (`md:`) it is a vertical list; below, a single row
 * that scrolls sideways (scroll-snapped), with the current entry scrolled into view on mount, so
 * every destination stays one tap away without a disclosure step.
 */
export function SidebarNav({
  label,
  items,
  currentHref,
  renderLink = renderAnchor,
  className,
  ...props
}: SidebarNavProps) {
  const listRef = React.useRef<HTMLUListElement>(null);
  const currentIndex = items.findIndex((item) => isCurrentLink(item, currentHref));

  React.useEffect(() => {
    const list = listRef.current;
    if (!list || currentIndex < 0) return;
    const reveal = () => {
      const current = list.children[currentIndex] as HTMLElement | undefined;
      if (!current || list.scrollWidth <= list.clientWidth) return;
      // Scroll only the row (not the page, as scrollIntoView would) to the current entry's own snap
      // position (its start, less the scroll padding). Any other offset, such as centring it, is not
      // a snap point: the browser would snap to a neighbour, and which one depends on timing.
      const padding = Number.parseFloat(getComputedStyle(list).scrollPaddingLeft) || 0;
      const offset = current.getBoundingClientRect().left - list.getBoundingClientRect().left;
      list.scrollLeft = list.scrollLeft + offset - padding;
    };
    reveal();
    // Widths settle after the first paint (the web font swaps in, a phone turns): reveal it again
    // whenever the row or an entry changes size, or the current entry can end up off screen.
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(reveal);
    observer.observe(list);
    for (const entry of Array.from(list.children)) observer.observe(entry);
    return () => observer.disconnect();
  }, [currentIndex]);

  return (
    <nav aria-label={label} data-slot="sidebar-nav" className={cn("min-w-0", className)} {...props}>
      <ul
        ref={listRef}
        className={cn(
          "flex snap-x snap-proximity scroll-px-4 gap-1 overflow-x-auto pb-1 [scrollbar-width:thin]",
          "md:snap-none md:flex-col md:overflow-visible md:pb-0",
        )}
      >
        {items.map((item, index) => (
          <li key={item.href} className="shrink-0 snap-start">
            {renderLink({
              href: item.href,
              // cn() so the tone's current-page background replaces the default one.
              className: cn(sidebarNavLinkVariants({ tone: item.tone })),
              "aria-current": index === currentIndex ? "page" : undefined,
              children: (
                <>
                  {item.icon ? (
                    <span aria-hidden="true" className="inline-flex">
                      {item.icon}
                    </span>
                  ) : null}
                  <span>{item.label}</span>
                </>
              ),
            })}
          </li>
        ))}
      </ul>
    </nav>
  );
}
