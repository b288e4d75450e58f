import type { ThemeChoice } from "@veil/contracts/constants";
import { useCallback, useSyncExternalStore } from "react";
import { applyTheme, detectThemeChoice, storeThemeChoice } from "./theme.js";

// Every switch on the page shows the same choice: a change made by one re-renders the others.
const listeners = new Set<() => void>();
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The visitor's theme choice and a setter that applies it to the page and remembers it. */
export function useThemeChoice(): [ThemeChoice, (choice: ThemeChoice) => void] {
  // The prerenderer has no window: it renders "system", which is what a page without a choice shows.
  const choice = useSyncExternalStore(subscribe, detectThemeChoice, () => "system" as const);
  const setChoice = useCallback((next: ThemeChoice) => {
    storeThemeChoice(next);
    applyTheme(next);
    for (const listener of listeners) listener();
  }, []);
  return [choice, setChoice];
}
