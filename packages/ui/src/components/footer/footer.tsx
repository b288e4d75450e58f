import { cva } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../../lib/cn.js";
import { Heading } from "../../lib/heading.js";
import { isCurrentLink, type NavLinkItem, type RenderLink, renderAnchor } from "../../lib/link.js";

export const footerLinkVariants = cva([
  "inline-flex min-h-6 items-center rounded-sm text-sm text-text-muted underline-offset-4 transition-colors",
  "focus-visible:outline-offset-2 focus-visible:outline-2 focus-visible:outline-focus hover:text-text hover:underline",
  // The active link is not told by colour alone: it is also bold and keeps a visible underline.
  "aria-[current=page]:font-semibold aria-[current=page]:text-primary aria-[current=page]:underline aria-[current=page]:decoration-2",
]);

/** A titled column of footer links. */
export interface FooterLinkGroup {
  heading: React.ReactNode;
  links: readonly NavLinkItem[];
}

export interface FooterProps extends Omit<React.ComponentProps<"footer">, "children"> {
  /** The brand block at the start: logo, name, a short line about the product. */
  brand?: React.ReactNode;
  /** The link columns (the product uses three: legal and contact, sections, help). */
  groups: readonly FooterLinkGroup[];
  /** The `href` of the current page; matching links get `aria-current="page"`. */
  currentHref?: string;
  /** Accessible name of the footer's `nav` landmark, e.g. "Footer". */
  navLabel: string;
  /**
   * Heading level of the column titles.
   * @defaultValue 2
   */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** The bottom line, e.g. a copyright notice. */
  legal?: React.ReactNode;
  /** Renders each link; pass the router's Link here. @defaultValue a plain `<a>` */
  renderLink?: RenderLink;
}

/** The site footer: a brand block and columns of links, each column a heading and a list. */
export function Footer({
  brand,
  groups,
  currentHref,
  navLabel,
  headingLevel = 2,
  legal,
  renderLink = renderAnchor,
  className,
  ...props
}: FooterProps) {
  return (
    <footer data-slot="footer" className={cn("border-t border-border bg-surface", className)} {...props}>
      <div
        className={cn(
          "mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:gap-16 lg:px-8 lg:py-16",
          // The brand takes the first column only when there is one; otherwise the links use the full width.
          brand && "lg:grid-cols-[minmax(0,1.4fr)_minmax(0,3fr)]",
        )}
      >
        {brand ? (
          <div data-slot="footer-brand" className="flex max-w-sm flex-col gap-3 text-sm text-text-muted">
            {brand}
          </div>
        ) : null}
        <nav aria-label={navLabel} data-slot="footer-nav" className="grid grid-cols-2 gap-x-6 gap-y-10 sm:grid-cols-3">
          {groups.map((group, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: groups are static and headings may be nodes
            <div key={index} data-slot="footer-group" className="flex flex-col gap-4">
              <Heading level={headingLevel} className="text-sm font-semibold text-text">
                {group.heading}
              </Heading>
              <ul className="flex flex-col gap-3">
                {group.links.map((link) => (
                  <li key={link.href}>
                    {renderLink({
                      href: link.href,
                      className: footerLinkVariants(),
                      "aria-current": isCurrentLink(link, currentHref) ? "page" : undefined,
                      children: link.label,
                    })}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      {legal ? (
        <div className="border-t border-border">
          <div className="mx-auto max-w-7xl px-4 py-6 text-sm text-text-muted sm:px-6 lg:px-8">{legal}</div>
        </div>
      ) : null}
    </footer>
  );
}
