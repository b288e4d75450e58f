/** Business constants of the product (docs/product.md §9). One source for web and server. */
// Not here, because nothing reads them from code: the 1100 px menu breakpoint is the `nav`
// breakpoint of @veil/ui's theme (globals.css), the session refresh timing (30 s checks, 90 s
// margin, back-off from 200 ms) is supabase-js's own, and the four plan tabs and their durations
// come from PLAN_CATALOGUE.

/** Digits in an e-mail confirmation or recovery code. */
export const CODE_LENGTH = 6;
/** Seconds before a code may be sent again (the UI counts down from this). */
export const RESEND_COOLDOWN_SECONDS = 30;
/** Payment rows shown before "View all". */
export const PAYMENTS_SHOWN = 5;
/** Token choices shown before "Show more". */
export const TOKENS_SHOWN = 12;
/** Index of the highlighted plan in every plan list. */
export const HIGHLIGHTED_PLAN_INDEX = 3;
/** The currency every price is quoted in. */
export const CURRENCY = "USD" as const;

export const LANGUAGES = ["en", "ru"] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = "en";
/** localStorage key holding the chosen language. */
export const LANGUAGE_STORAGE_KEY = "lang";

/**
 * The colour themes a visitor can choose: `system` follows `prefers-color-scheme`, `light` and
 * `dark` pin one palette (`data-theme` on <html>, which @veil/ui's tokens read).
 */
export const THEME_CHOICES = ["system", "light", "dark"] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
/**
 * localStorage key and cookie name holding the chosen theme. The server reads the cookie to send
 * pages with `data-theme` already set, so the first paint is in the chosen palette.
 */
export const THEME_STORAGE_KEY = "theme";

/** Pixels scrolled before the public header turns translucent with a shadow. */
export const HEADER_SCROLL_THRESHOLD_PX = 10;
/** Delay before scrolling to a URL hash after navigation. */
export const HASH_SCROLL_DELAY_MS = 100;

/** Entries in the FAQ (hashes #q1…#q10). */
export const FAQ_ENTRY_COUNT = 10;
/** FAQ entries the six support-centre topic cards link to. */
export const SUPPORT_TOPIC_FAQ_ENTRIES = [1, 3, 4, 5, 7, 8] as const;
/** Hours within which support replies. */
export const SUPPORT_REPLY_HOURS = 24;
/** Minimum age of a customer. */
export const MINIMUM_AGE = 18;

/** localStorage keys the web app keeps besides the language. */
export const STORAGE_KEYS = {
  language: LANGUAGE_STORAGE_KEY,
  theme: THEME_STORAGE_KEY,
  email: "email",
  recoveringPassword: "isRecoveringPassword",
} as const;
