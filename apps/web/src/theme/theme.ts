import { THEME_CHOICES, THEME_STORAGE_KEY, type ThemeChoice } from "@veil/contracts/constants";

/** The theme choice a stored value names, if any. */
export function toThemeChoice(value: string | null | undefined): ThemeChoice | undefined {
  return THEME_CHOICES.find((choice) => choice === value);
}

function readStoredTheme(): string | null {
  try {
    return window.localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    // Storage can be disabled (private modes, policies); the cookie still holds the choice.
    return null;
  }
}

function readThemeCookie(): string | null {
  const prefix = `${THEME_STORAGE_KEY}=`;
  return (
    document.cookie
      .split("; ")
      .find((part) => part.startsWith(prefix))
      ?.slice(prefix.length) ?? null
  );
}

/**
 * The visitor's saved theme: the localStorage value, else the `theme` cookie written with it (as
 * for the language, storage can be disabled or cleared while the cookie stays), else `system`.
 */
export function detectThemeChoice(): ThemeChoice {
  return toThemeChoice(readStoredTheme()) ?? toThemeChoice(readThemeCookie()) ?? "system";
}

/**
 * Shows the page in the chosen palette: `data-theme` on <html> pins light or dark (@veil/ui's
 * tokens read it); without it the system setting (`prefers-color-scheme`) decides.
 */
export function applyTheme(choice: ThemeChoice): void {
  const root = document.documentElement;
  if (choice === "system") root.removeAttribute("data-theme");
  else root.setAttribute("data-theme", choice);
}

/**
 * Remembers the choice in localStorage and in a `theme` cookie, which the server reads to send the
 * next page with `data-theme` already on <html>: no flash of the other palette before scripts run.
 */
export function storeThemeChoice(choice: ThemeChoice): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Not fatal: the cookie still carries it, and the choice applies to this page view.
  }
  rememberThemeCookie(choice);
}

function rememberThemeCookie(choice: ThemeChoice): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers we serve; the value is one of our own theme names
  document.cookie = `${THEME_STORAGE_KEY}=${choice}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

/**
 * At start-up: applies the saved choice (the server has set it already when the cookie was sent;
 * a choice kept only in localStorage applies here) and copies it to the cookie if that is missing,
 * so the server sees it on the next page.
 */
export function startTheme(): void {
  const choice = detectThemeChoice();
  applyTheme(choice);
  const stored = toThemeChoice(readStoredTheme());
  if (stored && readThemeCookie() !== stored) rememberThemeCookie(stored);
}
