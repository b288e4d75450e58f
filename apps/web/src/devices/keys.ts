import { base64UrlToBase64, fromBase64, toBase64 } from "./base64.js";

/**
 * A WireGuard key pair made in this browser (docs/product.md, "Devices"). Only `publicKey` is ever
 * sent to the server; `privateKey` lives in memory until the config is assembled and handed over,
 * and is never stored or sent anywhere.
 */
export interface KeyPair {
  /** base64 of the 32-byte X25519 private key. */
  privateKey: string;
  /** base64 of the 32-byte X25519 public key. */
  publicKey: string;
}

/** How the pair was made; the screen does not care, the tests do. */
export type KeySource = "webcrypto" | "noble";

/**
 * Makes an X25519 key pair: with the browser's own WebCrypto X25519 where it has it (Chrome 133+,
 * Firefox 130+, Safari 17+), otherwise with `@noble/curves` (audited, pure JS), loaded only then.
 * Both draw from the browser's CSPRNG. WireGuard clamps the private key itself, so the raw 32
 * random bytes from either are valid WireGuard private keys with the same public key.
 */
export async function generateKeyPair(
  options: { subtle?: SubtleCrypto | undefined } = {},
): Promise<KeyPair & { source: KeySource }> {
  const subtle = "subtle" in options ? options.subtle : globalThis.crypto?.subtle;
  const native = subtle ? await webCryptoPair(subtle) : null;
  if (native) return { ...native, source: "webcrypto" };
  const { x25519 } = await import("@noble/curves/ed25519.js");
  const secret = x25519.utils.randomSecretKey();
  return { privateKey: toBase64(secret), publicKey: toBase64(x25519.getPublicKey(secret)), source: "noble" };
}

async function webCryptoPair(subtle: SubtleCrypto): Promise<KeyPair | null> {
  try {
    const pair = (await subtle.generateKey({ name: "X25519" }, true, ["deriveBits"])) as CryptoKeyPair;
    const jwk = await subtle.exportKey("jwk", pair.privateKey);
    if (typeof jwk.d !== "string" || typeof jwk.x !== "string") return null;
    const privateKey = base64UrlToBase64(jwk.d);
    const publicKey = base64UrlToBase64(jwk.x);
    if (!isKey(privateKey) || !isKey(publicKey)) return null;
    return { privateKey, publicKey };
  } catch {
    // No X25519 in this browser's WebCrypto (NotSupportedError): the library does it.
    return null;
  }
}

/** Whether `text` is a WireGuard key: canonical standard base64 of exactly 32 bytes (44 characters). */
export function isKey(text: string): boolean {
  const bytes = fromBase64(text);
  return bytes !== null && bytes.length === 32 && toBase64(bytes) === text;
}

/** Why a pasted public key is refused, or null when it is fine (whitespace around it is ignored). */
export function publicKeyProblem(text: string): "empty" | "invalid" | null {
  const trimmed = text.trim();
  if (!trimmed) return "empty";
  return isKey(trimmed) ? null : "invalid";
}
