import type { MessageKey } from "./catalogues.js";

/**
 * A message to show: a catalogue key (with its values, if any), or text written by the app itself.
 * Never a server's wording: what the server says is mapped from its machine code (docs/architecture.md §7).
 */
export type UserMessage = { key: MessageKey; values?: Record<string, string | number> } | { text: string };
