/**
 * Password policy and hashing. Policy per OWASP ASVS 5 §6.2: at least 8 characters, no composition
 * rules, refuse the most common passwords; bcrypt's 72-byte limit is an explicit error rather than a
 * silent truncation. Hashes are bcrypt `$2b$` cost 10, which hosted Supabase verifies as they are.
 */
import { hash, parseOptions, verify } from "@node-rs/bcrypt";
import { dictionary } from "@zxcvbn-ts/language-common";
import { AuthError, validationFailed } from "./errors.js";
import { passwordHashing } from "./hashing-queue.js";

export const MIN_PASSWORD_CHARS = 8;
export const MAX_PASSWORD_BYTES = 72;
export const BCRYPT_COST = 10;

/**
 * The cost new hashes get: BCRYPT_COST, or the test suites' lower TEST_PASSWORD_HASH_COST (set by
 * createAuth from the config; production refuses it). One per process, like the hashing queue.
 */
let cost = BCRYPT_COST;
/** A hash of nothing anyone knows, checked against when there is no user, so timing tells nothing. */
let dummyHash: Promise<string> | null = null;
export function setPasswordHashCost(next: number | undefined): void {
  const wanted = next ?? BCRYPT_COST;
  if (wanted === cost) return;
  cost = wanted;
  dummyHash = null;
}

let common: Set<string> | null = null;
/**
 * ~49,000 most common passwords (zxcvbn-ts's frequency list, from breach corpora). Compared
 * lower-cased, so "Password1" counts as "password1".
 */
export function commonPasswords(): Set<string> {
  common ??= new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));
  return common;
}

export interface PasswordWeakness {
  message: string;
  reasons: Array<"length" | "pwned">;
}

/** What is wrong with a new password under the policy, or null when it is acceptable. */
export function passwordWeakness(password: string): PasswordWeakness | null {
  const reasons: PasswordWeakness["reasons"] = [];
  const messages: string[] = [];
  if ([...password].length < MIN_PASSWORD_CHARS) {
    reasons.push("length");
    messages.push(`Password should be at least ${MIN_PASSWORD_CHARS} characters.`);
  }
  if (commonPasswords().has(password.toLowerCase())) {
    reasons.push("pwned");
    messages.push("Password is known to be weak and easy to guess, please choose a different one.");
  }
  return reasons.length ? { message: messages.join(" "), reasons } : null;
}

/**
 * Checks a password someone is setting: too long → 400 validation_failed (bcrypt would silently
 * ignore the rest), weak → 422 weak_password with reasons (auth-js: AuthWeakPasswordError).
 */
export function assertAcceptablePassword(password: string): void {
  if (Buffer.byteLength(password, "utf8") > MAX_PASSWORD_BYTES) {
    throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  const weakness = passwordWeakness(password);
  if (weakness) {
    throw new AuthError(422, "weak_password", weakness.message, { weak_password: { reasons: weakness.reasons } });
  }
}

/** Hashes through the process's bounded queue (hashing-queue.ts): may throw HashingBusyError. */
export function hashPassword(password: string): Promise<string> {
  return passwordHashing.run(() => hash(password, { cost, version: "2b" }));
}

/**
 * Compares a password with a stored hash, through the bounded queue (may throw HashingBusyError).
 * With no hash (unknown user, or a user without a
 * password) it still spends one bcrypt comparison, so replies take as long either way.
 */
export async function checkPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hash("veil-timing-equaliser-not-a-password", { cost, version: "2b" });
    const dummy = await dummyHash;
    await passwordHashing.run(() => verify(password, dummy));
    return false;
  }
  return passwordHashing.run(() => verify(password, stored));
}

/** True when a stored hash should be replaced with one at today's cost (checked after a good login). */
export function needsRehash(stored: string): boolean {
  try {
    return parseOptions(stored).cost !== cost;
  } catch {
    return false;
  }
}
