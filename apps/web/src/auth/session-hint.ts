/**
 * Where supabase-js keeps the session in localStorage. Knowing the key lets the app tell, without
 * loading the auth client, whether anyone can be signed in here: guests on the public pages then
 * never download supabase-js (the landing page's JavaScript budget depends on it).
 */
export const AUTH_STORAGE_KEY = "veil-auth";

/** True when a stored session exists (it may still be expired; the auth client decides). */
export function hasStoredSession(): boolean {
  try {
    return localStorage.getItem(AUTH_STORAGE_KEY) !== null;
  } catch {
    // Storage blocked (private mode, policy): nobody can have a persisted session.
    return false;
  }
}

/**
 * Removes what supabase-js stores for a session (the session and its copy of the user), for a
 * sign-out that could not go through the auth client. The client's own `signOut({ scope: "local" })`
 * removes the same keys.
 */
export function clearStoredSession(): void {
  try {
    for (const suffix of ["", "-user"]) localStorage.removeItem(AUTH_STORAGE_KEY + suffix);
  } catch {
    // Storage blocked: nothing was persisted either.
  }
}
