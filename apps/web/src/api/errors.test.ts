import { describe, expect, it } from "vitest";
import { identityErrorMessage, loginErrorMessage } from "../auth/identity-errors.js";
import { ApiError, apiErrorMessage, messageForError, messageForReadError } from "./errors.js";

describe("API status mapping (docs/product.md §8.1)", () => {
  it.each([
    [404, "user_not_found", { key: "common.notFound" }],
    [422, "validation_failed", { key: "common.invalidData" }],
    [400, "wrong_password", { key: "apiError.wrong_password" }],
    [400, undefined, { key: "common.badRequest" }],
    [500, "internal_error", { key: "common.serverError" }],
    [503, undefined, { key: "common.serverError" }],
    [409, "email_taken", { key: "apiError.email_taken" }],
    [401, undefined, { key: "common.unknownError" }],
    [0, undefined, { key: "common.networkError" }],
    [429, undefined, { key: "apiError.rate_limited" }],
  ] as const)("%i with code %s", (status, code, expected) => {
    expect(apiErrorMessage(status, code)).toEqual(expected);
  });

  it("maps thrown values", () => {
    expect(messageForError(new ApiError(404))).toEqual({ key: "common.notFound" });
    expect(messageForError(new ApiError(403, "Your account has been blocked", { code: "account_blocked" }))).toEqual({
      key: "apiError.account_blocked",
    });
    // A code the contract does not know is not trusted: the generic message.
    expect(messageForError(new ApiError(400, "Whatever", { code: "nope" }))).toEqual({ key: "common.badRequest" });
    expect(messageForError(new TypeError("x"))).toEqual({ key: "common.unknownError" });
  });
});

describe("waits and lost connections (docs/product.md §8.4)", () => {
  it("tells a 429's Retry-After in words: seconds under a minute, minutes from a minute up", () => {
    // The data export's hourly limit answered Retry-After: 3579 and the app said only "try again later".
    expect(messageForError(new ApiError(429, "Too many", { code: "rate_limited", retryAfter: 3579 }))).toEqual({
      key: "common.rateLimitWaitMinutes",
      values: { minutes: 60 },
    });
    expect(messageForError(new ApiError(429, undefined, { retryAfter: 25 }))).toEqual({
      key: "common.rateLimitWait",
      values: { seconds: 25 },
    });
    // Without the header: the code's message, no invented number.
    expect(messageForError(new ApiError(429, "Too many", { code: "rate_limited" }))).toEqual({
      key: "apiError.rate_limited",
    });
  });

  it("tells an action that got no answer, or a 429 with neither wait nor code, what happened (#26 audit)", () => {
    // Sign-in's account look-up said 'An unexpected error occurred' for both.
    expect(messageForError(new ApiError(0))).toEqual({ key: "common.networkError" });
    expect(messageForError(new ApiError(429))).toEqual({ key: "apiError.rate_limited" });
    expect(identityErrorMessage({ status: 0, message: "Failed to fetch" })).toEqual({ key: "common.networkError" });
  });

  it("says a read that got no answer at all is a lost connection", () => {
    expect(messageForReadError(new ApiError(0))).toEqual({ key: "common.networkError" });
    expect(messageForReadError(new ApiError(503))).toEqual({ key: "common.serverError" });
  });
});

describe("identity failures told the same way everywhere (#26)", () => {
  it("gives a sign-in 500 or 503 the server-error text, not 'An unexpected error occurred'", () => {
    expect(loginErrorMessage({ status: 500, message: "boom" })).toEqual({ key: "common.serverError" });
    expect(loginErrorMessage({ status: 503, code: "unexpected_failure", message: "x" })).toEqual({
      key: "common.serverError",
    });
  });

  it("gives a 429 without a known code the translated 'too many requests', never the server's English", () => {
    expect(identityErrorMessage({ status: 429, message: "email rate limit exceeded" })).toEqual({
      key: "authError.over_request_rate_limit",
    });
  });

  it("says why a password is too weak from weak_password.reasons", () => {
    const weak = (reasons: string[]) => ({ status: 422, code: "weak_password", message: "x", reasons });
    expect(identityErrorMessage(weak(["length"]))).toEqual({ key: "weakPassword.short" });
    expect(identityErrorMessage(weak(["pwned"]))).toEqual({ key: "weakPassword.common" });
    expect(identityErrorMessage(weak(["length", "pwned"]))).toEqual({ key: "weakPassword.shortAndCommon" });
    expect(identityErrorMessage(weak([]))).toEqual({ key: "authError.weak_password" });
  });
});

describe("identity error mapping (docs/product.md §8.2)", () => {
  it("maps the login errors", () => {
    expect(
      loginErrorMessage({ status: 400, code: "invalid_credentials", message: "Invalid login credentials" }),
    ).toEqual({ key: "loginScreen.invalidPassword" });
    expect(loginErrorMessage({ status: 400, code: "email_not_confirmed", message: "Email not confirmed" })).toEqual({
      key: "loginScreen.emailNotConfirmed",
    });
    expect(loginErrorMessage({ status: 403, message: "User is banned" })).toEqual({ key: "loginScreen.userBlocked" });
    expect(loginErrorMessage({ status: 400, code: "user_banned", message: "User is banned" })).toEqual({
      key: "loginScreen.userBlocked",
    });
  });
  it("otherwise shows the message of the provider's code, or an unknown error, never its text", () => {
    expect(
      loginErrorMessage({ status: 429, code: "over_request_rate_limit", message: "Request rate limit reached" }),
    ).toEqual({ key: "authError.over_request_rate_limit" });
    expect(loginErrorMessage({ status: 429, message: "Request rate limit reached" })).toEqual({
      key: "authError.over_request_rate_limit",
    });
    expect(identityErrorMessage({ status: 418 })).toEqual({ key: "common.unknownError" });
    expect(identityErrorMessage(null)).toEqual({ key: "common.unknownError" });
  });
});
