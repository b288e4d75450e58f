import type { SupabaseClient } from "@supabase/supabase-js";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from "react";
import { accessToken } from "../api/access-token.js";
import { type AuthState, authReducer, initialAuthState, isSignedIn } from "./auth-state.js";
import { recoveryFlag, storedEmail } from "./local-store.js";
import { AUTH_STORAGE_KEY, clearStoredSession, hasStoredSession } from "./session-hint.js";

export interface AuthContextValue extends AuthState {
  /** A user who is not recovering a password (docs/product.md §4.1). */
  signedIn: boolean;
  /** The auth client, loaded on first use. */
  getClient: () => Promise<SupabaseClient>;
  /** Enters or leaves password-recovery mode, keeping the localStorage flag in step. */
  setRecovering: (on: boolean) => void;
  /**
   * Signs out; a failure is only logged (docs/product.md §4.5) and local state is cleared either way. `exit`
   * says where the protected area sends the user once signed out (default /login).
   */
  signOut: (exit?: SignOutExit) => Promise<void>;
  /** Where the protected area sends a user who just signed out. */
  exit: SignOutExit | null;
}

export interface SignOutExit {
  to: string;
  state?: unknown;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth needs an <AuthProvider> above it");
  return value;
}

const loadClient = () => import("./supabase-client.js").then((m) => m.getSupabase());

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(authReducer, initialAuthState);
  const [exit, setExit] = useState<SignOutExit | null>(null);
  const subscription = useRef<{ client: Promise<SupabaseClient>; unsubscribe?: () => void } | null>(null);
  const checking = useRef(false);

  /** Loads the auth client once and follows its events from then on, whoever asked for it first. */
  const ensureClient = useCallback((): Promise<SupabaseClient> => {
    if (subscription.current) return subscription.current.client;
    const entry: { client: Promise<SupabaseClient>; unsubscribe?: () => void } = { client: loadClient() };
    subscription.current = entry;
    entry.client.then(
      (client) => {
        if (subscription.current !== entry) return;
        const { data } = client.auth.onAuthStateChange((event, session) => {
          accessToken.set(session?.access_token ?? null);
          // A new session forgets where the last sign-out was headed.
          if (session) setExit(null);
          if (event === "PASSWORD_RECOVERY") recoveryFlag.set(true);
          if (event === "SIGNED_OUT") {
            recoveryFlag.set(false);
            storedEmail.set(null);
          }
          dispatch({ type: "auth-event", event, session });
        });
        entry.unsubscribe = () => data.subscription.unsubscribe();
      },
      (error: unknown) => {
        // Without the auth client nobody is signed in; public pages keep working.
        console.error("Auth client failed to load", error);
        if (subscription.current === entry) subscription.current = null;
        dispatch({ type: "auth-event", event: "INITIAL_SESSION", session: null });
      },
    );
    return entry.client;
  }, []);

  useEffect(() => {
    // Read after hydration so the first client render matches the prerendered HTML.
    dispatch({ type: "recovery", on: recoveryFlag.get() });
    // With no stored session nobody is signed in: say so at once and leave the client unloaded
    // until an auth screen or another tab (below) needs it.
    if (hasStoredSession() || recoveryFlag.get()) void ensureClient();
    else dispatch({ type: "auth-event", event: "INITIAL_SESSION", session: null });
    // Signing in from another tab writes the session key: follow it here too.
    const onStorage = (e: StorageEvent) => {
      if (e.key === AUTH_STORAGE_KEY && e.newValue !== null) void ensureClient();
    };
    window.addEventListener("storage", onStorage);
    return () => {
      window.removeEventListener("storage", onStorage);
      subscription.current?.unsubscribe?.();
      subscription.current = null;
    };
  }, [ensureClient]);

  useEffect(
    () =>
      // The API refused our token: if its session was ended elsewhere (Security, "End session"), the
      // auth server says so and supabase-js signs this device out (SIGNED_OUT), which the protected
      // area turns into /login. A token that merely expired is left to supabase-js's refresh.
      accessToken.onRefused((refused) => {
        if (checking.current || !subscription.current) return;
        checking.current = true;
        void subscription.current.client
          .then(async (client) => {
            const { data } = await client.auth.getSession();
            if (data.session?.access_token === refused) await client.auth.getUser();
          })
          .catch((error: unknown) => console.error("Session check failed", error))
          .finally(() => {
            checking.current = false;
          });
      }),
    [],
  );

  const setRecovering = useCallback((on: boolean) => {
    recoveryFlag.set(on);
    dispatch({ type: "recovery", on });
  }, []);

  const signOut = useCallback(
    async (nextExit?: SignOutExit) => {
      setExit(nextExit ?? null);
      try {
        const client = await ensureClient();
        // A global sign-out revokes every session of the user, but supabase-js keeps the local
        // session when the call fails (a 5xx, no network). This device must be signed out
        // whatever the server answered (docs/product.md §4.5), so fall back to the local scope,
        // which removes the stored session before it even asks the server.
        const { error } = await client.auth.signOut();
        if (error) {
          console.error("Sign-out failed", error);
          const local = await client.auth.signOut({ scope: "local" });
          if (local.error) console.error("Local sign-out reported", local.error);
        }
      } catch (error) {
        console.error("Sign-out failed", error);
      }
      // Belt and braces: if the client could not even load or threw, the stored session goes anyway.
      clearStoredSession();
      storedEmail.set(null);
      recoveryFlag.set(false);
      accessToken.set(null);
      dispatch({ type: "auth-event", event: "SIGNED_OUT", session: null });
    },
    [ensureClient],
  );

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, signedIn: isSignedIn(state), getClient: ensureClient, setRecovering, signOut, exit }),
    [state, ensureClient, setRecovering, signOut, exit],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}
