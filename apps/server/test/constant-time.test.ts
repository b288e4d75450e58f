import { describe, expect, it } from "vitest";
import { constantTimeEqual } from "../src/constant-time.js";

describe("constantTimeEqual, the comparison every secret check goes through", () => {
  it("should accept equal text and equal bytes", () => {
    expect(constantTimeEqual("callback-secret-1234", "callback-secret-1234")).toBe(true);
    expect(constantTimeEqual(Buffer.from([1, 2, 3]), Buffer.from([1, 2, 3]))).toBe(true);
    expect(constantTimeEqual("é", Buffer.from("é", "utf8"))).toBe(true);
  });

  it("should refuse values of the same length that differ", () => {
    expect(constantTimeEqual("callback-secret-1234", "callback-secret-1235")).toBe(false);
    expect(constantTimeEqual(Buffer.from([1, 2, 3]), Buffer.from([1, 2, 4]))).toBe(false);
  });

  it("should refuse values of different lengths instead of throwing", () => {
    expect(constantTimeEqual("secret", "secret-and-more")).toBe(false);
    expect(constantTimeEqual("secret-and-more", "secret")).toBe(false);
    // Same number of characters, not of bytes.
    expect(constantTimeEqual("é", "e")).toBe(false);
  });

  it("should refuse an empty value against a non-empty one, and treat two empty values as equal", () => {
    expect(constantTimeEqual("", "secret")).toBe(false);
    expect(constantTimeEqual("secret", "")).toBe(false);
    // Callers for whom an empty value must never match say so themselves (auth/secrets.ts sameHex).
    expect(constantTimeEqual("", "")).toBe(true);
  });
});
