/**
 * Secrets of two-factor sign-in at rest (README, "Two-factor sign-in"): TOTP secrets encrypted with
 * AES-256-GCM under a key derived from MFA_ENCRYPTION_KEY, the factor id as associated data (a
 * ciphertext copied onto another factor's row does not decrypt); recovery codes kept only as an
 * HMAC under a second derived key.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from "node:crypto";

export interface MfaKeys {
  /** AES-256-GCM key of TOTP secrets. */
  secrets: Buffer;
  /** HMAC key of recovery codes. */
  recoveryCodes: Buffer;
}

export function deriveMfaKeys(encryptionKey: string): MfaKeys {
  const derive = (label: string) => Buffer.from(hkdfSync("sha256", encryptionKey, "veil-mfa", label, 32));
  return { secrets: derive("totp-secret"), recoveryCodes: derive("recovery-code") };
}

const VERSION = "v1";

export function encryptSecret(keys: MfaKeys, factorId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keys.secrets, iv);
  cipher.setAAD(Buffer.from(factorId));
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
}

/** The secret, or null when the stored value was not made by this key for this factor. */
export function decryptSecret(keys: MfaKeys, factorId: string, stored: string): string | null {
  const [version, payload] = stored.split(":");
  if (version !== VERSION || !payload) return null;
  const raw = Buffer.from(payload, "base64url");
  if (raw.length < 29) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keys.secrets, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(factorId));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/** Recovery codes per set, and their alphabet: lower-case letters and digits without i, l, o, u. */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const CODE_LENGTH = 16;

/** Ten new codes of 16 characters (80 bits each), in canonical form (lower case, no separators). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(""),
  );
}

/** A code as typed (any case, spaces, dashes) in canonical form, or null when it cannot be one. */
export function canonicalRecoveryCode(typed: string): string | null {
  const code = typed.toLowerCase().replace(/[\s-]/g, "");
  return code.length === CODE_LENGTH && [...code].every((ch) => ALPHABET.includes(ch)) ? code : null;
}

export function hashRecoveryCode(keys: MfaKeys, factorId: string, code: string): string {
  return createHmac("sha256", keys.recoveryCodes).update(`${factorId}\n${code}`).digest("hex");
}
