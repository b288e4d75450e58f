/**
 * Keys for other purposes than signing tokens, each derived with HKDF under its own label from the
 * server's key secret (MFA_ENCRYPTION_KEY, which is never JWT_SECRET: config refuses them equal
 * wherever the server is reachable). So someone who holds the JWT key alone can neither compute a
 * refresh token's successor nor test a code against its stored hash (README, "Security").
 */
import { createHash, createHmac, hkdfSync, randomBytes, randomInt } from "node:crypto";
import { constantTimeEqual } from "../constant-time.js";

export interface DerivedKeys {
  /** HMAC key for stored one-time codes. */
  codes: Buffer;
  /** HMAC key for deriving the next refresh token from the current one. */
  refreshChain: Buffer;
}

export function deriveKeys(keySecret: string): DerivedKeys {
  const derive = (label: string) => Buffer.from(hkdfSync("sha256", keySecret, "veil-auth", label, 32));
  return { codes: derive("one-time-codes"), refreshChain: derive("refresh-token-chain") };
}

/** Six decimal digits from the CSPRNG (ASVS 6.5.3: ≥ 20 bits of entropy). */
export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** What is stored for a code: an HMAC over purpose, address and code (a leaked table reveals no code). */
export function hashCode(key: Buffer, purpose: string, email: string, code: string): string {
  return createHmac("sha256", key).update(`${purpose}\n${email}\n${code}`).digest("hex");
}

/** Whether two stored hex hashes are equal; text that is not hex decodes to nothing and never matches. */
export function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  return x.length > 0 && constantTimeEqual(x, Buffer.from(b, "hex"));
}

/** A new refresh token: 32 random bytes, base64url. */
export function newRefreshToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * The token that replaces `token` on rotation. Deterministic, so a client that presents an already
 * rotated token within the reuse window can be handed the same successor again (GoTrue returns the
 * active child) even though only hashes are stored.
 */
export function nextRefreshToken(key: Buffer, token: string): string {
  return createHmac("sha256", key).update(token).digest("base64url");
}

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}
