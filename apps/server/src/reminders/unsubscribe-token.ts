/**
 * The signed token of a reminder mail's unsubscribe link (docs/product.md §11.3): the customer's
 * id and an HMAC-SHA256 of it under the server's key, so nobody can make a link for someone else's
 * id or change the id of a link they hold. The link has no expiry (mail clients may post it weeks
 * later, RFC 8058) and only ever turns reminders off, so a replayed link changes nothing.
 */
import { createHmac, hkdfSync } from "node:crypto";
import { constantTimeEqual } from "../constant-time.js";

/** Binds the MAC to this use: the same key can never sign something that passes for another token. */
const PURPOSE = "veil/reminders/unsubscribe/v1\n";

/** Longer input is refused before any work (a customer id is a UUID: 36 characters). */
const MAX_TOKEN_LENGTH = 512;

/**
 * The key: REMINDER_UNSUBSCRIBE_SECRET when set, else one derived with HKDF (label
 * `reminder-unsubscribe`) from the server's key secret MFA_ENCRYPTION_KEY, never from JWT_SECRET:
 * whoever holds the signing key alone cannot forge unsubscribe links (README, "Security").
 */
export function unsubscribeKey(config: {
  REMINDER_UNSUBSCRIBE_SECRET?: string | undefined;
  MFA_ENCRYPTION_KEY: string;
}) {
  return (
    config.REMINDER_UNSUBSCRIBE_SECRET ??
    Buffer.from(hkdfSync("sha256", config.MFA_ENCRYPTION_KEY, "veil-keys", "reminder-unsubscribe", 32)).toString(
      "base64url",
    )
  );
}

function mac(key: string, customerId: string): Buffer {
  return createHmac("sha256", key)
    .update(PURPOSE + customerId)
    .digest();
}

export function signUnsubscribeToken(key: string, customerId: string): string {
  return `${Buffer.from(customerId, "utf8").toString("base64url")}.${mac(key, customerId).toString("base64url")}`;
}

/** The customer id a genuine token names; null for anything forged, edited, cut or malformed. */
export function readUnsubscribeToken(key: string, token: unknown): string | null {
  if (typeof token !== "string" || token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split(".");
  if (parts.length !== 2) return null;
  const [idPart = "", macPart = ""] = parts;
  const base64url = /^[A-Za-z0-9_-]+$/;
  if (!base64url.test(idPart) || !base64url.test(macPart)) return null;
  const customerId = Buffer.from(idPart, "base64url").toString("utf8");
  // Re-encoding must give the same text: no second spelling of one id passes.
  if (Buffer.from(customerId, "utf8").toString("base64url") !== idPart) return null;
  const given = Buffer.from(macPart, "base64url");
  // Likewise for the signature: its last character carries unused bits a decoder ignores.
  if (given.toString("base64url") !== macPart) return null;
  const expected = mac(key, customerId);
  if (!constantTimeEqual(given, expected)) return null;
  return customerId;
}
