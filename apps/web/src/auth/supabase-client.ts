import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { SUPABASE_ANON_KEY, supabaseUrl } from "../config.js";
import { noteRetryAfter } from "./rate-limit-wait.js";
import { AUTH_STORAGE_KEY } from "./session-hint.js";

let client: SupabaseClient | null = null;

/**
 * The one auth client. supabase-js appends `/auth/v1` to the URL, so by default it talks to our
 * own server on this origin. This module is imported dynamically, and only when a session is stored
 * or someone needs the client (an auth screen, sign-out): guests browsing public pages never load it.
 */
export function getSupabase(): SupabaseClient {
  client ??= createClient(supabaseUrl(), SUPABASE_ANON_KEY, {
    auth: {
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: false,
      storageKey: AUTH_STORAGE_KEY,
      // Recovery codes of two-factor sign-in (docs/product.md §11.4): our server answers auth-js's
      // experimental `mfa.recoveryCodes` calls on GoTrue's wire.
      experimental: { recoveryCodes: true },
    },
    global: { fetch: inPageLanguage(noteRetryAfter(fetch)) },
  });
  return client;
}

/**
 * Sends the page's language (the one the visitor chose, kept on `<html lang>`) as Accept-Language
 * on every auth call, so the code mails from sign-up, resend and recovery come in the language the
 * visitor is reading, not the browser's default. Accept-Language is CORS-safelisted, so a hosted
 * Supabase project accepts it too.
 */
export function inPageLanguage(fetchImpl: typeof fetch): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    const lang = document.documentElement.lang;
    if (/^[a-z]{2}$/.test(lang)) headers.set("Accept-Language", lang);
    return fetchImpl(input, { ...init, headers });
  };
}
