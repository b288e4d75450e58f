/**
 * Build-time configuration of the web app, read once from Vite's env (`VITE_*`).
 * Everything a deployment may change lives here so no screen hard-codes it twice.
 */
const env = import.meta.env;

/**
 * The address customers write to; shown on the support, FAQ, terms and privacy pages. Set at build
 * time from the server's SUPPORT_EMAIL (see vite.config.ts); the fallback is for unit tests.
 */
export const SUPPORT_EMAIL: string = env.VITE_SUPPORT_EMAIL || "support@veil.localhost";

/** The public site origin (the server's SITE_URL) for canonical and social URLs. */
export const SITE_URL: string = (env.VITE_SITE_URL || "http://localhost:8080").replace(/\/$/, "");

/** Google Play listing of the Android app (the only live store so far, docs/product.md §1.3). */
export const GOOGLE_PLAY_URL: string =
  env.VITE_GOOGLE_PLAY_URL || "https://play.google.com/store/apps/details?id=app.veilvpn.android";

/**
 * Supabase-compatible auth server. By default our own server on the same origin (`/auth/v1` is
 * appended by supabase-js); a hosted Supabase project is configured with both variables.
 */
export function supabaseUrl(): string {
  return env.VITE_SUPABASE_URL || window.location.origin;
}

/** A placeholder anon key: our embedded auth server does not check it; hosted Supabase does. */
export const SUPABASE_ANON_KEY: string = env.VITE_SUPABASE_ANON_KEY || "veil-dev-anon-key";
