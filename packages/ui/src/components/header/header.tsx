"use client";

import { useControllableState } from "@radix-ui/react-use-controllable-state";
import { cva } from "class-variance-authority";
import { Menu, X } from "lucide-react";
import * as React from "react";
import { cn } from "../../lib/cn.js";
import { isCurrentLink, type NavLinkItem, type RenderLink, renderAnchor } from "../../lib/link.js";
import { useBeforeHydration } from "../../lib/use-before-hydration.js";

export const headerVariants = cva([
  "sticky top-0 z-40 w-full border-b transition-[background-color,border-color,box-shadow] duration-200",
  // At rest the header melts into the page; past the scroll threshold it turns into a translucent,
  // blurred bar with a shadow so content scrolling underneath stays readable behind it.
  "border-transparent bg-background",
  "data-scrolled:border-border/70 data-scrolled:bg-surface/80 data-scrolled:shadow-raised data-scrolled:backdrop-blur-md",
  // The solid fallback when the browser cannot blur.
  "supports-[not_(backdrop-filter:blur(0))]:data-scrolled:bg-surface",
]);

export const headerLinkVariants = cva([
  "flex items-center rounded-md font-medium text-text-muted transition-colors duration-150",
  "focus-visible:outline-offset-2 focus-visible:outline-2 focus-visible:outline-focus hover:bg-surface-muted hover:text-text",
  "aria-[current=page]:bg-primary-subtle aria-[current=page]:text-primary-subtle-foreground",
  // Large rows in the collapsed menu, compact pills in the full-width bar.
  "min-h-11 px-3 text-base nav:min-h-9 nav:text-sm",
]);

export interface HeaderProps extends Omit<React.ComponentProps<"header">, "children"> {
  /** The product name shown next to the logo; also the home link's accessible name. */
  name: React.ReactNode;
  /** The logo mark; decorative (give images `alt=""`), since `name` already names the link. */
  logo?: React.ReactNode;
  /** Where the logo and name link to. Without it they are not a link. */
  homeHref?: string;
  /** The main navigation links. */
  links: readonly NavLinkItem[];
  /** The `href` of the current page; the matching link gets `aria-current="page"`. */
  currentHref?: string;
  /** Accessible name of the `nav` landmark, e.g. "Main". */
  navLabel: string;
  /** Accessible name of the menu button shown below 1100 px, e.g. "Menu". */
  menuLabel: string;
  /** The language switch, shown after the links (inside the menu when collapsed). */
  languageSwitch?: React.ReactNode;
  /** The action button (log in / account / support); always visible. */
  action?: React.ReactNode;
  /** Text of the skip link; without it no skip link is rendered. */
  skipLinkLabel?: string;
  /**
   * Where the skip link jumps to.
   * @defaultValue "#main"
   */
  skipLinkHref?: string;
  /**
   * How far, in px, the page must be scrolled before the header gets its raised look.
   * @defaultValue 10
   */
  scrollThreshold?: number;
  /** Renders each link; pass the router's Link here. @defaultValue a plain `<a>` */
  renderLink?: RenderLink;
  /** Controlled open state of the collapsed menu. */
  menuOpen?: boolean;
  /** @defaultValue false */
  defaultMenuOpen?: boolean;
  onMenuOpenChange?: (open: boolean) => void;
}

/** The menu icon hides, and the close icon shows, while the toggle is expanded or its popover is open. */
const OPEN_ICON_HIDDEN = "group-aria-expanded/toggle:hidden group-[:has(~:popover-open)]/toggle:hidden";
const OPEN_ICON_SHOWN = "group-aria-expanded/toggle:block group-[:has(~:popover-open)]/toggle:block";

/** Whether the element is shown as a popover (false where the browser has no popovers). */
function isPopoverOpen(element: HTMLElement | null): boolean {
  return typeof element?.showPopover === "function" && element.matches(":popover-open");
}

