/**
 * Every error the servers can send is shown translated (issue 16): each `/api` code of the contract
 * and each auth server `error_code` has a message in both catalogues, and the mapping never hands
 * a server's own text to the screen (docs/architecture.md §7).
 */
import { API_ERROR_CODES, API_ROUTES, AUTH_ERROR_CODES } from "@veil/contracts";
import { describe, expect, it } from "vitest";
import { ApiError, apiErrorKey, apiErrorMessage, messageForError } from "../api/errors.js";
import { authErrorKey, identityErrorMessage, loginErrorMessage } from "../auth/identity-errors.js";
import en from "./en.json";
import ru from "./ru.json";

const catalogues: Record<"en" | "ru", Record<string, string>> = { en, ru };
const CYRILLIC = /[А-Яа-яЁё]/;

describe("error codes in the catalogues", () => {
  const routeCodes = Object.values(API_ROUTES).flatMap((route) => route.errors);

  it("lists every code a route declares among the contract's codes", () => {
    for (const code of routeCodes) expect(API_ERROR_CODES).toContain(code);
  });

  it.each(["en", "ru"] as const)("has a %s message for every /api error code", (language) => {
    for (const code of API_ERROR_CODES) {
      const text = catalogues[language][apiErrorKey(code)];
      expect(text, `${language} ${apiErrorKey(code)}`).toBeTruthy();
      if (language === "ru") expect(text, apiErrorKey(code)).toMatch(CYRILLIC);
    }
  });

  it.each(["en", "ru"] as const)("has a %s message for every auth error code", (language) => {
    for (const code of AUTH_ERROR_CODES) {
      const text = catalogues[language][authErrorKey(code)];
      expect(text, `${language} ${authErrorKey(code)}`).toBeTruthy();
      if (language === "ru") expect(text, authErrorKey(code)).toMatch(CYRILLIC);
    }
  });
});

describe("no server wording reaches the screen", () => {
  const statuses = [0, 400, 401, 402, 403, 404, 409, 413, 422, 429, 500, 501, 502, 503];

  it("maps every /api status and code to a catalogue key, with or without a detail", () => {
    for (const status of statuses) {
      for (const code of [undefined, ...API_ERROR_CODES]) {
        const error = new ApiError(status, "Some English detail from the server", { code });
        const message = messageForError(error);
        expect(message, `${status} ${code}`).toHaveProperty("key");
        expect(message).toEqual(apiErrorMessage(status, code));
      }
    }
  });

  it("maps every auth error to a catalogue key, whatever its English message", () => {
    for (const status of statuses) {
      for (const code of [undefined, "some_future_code", ...AUTH_ERROR_CODES]) {
        const error = { status, code, message: "Some English message from the auth server" };
        expect(identityErrorMessage(error), `${status} ${code}`).toHaveProperty("key");
        expect(loginErrorMessage(error), `${status} ${code}`).toHaveProperty("key");
      }
    }
  });
});
