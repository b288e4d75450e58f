import { createHmac } from "node:crypto";
import { constantTimeEqual } from "../constant-time.js";

/**
 * Exnode's request signature: lowercase hex HMAC-SHA512 keyed with the private key over the
 * decimal unix timestamp followed by the raw request body ("" for a GET). The adapter signs with
 * it and the gateway simulator verifies with it, so both sides share one definition.
 */
export function exnodeSignature(privateKey: string, timestamp: string, rawBody: string): string {
  return createHmac("sha512", privateKey)
    .update(timestamp + rawBody, "utf8")
    .digest("hex");
}

/** Constant-time comparison of a received signature against the expected one. */
export function isValidExnodeSignature(
  privateKey: string,
  timestamp: string,
  rawBody: string,
  signature: string,
): boolean {
  return constantTimeEqual(exnodeSignature(privateKey, timestamp, rawBody), signature);
}