/**
 * React takes over a panel the native popover may have opened before hydration: the menu stays
 * open (state follows the popover) and is drawn as React draws it; with focus inside, the popover
 * keeps it until the menu closes (hiding it would move focus out of the panel). A popover the
 * browser closes itself (Escape, a tap outside) closes the menu too.
 */
function useNativeMenuHandOver(
  panelRef: React.RefObject<HTMLDivElement | null>,
  open: boolean,
  setOpen: (open: boolean) => void,
) {
  const handedOver = React.useRef(false);
  React.useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!panel || !isPopoverOpen(panel)) return;
    setOpen(true);
    // Drawn from here on as the hydrated menu is (not from the top layer), in the same frame,
    // unless focus is inside the panel: hiding the popover would move it to the button.
    if (panel.contains(document.activeElement)) return;
    handedOver.current = true;
    panel.hidePopover();
  }, [panelRef, setOpen]);
  React.useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const closed = (event: Event) => {
      if ((event as ToggleEvent).newState !== "closed") return;
      // The hand-over's own hiding (above) is not a close.
      if (handedOver.current) handedOver.current = false;
      else setOpen(false);
    };
    panel.addEventListener("toggle", closed);
    return () => panel.removeEventListener("toggle", closed);
  }, [panelRef, setOpen]);
  // Only a close counts: at hydration the state may still say closed while the popover is open.
  const wasOpen = React.useRef(open);
  React.useLayoutEffect(() => {
    const panel = panelRef.current;
    if (wasOpen.current && !open && panel && isPopoverOpen(panel)) panel.hidePopover();
    wasOpen.current = open;
  }, [open, panelRef]);
}

/** True once the window has been scrolled past `threshold` px. */
function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = React.useState(false);
  React.useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}

/**
 * The public site header: logo + name, navigation, language switch and an action button. Below
 * 1100 px (`nav:` breakpoint) the links and language switch collapse behind a disclosure button.
 */
