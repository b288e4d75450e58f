/**
 * The interactive parts of the prerendered pages, each hydrated as a React root of its own while
 * the rest of the page stays server HTML (docs/architecture.md §1.3). `intent`
 * islands wake on the visitor's first interaction with the page (a pointer, a key, focus, touch or
 * scroll), so nothing of React runs before it. The auth forms are `intent` islands too: what is
 * typed before hydration stays (React keeps the fields' values and react-hook-form reads a field
 * edited before it registers it), and a submission made before is replayed (islands/boot.ts).
 * `load` islands wake at once: the contact form, not yet measured with intent. This module is read
 * by the start-up script, so it imports nothing.
 */
export const ISLAND_WAKE = {
  header: "intent",
  accountLink: "intent",
  plans: "intent",
  faq: "intent",
  contact: "load",
  login: "intent",
  register: "intent",
  forgotPassword: "intent",
} as const;

export type IslandName = keyof typeof ISLAND_WAKE;

/** The element that wraps an island in the prerendered HTML (`display: contents`, see styles.css). */
export const ISLAND_TAG = "veil-island";

/** An island's props as written into its `data-props` attribute (JSON). */
export type IslandProps = Record<string, string | number | boolean | null>;

/** The prerendered native "Action unavailable" dialog a guest's early plan choice opens (islands/native-fallbacks.ts). */
export const NATIVE_AUTH_DIALOG_ID = "auth-required-native";
