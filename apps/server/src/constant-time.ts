/**
 * The one comparison of secrets in this server (callback path, metrics token, signatures, stored
 * hashes, one-time codes): `timingSafeEqual` throws on inputs of different lengths, so every caller
 * used to check the lengths first. A length is no secret here (the expected values have a fixed,
 * public size); the bytes are compared in constant time. Text is compared as UTF-8.
 */
import { timingSafeEqual } from "node:crypto";

export function constantTimeEqual(a: string | Uint8Array, b: string | Uint8Array): boolean {
  const x = typeof a === "string" ? Buffer.from(a, "utf8") : a;
  const y = typeof b === "string" ? Buffer.from(b, "utf8") : b;
  return x.length === y.length && timingSafeEqual(x, y);
}
