import type { Language } from "@veil/contracts";
import en from "./en.json";

/** Every message key; en.json is the reference catalogue (ru.json must hold the same keys). */
export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;

export const EN_MESSAGES: Messages = en;

const cache: Partial<Record<Language, Messages>> = { en: EN_MESSAGES };

/**
 * The catalogue of a language. English ships in the main bundle (it is the prerendered language
 * and the fallback); Russian is its own chunk, fetched only by those who read it.
 */
export async function loadMessages(language: Language): Promise<Messages> {
  const cached = cache[language];
  if (cached) return cached;
  const loaded: Messages = (await import("./ru.json")).default;
  cache[language] = loaded;
  return loaded;
}
