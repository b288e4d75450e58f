import type * as React from "react";

/** What a navigation component hands to `renderLink` for each of its links. */
export interface LinkRenderProps {
  href: string;
  className?: string;
  children: React.ReactNode;
  /** `"page"` on the link to the current page, otherwise absent. */
  "aria-current"?: "page";
  onClick?: React.MouseEventHandler<HTMLElement>;
}

/**
 * Renders one navigation link. The default is a plain `<a>`; an app with client-side routing passes
 * its own, e.g. `({ href, ...props }) => <Link to={href} {...props} />` for react-router, and must
 * spread every prop it receives (class, `aria-current`, click handler).
 */
export type RenderLink = (props: LinkRenderProps) => React.ReactNode;

export const renderAnchor: RenderLink = ({ children, ...props }) => <a {...props}>{children}</a>;

/** One entry of a navigation list (header, footer, sidebar). */
export interface NavLinkItem {
  href: string;
  label: React.ReactNode;
  /**
   * Marks this link as the current page. When omitted, the link is current if its `href` equals the
   * component's `currentHref`.
   */
  current?: boolean;
}

/** Whether `item` is the current page, by its own flag first, then by comparing hrefs. */
export function isCurrentLink(item: NavLinkItem, currentHref: string | undefined): boolean {
  return item.current ?? (currentHref !== undefined && item.href === currentHref);
}
