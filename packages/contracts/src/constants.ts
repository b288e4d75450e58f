/** Business constants fixed by the product spec (§9). One source for web and server. */

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
/** Number of plan tabs on the payment screen. */
export const PLAN_TAB_COUNT = 4;
/** The currency every price is quoted in. */
export const CURRENCY = "USD" as const;

export const LANGUAGES = ["en", "ru"] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = "en";
/** localStorage key holding the chosen language. */
export const LANGUAGE_STORAGE_KEY = "lang";

/** Pixels scrolled before the public header turns translucent with a shadow. */
export const HEADER_SCROLL_THRESHOLD_PX = 10;
/** Below this viewport width the public header collapses into a menu button. */
export const MENU_BREAKPOINT_PX = 1100;
/** Delay before scrolling to a URL hash after navigation. */
export const HASH_SCROLL_DELAY_MS = 100;

/** The client checks the session this often… */
export const SESSION_CHECK_INTERVAL_SECONDS = 30;
/** …and refreshes it when this many seconds or fewer remain. */
export const SESSION_REFRESH_MARGIN_SECONDS = 90;
/** First delay of the exponential back-off between refresh retries. */
export const REFRESH_BACKOFF_START_MS = 200;

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
  email: "email",
  recoveringPassword: "isRecoveringPassword",
} as const;
