import { cn } from "@veil/ui";
import { type ComponentProps, useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";
import { focusHandoff } from "../navigation/navigation-effects.js";
import { announce } from "../navigation/route-announcer.js";

/**
 * The main heading (h1) of a screen. After a client-side navigation it takes focus (without
 * scrolling: the page handles its own scroll) and its text is announced, so assistive technology
 * users land on the new content instead of the link they clicked.
 */
export function PageHeading({ className, children, ...props }: ComponentProps<"h1">) {
  const ref = useRef<HTMLHeadingElement>(null);
  // Also re-checked on every navigation: two routes may render a heading in the same place, in
  // which case React keeps this instance instead of mounting a new one.
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on mount and on every navigation (key)
  useEffect(() => {
    const el = ref.current;
    if (!el || !focusHandoff.pending) return;
    focusHandoff.pending = false;
    el.focus({ preventScroll: true });
    announce(el.textContent ?? "");
  }, [key]);
  return (
    <h1 ref={ref} tabIndex={-1} className={cn("scroll-mt-24 break-words focus:outline-none", className)} {...props}>
      {children}
    </h1>
  );
}