export function Header({
  name,
  logo,
  homeHref,
  links,
  currentHref,
  navLabel,
  menuLabel,
  languageSwitch,
  action,
  skipLinkLabel,
  skipLinkHref = "#main",
  scrollThreshold = 10,
  renderLink = renderAnchor,
  menuOpen,
  defaultMenuOpen = false,
  onMenuOpenChange,
  className,
  ...props
}: HeaderProps) {
  const [open, setOpen] = useControllableState({
    prop: menuOpen,
    defaultProp: defaultMenuOpen,
    caller: "Header",
    onChange: onMenuOpenChange,
  });
  const scrolled = useScrolledPast(scrollThreshold);
  const panelId = React.useId();
  const navRef = React.useRef<HTMLElement>(null);
  const toggleRef = React.useRef<HTMLButtonElement>(null);
  const panelRef = React.useRef<HTMLDivElement>(null);
  // Server HTML (and the hydration that matches it): the toggle opens the panel as a native popover,
  // so the menu answers before any script has run. Once React owns the header it drives the panel.
  const native = useBeforeHydration();
  useNativeMenuHandOver(panelRef, open, setOpen);

  function handleKeyDown(event: React.KeyboardEvent<HTMLElement>) {
    // A popup inside the nav (the language menu) handles its own Escape and marks it handled; only
    // an unhandled Escape from inside the nav itself closes the collapsed menu.
    if (event.key !== "Escape" || event.defaultPrevented || !open) return;
    if (!navRef.current?.contains(event.target as Node)) return;
    event.preventDefault();
    setOpen(false);
    toggleRef.current?.focus();
  }

  const brandContent = (
    <>
      {logo ? (
        <span aria-hidden="true" className="inline-flex shrink-0">
          {logo}
        </span>
      ) : null}
      <span className="text-lg font-semibold tracking-tight text-text">{name}</span>
    </>
  );
  const brandClass =
    "flex shrink-0 items-center gap-2.5 rounded-md outline-offset-4 focus-visible:outline-2 focus-visible:outline-focus";

  return (
    <header
      data-slot="header"
      data-scrolled={scrolled || undefined}
      className={cn(headerVariants(), className)}
      {...props}
    >
      {skipLinkLabel ? (
        <a
          href={skipLinkHref}
          className={cn(
            "sr-only rounded-md bg-primary px-4 py-2 text-sm font-semibold text-primary-foreground shadow-raised",
            "focus:not-sr-only focus:absolute focus:top-3 focus:left-4 focus:z-50",
          )}
        >
          {skipLinkLabel}
        </a>
      ) : null}
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        {homeHref ? (
          renderLink({ href: homeHref, className: brandClass, children: brandContent })
        ) : (
          <span className={brandClass}>{brandContent}</span>
        )}

        <nav
          ref={navRef}
          aria-label={navLabel}
          data-slot="header-nav"
          className="ml-auto flex items-center nav:ml-6 nav:flex-1"
          onKeyDown={handleKeyDown}
        >
          <button
            ref={toggleRef}
            type="button"
            // Natively the browser tells the state of a popover's button itself (expanded, collapsed).
            aria-expanded={native ? undefined : open}
            aria-controls={panelId}
            popoverTarget={native ? panelId : undefined}
            onClick={() => setOpen(!open)}
            data-slot="header-menu-toggle"
            className={cn(
              "group/toggle inline-flex size-11 cursor-pointer items-center justify-center rounded-md text-text transition-colors",
              "outline-offset-2 hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-focus nav:hidden",
              "aria-expanded:bg-surface-muted [&:has(~:popover-open)]:bg-surface-muted",
            )}
          >
            {/* Both icons are in the markup; the state shows one (React's aria-expanded, or the native popover). */}
            <Menu aria-hidden="true" className={cn("size-5", OPEN_ICON_HIDDEN)} />
            <X aria-hidden="true" className={cn("hidden size-5", OPEN_ICON_SHOWN)} />
            <span className="sr-only">{menuLabel}</span>
          </button>
          <div
            ref={panelRef}
            id={panelId}
            // Always a popover, so the markup never changes at hydration; it is shown as one (in the
            // top layer) only when the native button opened it. The classes below undo the browser's
            // own popover styles (fixed, centred, fit-content, scrolling), which apply either way.
            popover="auto"
            data-slot="header-panel"
            data-state={open ? "open" : "closed"}
            className={cn(
              // Collapsed: a sheet under the bar, shown only while open.
              "absolute inset-x-0 top-full bottom-auto hidden h-auto w-auto flex-col gap-4 overflow-visible border-b border-border bg-surface px-4 pt-3 pb-5 text-inherit shadow-raised sm:px-6",
              "data-[state=open]:flex",
              // Opened natively: the same sheet, from the top layer (fixed under the 4 rem bar, which is sticky at the top).
              "[&:popover-open]:fixed [&:popover-open]:top-16 [&:popover-open]:flex",
              // Full width: an inline row, always shown; the toggle is hidden.
              "nav:static nav:flex nav:flex-1 nav:flex-row nav:items-center nav:justify-between nav:gap-6 nav:border-0 nav:bg-transparent nav:p-0 nav:shadow-none",
            )}
          >
            <ul className="flex flex-col gap-1 nav:flex-row nav:items-center">
              {links.map((link) => {
                const current = isCurrentLink(link, currentHref);
                return (
                  <li key={link.href}>
                    {renderLink({
                      href: link.href,
                      className: headerLinkVariants(),
                      "aria-current": current ? "page" : undefined,
                      // A click navigates (client-side too), so the sheet must not stay open over the new page.
                      onClick: () => setOpen(false),
                      children: link.label,
                    })}
                  </li>
                );
              })}
            </ul>
            {languageSwitch ? (
              <div className="border-t border-border pt-4 nav:border-0 nav:pt-0">{languageSwitch}</div>
            ) : null}
          </div>
        </nav>

        {action ? <div className="flex shrink-0 items-center">{action}</div> : null}
      </div>
    </header>
  );
}
