/** The unmodified supabase-js client as the web app sets it up, for conformance tests. */
import { type AuthChangeEvent, createClient } from "@supabase/supabase-js";
import WebSocket from "ws";
import type { TestApp } from "./test-app.js";

/**
 * A client like the web app's, with memory storage and no background timers; auth-js's experimental
 * recovery-code API (`mfa.recoveryCodes`) switched on, as the web app does.
 */
export function makeClient(app: TestApp) {
  const store = new Map<string, string>();
  const events: AuthChangeEvent[] = [];
  const client = createClient(app.url, "anon-key-for-tests", {
    auth: {
      autoRefreshToken: false,
      persistSession: true,
      detectSessionInUrl: false,
      storage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => void store.set(k, v),
        removeItem: (k: string) => void store.delete(k),
      },
      experimental: { recoveryCodes: true },
    },
    realtime: { transport: WebSocket as never },
  });
  client.auth.onAuthStateChange((event) => {
    events.push(event);
  });
  return { client, events, store };
}
