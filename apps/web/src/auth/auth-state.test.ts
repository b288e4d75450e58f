import type { Session } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { authReducer, initialAuthState, isSignedIn } from "./auth-state.js";

const session = { access_token: "t", user: { id: "u1", email: "a@b.co" } } as unknown as Session;

describe("auth state (docs/product.md §3.1, §4.1)", () => {
  it("starts loading and stops at the initial session", () => {
    expect(initialAuthState.loading).toBe(true);
    const none = authReducer(initialAuthState, { type: "auth-event", event: "INITIAL_SESSION", session: null });
    expect(none).toMatchObject({ loading: false, session: null, user: null });
    expect(isSignedIn(none)).toBe(false);
    const some = authReducer(initialAuthState, { type: "auth-event", event: "INITIAL_SESSION", session });
    expect(some.user?.email).toBe("a@b.co");
    expect(isSignedIn(some)).toBe(true);
  });

  it("updates the session on every change", () => {
    let state = authReducer(initialAuthState, { type: "auth-event", event: "SIGNED_IN", session });
    const refreshed = { ...session, access_token: "t2" } as Session;
    state = authReducer(state, { type: "auth-event", event: "TOKEN_REFRESHED", session: refreshed });
    expect(state.session?.access_token).toBe("t2");
    state = authReducer(state, { type: "auth-event", event: "SIGNED_OUT", session: null });
    expect(state).toMatchObject({ session: null, user: null, loading: false });
  });

  it("treats a recovering user as not signed in, until recovery ends", () => {
    let state = authReducer(initialAuthState, { type: "auth-event", event: "PASSWORD_RECOVERY", session });
    expect(state.isRecoveringPassword).toBe(true);
    expect(isSignedIn(state)).toBe(false);
    state = authReducer(state, { type: "auth-event", event: "USER_UPDATED", session });
    expect(isSignedIn(state)).toBe(false);
    state = authReducer(state, { type: "recovery", on: false });
    expect(isSignedIn(state)).toBe(true);
  });

  it("leaves recovery mode on sign-out", () => {
    let state = authReducer(initialAuthState, { type: "recovery", on: true });
    state = authReducer(state, { type: "auth-event", event: "SIGNED_OUT", session: null });
    expect(state.isRecoveringPassword).toBe(false);
  });
});
