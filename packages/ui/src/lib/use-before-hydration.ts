import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * True while the markup is the server's: in a server render, and in the hydration that must
 * match it; false from the render after hydration on, and at once in a page the browser renders
 * itself. A component uses it to give its server HTML a native fallback (a popover button) that
 * works before, or without, its script.
 */
export function useBeforeHydration(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}
