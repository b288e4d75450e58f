import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { codeSchema, forgotPasswordSchema, loginSchema, newPasswordSchema, registerSchema } from "./schemas.js";

/** field → message key of every issue a schema reports. */
function issues(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("login form (docs/product.md §5.1)", () => {
  it("asks to fill out all fields when one is empty", () => {
    expect(issues(loginSchema, { email: "", password: "x" })).toEqual({ email: "loginScreen.fillAllFields" });
    expect(issues(loginSchema, { email: "a@b.co", password: "" })).toEqual({ password: "loginScreen.fillAllFields" });
  });
  it("needs a valid e-mail, and trims it", () => {
    expect(issues(loginSchema, { email: "nope", password: "x" })).toEqual({ email: "loginScreen.invalidEmail" });
    expect(loginSchema.parse({ email: "  a@b.co ", password: " p " })).toEqual({ email: "a@b.co", password: " p " });
  });
  it("treats an e-mail of spaces as empty", () => {
    expect(issues(loginSchema, { email: "   ", password: "x" })).toEqual({ email: "loginScreen.fillAllFields" });
  });
});

describe("register form (docs/product.md §5.2)", () => {
  it("requires every field", () => {
    expect(issues(registerSchema, { email: "a@b.co", password: "", repeatPassword: "" })).toEqual({
      password: "registerScreen.errors.allRequired",
      repeatPassword: "registerScreen.errors.allRequired",
    });
  });
  it("needs matching passwords", () => {
    expect(issues(registerSchema, { email: "a@b.co", password: "secret1", repeatPassword: "secret2" })).toEqual({
      repeatPassword: "registerScreen.errors.passwordMismatch",
    });
    expect(registerSchema.safeParse({ email: "a@b.co", password: "s", repeatPassword: "s" }).success).toBe(true);
  });
});

describe("forgot password form (docs/product.md §5.3)", () => {
  it("asks for the e-mail", () => {
    expect(issues(forgotPasswordSchema, { email: " " })).toEqual({ email: "forgotPassword.emailRequired" });
    expect(issues(forgotPasswordSchema, { email: "x@" })).toEqual({ email: "loginScreen.invalidEmail" });
  });
});

describe("new password form (docs/product.md §5.4)", () => {
  it("requires both fields, then a match", () => {
    expect(issues(newPasswordSchema, { password: "", repeatPassword: "a" })).toEqual({
      password: "resetPassword.fillAll",
    });
    expect(issues(newPasswordSchema, { password: "a", repeatPassword: "b" })).toEqual({
      repeatPassword: "resetPassword.mismatch",
    });
  });
});

describe("confirmation code (docs/product.md §5.5)", () => {
  it("is exactly six digits", () => {
    expect(codeSchema.safeParse("123456").success).toBe(true);
    for (const text of ["12345", "1234567", "12a456", "123 456", "", "١٢٣٤٥٦"]) {
      expect(codeSchema.safeParse(text).success, text).toBe(false);
    }
  });
});
