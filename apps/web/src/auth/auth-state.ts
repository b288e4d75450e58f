import type { AuthChangeEvent, Session, User } from "@supabase/supabase-js";
import { needsSecondFactor } from "./assurance.js";

/** Client auth state (docs/product.md §3.1). */
export interface AuthState {
  /** True until the stored session has been read at startup. */
  loading: boolean;
  session: Session | null;
  user: User | null;
  /** While set, the user is treated as not fully signed in (header, protected routes). */
  isRecoveringPassword: boolean;
  /**
   * The password was right but the user's authenticator code is still due (an aal1 session of a
   * user with two-factor sign-in, docs/product.md §11.4): not signed in until it is given.
   */
  needsSecondFactor: boolean;
}

export type AuthAction =
  | { type: "auth-event"; event: AuthChangeEvent; session: Session | null }
  | { type: "recovery"; on: boolean };

export const initialAuthState: AuthState = {
  loading: true,
  session: null,
  user: null,
  isRecoveringPassword: false,
  needsSecondFactor: false,
};

/**
 * docs/product.md §4.1: at startup the session is read and loading becomes false; the session is updated on
 * every auth change. PASSWORD_RECOVERY enters recovery mode; signing out leaves it.
 */
export function authReducer(state: AuthState, action: AuthAction): AuthState {
  if (action.type === "recovery") {
    return state.isRecoveringPassword === action.on ? state : { ...state, isRecoveringPassword: action.on };
  }
  const { event, session } = action;
  const next: AuthState = {
    ...state,
    loading: false,
    session,
    user: session?.user ?? null,
    needsSecondFactor: needsSecondFactor(session),
  };
  if (event === "SIGNED_OUT") next.isRecoveringPassword = false;
  if (event === "PASSWORD_RECOVERY") next.isRecoveringPassword = true;
  return next;
}

/**
 * Signed in for the header and the protected routes: a user who is not recovering a password and
 * owes no authenticator code.
 */
export function isSignedIn(state: AuthState): boolean {
  return state.user !== null && !state.isRecoveringPassword && !state.needsSecondFactor;
}
