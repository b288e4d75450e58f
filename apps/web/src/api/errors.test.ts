import { describe, expect, it } from "vitest";
import { identityErrorMessage, loginErrorMessage } from "../auth/identity-errors.js";
import { ApiError, apiErrorMessage, messageForError } from "./errors.js";

describe("API status mapping (docs/product.md §8.1)", () => {
  it.each([
    [404, "ignored", { key: "common.notFound" }],
    [422, "ignored", { key: "common.invalidData" }],
    [400, "Email is taken", { text: "Email is taken" }],
    [400, undefined, { key: "common.badRequest" }],
    [500, "boom", { key: "common.serverError" }],
    [503, undefined, { key: "common.serverError" }],
    [409, "Conflict here", { text: "Conflict here" }],
    [401, undefined, { key: "common.unknownError" }],
    [0, undefined, { key: "common.unknownError" }],
  ])("%i with detail %s", (status, detail, expected) => {
    expect(apiErrorMessage(status, detail)).toEqual(expected);
  });

  it("maps thrown values", () => {
    expect(messageForError(new ApiError(404))).toEqual({ key: "common.notFound" });
    expect(messageForError(new TypeError("x"))).toEqual({ key: "common.unknownError" });
  });
});

describe("identity error mapping (docs/product.md §8.2)", () => {
  it("maps the login errors", () => {
    expect(loginErrorMessage({ status: 400, message: "Invalid login credentials" })).toEqual({
      key: "loginScreen.invalidPassword",
    });
    expect(loginErrorMessage({ status: 400, message: "Email not confirmed" })).toEqual({
      key: "loginScreen.emailNotConfirmed",
    });
    expect(loginErrorMessage({ status: 403, message: "User is banned" })).toEqual({ key: "loginScreen.userBlocked" });
    expect(loginErrorMessage({ status: 400, code: "user_banned", message: "User is banned" })).toEqual({
      key: "loginScreen.userBlocked",
    });
  });
  it("otherwise shows the provider's message, or an unknown error", () => {
    expect(loginErrorMessage({ status: 429, message: "Request rate limit reached" })).toEqual({
      text: "Request rate limit reached",
    });
    expect(identityErrorMessage({ status: 500 })).toEqual({ key: "common.unknownError" });
    expect(identityErrorMessage(null)).toEqual({ key: "common.unknownError" });
  });
});
