import { createContext, createElement, type ReactNode, useContext } from "react";
import { ISLAND_TAG, ISLAND_WAKE, type IslandName, type IslandProps } from "./island-names.js";

/**
 * Given by the prerenderer (entry-server.tsx) only: takes note of an island and returns the id
 * under which its HTML, rendered as a root of its own, replaces the marker this component writes.
 */
export interface IslandCollector {
  add(name: IslandName, props: IslandProps): string;
}
export const IslandCollectorContext = createContext<IslandCollector | null>(null);

/** Where the prerenderer puts an island's own HTML. */
export const islandMarker = (id: string) => `<!--island:${id}-->`;

/**
 * An interactive part of a prerendered page. In the app (client rendering) it is just its
 * children. When a page is prerendered, it writes `<veil-island>` with the island's name and props
 * and, in it, the island rendered on its own (so `useId` and the markup match what the browser
 * hydrates from `name` and `props`); `children` must be that same component with those props.
 */
export function Island({ name, props = {}, children }: { name: IslandName; props?: IslandProps; children: ReactNode }) {
  const collector = useContext(IslandCollectorContext);
  if (!collector) return children;
  const id = collector.add(name, props);
  return createElement(ISLAND_TAG, {
    "data-island": name,
    "data-id": id,
    "data-when": ISLAND_WAKE[name],
    "data-props": JSON.stringify(props),
    // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed comment built from our own id; the prerenderer replaces it with the island's own render
    dangerouslySetInnerHTML: { __html: islandMarker(id) },
  });
}
