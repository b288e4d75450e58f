import { FALLBACK_LANGUAGE, LANGUAGES, type Language, STORAGE_KEYS } from "@veil/contracts/constants";

/** The supported language a tag like "ru-RU" or "EN" names, if any. */
export function toLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((l) => l === base);
}

export interface LanguageSources {
  /** The value kept under `lang` in localStorage. */
  stored?: string | null;
  /** `navigator.languages` (or `[navigator.language]`), most preferred first. */
  browser?: readonly string[];
  /** `<html lang>` of the page as served. */
  page?: string | null;
}

/** docs/product.md §1.2: stored value, then browser language, then page language, then en. */
export function detectLanguage({ stored, browser = [], page }: LanguageSources): Language {
  const fromStore = toLanguage(stored);
  if (fromStore) return fromStore;
  for (const tag of browser) {
    const lang = toLanguage(tag);
    if (lang) return lang;
  }
  return toLanguage(page) ?? FALLBACK_LANGUAGE;
}

function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.language);
  } catch {
    // Storage can be disabled (private modes, policies); the other sources still decide.
    return null;
  }
}

/** The `lang` cookie `storeLanguage` writes next to localStorage (the server chooses by it). */
function readLanguageCookie(): string | null {
  const prefix = `${STORAGE_KEYS.language}=`;
  return (
    document.cookie
      .split("; ")
      .find((part) => part.startsWith(prefix))
      ?.slice(prefix.length) ?? null
  );
}

/**
 * The language to show in this browser right now. The saved choice is the localStorage value, or
 * else the `lang` cookie written with it (storage can be disabled or cleared while the cookie
 * stays): the server picks the page's language by that cookie first, so the page it sent is not
 * switched to the browser's language (docs/product.md §1.2, docs/architecture.md §1.3).
 */
export function detectBrowserLanguage(): Language {
  const nav = window.navigator;
  return detectLanguage({
    stored: toLanguage(readStoredLanguage()) ?? readLanguageCookie(),
    browser: nav.languages?.length ? nav.languages : [nav.language],
    page: document.documentElement.lang,
  });
}

/**
 * Remembers the visitor's choice: in localStorage (docs/product.md §1.2) and in a `lang` cookie, which the
 * server reads to send prerendered pages in that language on the next visit.
 */
export function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.language, language);
  } catch {
    // Not fatal: the choice still applies to this page view.
  }
  rememberLanguageCookie(language);
}

function rememberLanguageCookie(language: Language): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers we serve; the value is one of our own language codes
  document.cookie = `${STORAGE_KEYS.language}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

/** At start-up: a choice stored before the cookie existed is copied to it, so the server sees it too. */
export function syncLanguageCookie(): void {
  const chosen = toLanguage(readStoredLanguage());
  if (chosen && !document.cookie.split("; ").includes(`${STORAGE_KEYS.language}=${chosen}`)) {
    rememberLanguageCookie(chosen);
  }
}

/** BCP 47 locale used for dates, numbers and currency. */
export const INTL_LOCALE: Record<Language, string> = { en: "en-US", ru: "ru-RU" };
