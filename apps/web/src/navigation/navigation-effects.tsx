import { HASH_SCROLL_DELAY_MS } from "@veil/contracts";
import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router-dom";

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * docs/product.md §2.3: every route change scrolls to the top; a URL hash scrolls smoothly to the element with
 * that id after 100 ms (instantly for people who asked for reduced motion). Also arms the focus
 * hand-off to the next page's main heading (see PageHeading) after client-side navigations.
 */
export function NavigationEffects() {
  // The location key changes on every navigation, even to the same path and hash.
  const { hash, key } = useLocation();
  const firstRender = useRef(true);
  const firstLayout = useRef(true);

  // Layout effects run before every passive effect of the commit, so the flag is up before the new
  // page's heading mounts and looks for it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation, which `key` identifies
  useLayoutEffect(() => {
    if (firstLayout.current) firstLayout.current = false;
    else focusHandoff.pending = true;
  }, [key]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation, which `key` identifies
  useEffect(() => {
    const isFirst = firstRender.current;
    firstRender.current = false;
    if (!hash) {
      if (!isFirst) window.scrollTo({ top: 0, left: 0 });
      return;
    }
    const timer = window.setTimeout(() => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      target?.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
    }, HASH_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [hash, key]);

  return null;
}

/**
 * Set after a client-side navigation; the next page heading to mount takes focus (so keyboard and
 * screen-reader users start at the new content) and clears it. Not set on the first load, where
 * focus stays at the top of the document and the skip link.
 */
export const focusHandoff = { pending: false };
