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

  it("does not count a password-only (aal1) session of a user with an authenticator as signed in, until aal2", () => {
    const token = (aal: string) => `h.${btoa(JSON.stringify({ aal })).replace(/=+$/, "")}.s`;
    const user = { id: "u1", email: "a@b.co", factors: [{ id: "f1", factor_type: "totp", status: "verified" }] };
    const aal1 = { access_token: token("aal1"), user } as unknown as Session;
    let state = authReducer(initialAuthState, { type: "auth-event", event: "SIGNED_IN", session: aal1 });
    expect(state.needsSecondFactor).toBe(true);
    expect(isSignedIn(state)).toBe(false);
    const aal2 = { ...aal1, access_token: token("aal2") } as Session;
    state = authReducer(state, { type: "auth-event", event: "MFA_CHALLENGE_VERIFIED", session: aal2 });
    expect(isSignedIn(state)).toBe(true);
    // Without a verified factor an aal1 session is signed in as ever.
    const plain = {
      access_token: token("aal1"),
      user: { ...user, factors: [{ ...user.factors[0], status: "unverified" }] },
    };
    state = authReducer(initialAuthState, {
      type: "auth-event",
      event: "SIGNED_IN",
      session: plain as unknown as Session,
    });
    expect(isSignedIn(state)).toBe(true);
  });
});
