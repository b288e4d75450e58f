/**
 * The log of the server the whole `web` browser suite ran against (issue #32): after every journey
 * the suite takes — sign-ups with mailed codes, sign-ins, two-factor, password changes, recovery,
 * checkouts, devices, contact, deletion — the log holds one access line per request and not one
 * e-mail address, password, code, token or key. This project depends on `web`, so it runs once the
 * suite is done; the server writes to E2E_SERVER_LOG (playwright.config.ts).
 */
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { E2E_SERVER_LOG } from "../../../playwright.config.js";

/** Passwords the browser suites type (apps/web/e2e): none may reach the log, in any field. */
const TYPED_PASSWORDS = [
  "Correct-Horse-42",
  "Changed-Pass-99",
  "Secret-Pass-1",
  "Another-Pass-77",
  "Another-Pass-78",
  "wrong-password-1",
  "Wrong-pass-1",
  "not-my-password",
  "abc12345",
];

/** What a leaked secret looks like, whatever field or message it hides in. */
const LEAK_PATTERNS: [string, RegExp][] = [
  ["e-mail address", /[\w.+-]+@[\w-]+(\.[\w-]+)*\.[a-z]{2,}/i],
  ["JWT", /eyJ[\w-]{8,}\.[\w-]{8,}\./],
  ["bearer credential", /Bearer\s+[\w.~+/-]{8,}/i],
  ["six-digit code in a field", /"(token|code|otp|nonce|otp_code)"\s*:\s*"\d{6}"/i],
  ["refresh token in a field", /"refresh_token"\s*:\s*"[^"]+"/i],
  ["password in a field", /"(password|new_password|current_password)"\s*:\s*"[^"]+"/i],
  ["WireGuard private key in a field", /"private_?key"\s*:\s*"[A-Za-z0-9+/]{43}="/i],
  ["TOTP secret or otpauth link", /otpauth:\/\/|"secret"\s*:\s*"[A-Z2-7]{16,}"/],
];

test("the suite's server log has an access line per request and no address, password, code or token @e2e", () => {
  const text = readFileSync(E2E_SERVER_LOG, "utf8");
  const lines = text.split("\n").filter(Boolean);
  // Proof the log was captured at all: the web suite makes thousands of requests.
  const access = lines.filter((line) => line.includes('"msg":"request"'));
  expect(access.length, `access lines in ${E2E_SERVER_LOG}`).toBeGreaterThan(500);
  const leaks: string[] = [];
  for (const [n, line] of lines.entries()) {
    for (const [what, pattern] of LEAK_PATTERNS) if (pattern.test(line)) leaks.push(`line ${n + 1}: ${what}: ${line}`);
    for (const password of TYPED_PASSWORDS) if (line.includes(password)) leaks.push(`line ${n + 1}: password: ${line}`);
  }
  expect(leaks.slice(0, 20)).toEqual([]);
});
