/**
 * The session-initialisation part of the client account state (docs/product.md §3.1, §4.5): once a user with an
 * e-mail is loaded, one initialisation call is made, then the session is marked initialised —
 * whether the call succeeded or not (failures are only logged).
 */
export interface AccountSessionState {
  /** E-mail of the signed-in user, or null. */
  email: string | null;
  isInitialized: boolean;
}

export type AccountSessionAction = { type: "user"; email: string | null } | { type: "initialised"; email: string };

export const initialAccountSessionState: AccountSessionState = { email: null, isInitialized: false };

export function accountSessionReducer(state: AccountSessionState, action: AccountSessionAction): AccountSessionState {
  switch (action.type) {
    case "user":
      // Same user (e.g. a token refresh): nothing to redo. Another user or sign-out: start over.
      return action.email === state.email ? state : { email: action.email, isInitialized: false };
    case "initialised":
      // A late answer for a user who has since signed out must not mark the next one.
      return action.email === state.email ? { ...state, isInitialized: true } : state;
  }
}

/** Whether the one-time initialisation call is due. */
export function needsInitialisation(state: AccountSessionState): state is AccountSessionState & { email: string } {
  return state.email !== null && !state.isInitialized;
}
