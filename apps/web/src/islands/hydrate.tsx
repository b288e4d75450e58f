import type { Language } from "@veil/contracts/constants";
import { hydrateRoot } from "react-dom/client";
import { ISLAND_TAG, type IslandName } from "../components/island-names.js";
import { loadMessages } from "../i18n/catalogues.js";
import { IslandRoot } from "./island-root.js";
import { nativeState } from "./native-state.js";
import { islandNavigator, type NavigationRequest } from "./navigator.js";
import { ISLAND_COMPONENTS } from "./registry.js";
import { keepIslandRoot } from "./roots.js";

export interface HydrateOptions {
  language: Language;
  /** The path the page was prerendered at (`data-path`). */
  path: string;
  onNavigate: (request: NavigationRequest) => void;
  onSwitchLanguage: (language: Language) => void;
  /** Called for each island once React owns it (the start-up script replays an early click). */
  onHydrating: (island: HTMLElement) => void;
  /** Called for each island once it is hydrated (the start-up script replays an early submission). */
  onHydrated: (island: HTMLElement) => void;
}

/** Hydrates every island under `root`, each as a React root of its own. */
export async function hydrateIslands(root: HTMLElement, options: HydrateOptions): Promise<void> {
  const islands = Array.from(root.querySelectorAll<HTMLElement>(ISLAND_TAG));
  const [messages, components] = await Promise.all([
    loadMessages(options.language),
    Promise.all(islands.map((island) => ISLAND_COMPONENTS[island.dataset.island as IslandName]())),
  ]);
  const navigator = islandNavigator(options.onNavigate);
  const location = `${options.path}${window.location.search}${window.location.hash}`;
  islands.forEach((island, i) => {
    const Component = components[i];
    // The app may have taken over the page while this code loaded: nothing left to hydrate.
    if (!Component || !island.isConnected) return;
    const name = island.dataset.island as IslandName;
    // What a tap before now opened stays open: the first render starts from it.
    const props = {
      ...(JSON.parse(island.dataset.props ?? "{}") as Record<string, unknown>),
      ...nativeState(name, island),
    };
    const reactRoot = hydrateRoot(
      island,
      <IslandRoot
        language={options.language}
        messages={messages}
        location={location}
        navigator={navigator}
        switchLanguage={options.onSwitchLanguage}
        onHydrated={() => options.onHydrated(island)}
      >
        <Component {...props} />
      </IslandRoot>,
      { identifierPrefix: `${island.dataset.id}-` },
    );
    keepIslandRoot(reactRoot);
    options.onHydrating(island);
  });
}
