import { describe, expect, it } from "vitest";
import { accountSessionReducer, initialAccountSessionState, needsInitialisation } from "./account-state.js";

describe("account session initialisation (docs/product.md §4.5)", () => {
  it("is due once a user with an e-mail is loaded, and done after the call", () => {
    expect(needsInitialisation(initialAccountSessionState)).toBe(false);
    let state = accountSessionReducer(initialAccountSessionState, { type: "user", email: "a@b.co" });
    expect(needsInitialisation(state)).toBe(true);
    state = accountSessionReducer(state, { type: "initialised", email: "a@b.co" });
    expect(state.isInitialized).toBe(true);
    expect(needsInitialisation(state)).toBe(false);
  });

  it("is not redone for the same user (e.g. a token refresh)", () => {
    const done = { email: "a@b.co", isInitialized: true };
    expect(accountSessionReducer(done, { type: "user", email: "a@b.co" })).toBe(done);
  });

  it("starts over for another user and resets on sign-out", () => {
    const done = { email: "a@b.co", isInitialized: true };
    expect(accountSessionReducer(done, { type: "user", email: "c@d.co" })).toEqual({
      email: "c@d.co",
      isInitialized: false,
    });
    expect(accountSessionReducer(done, { type: "user", email: null })).toEqual({ email: null, isInitialized: false });
  });

  it("ignores a late answer for a user who is gone", () => {
    const next = { email: "c@d.co", isInitialized: false };
    expect(accountSessionReducer(next, { type: "initialised", email: "a@b.co" })).toBe(next);
  });
});
