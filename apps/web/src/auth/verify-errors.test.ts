import { describe, expect, it } from "vitest";
import { verifyErrorKey } from "./verify-errors.js";

describe("confirmation code errors (docs/product.md §8.3)", () => {
  it("a rejected code, or no session back, is 'Invalid code or email'", () => {
    expect(verifyErrorKey({ status: 403, code: "otp_expired", message: "Token has expired or is invalid" })).toBe(
      "emailConfirmation.invalidCode",
    );
    expect(verifyErrorKey({ status: 400, message: "x" })).toBe("emailConfirmation.invalidCode");
    expect(verifyErrorKey(null)).toBe("emailConfirmation.invalidCode");
  });
  it("a failure not about the code asks to try again", () => {
    expect(verifyErrorKey({ status: 429, message: "Request rate limit reached" })).toBe(
      "emailConfirmation.verificationFailed",
    );
    expect(verifyErrorKey({ status: 503 })).toBe("emailConfirmation.verificationFailed");
  });
  it("no HTTP answer at all is 'Unexpected error'", () => {
    expect(verifyErrorKey({ status: 0, message: "Failed to fetch" })).toBe("emailConfirmation.unexpectedError");
  });
});
