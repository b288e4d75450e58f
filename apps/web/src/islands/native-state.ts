import type { IslandName, IslandProps } from "../components/island-names.js";

/**
 * The state a tap before hydration left in an island's HTML (islands/native-fallbacks.ts), as
 * props for its first render: React then renders what the page already shows, so hydration
 * matches and nothing closes under the visitor's finger. Read in the same task that starts the
 * hydration, after which the native answers stop.
 */
const READERS: Partial<Record<IslandName, (island: HTMLElement) => IslandProps>> = {
  faq: (island): IslandProps => {
    const open = Array.from(
      island.querySelectorAll<HTMLElement>("[data-slot='accordion-item'][data-state='open']"),
      (item) => item.dataset.value ?? "",
    ).filter(Boolean);
    return open.length > 0 ? { openAtHydration: open.join(" ") } : {};
  },
};

export function nativeState(name: IslandName, island: HTMLElement): IslandProps {
  return READERS[name]?.(island) ?? {};
}
