import { createPath, type Navigator, type To } from "react-router-dom";

/** A navigation asked for inside an island: the whole app takes over and renders it. */
export interface NavigationRequest {
  to: string;
  state?: unknown;
  replace?: boolean;
}

const href = (to: To) => (typeof to === "string" ? to : createPath(to));

/**
 * The router of an island never changes its own location: a link or a `navigate()` inside an island
 * hands the page over to the app at the new URL (`onNavigate`), which then owns the page as a
 * single-page app (focus and announcements after navigation as everywhere else). On the server it
 * only builds hrefs.
 */
export function islandNavigator(onNavigate: (request: NavigationRequest) => void): Navigator {
  return {
    createHref: href,
    go: (delta) => window.history.go(delta),
    push: (to, state) => onNavigate({ to: href(to), state }),
    replace: (to, state) => onNavigate({ to: href(to), state, replace: true }),
  };
}
