import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False in the server render and while a prerendered page hydrates, true from then on (and at once
 * for a screen the browser renders itself). A prerendered form uses it to keep its submit button
 * disabled until its handlers are attached: before that, Enter in a field would submit the form
 * natively, as a GET that puts what was typed (a password, on the login page) into the URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
