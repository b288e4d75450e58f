/**
 * Node tokens: 32 random bytes (base64url, with a `vn_` prefix so a leaked one is recognisable in
 * logs and scanners). The database keeps only the SHA-256: the token has 256 bits of entropy, so a
 * slow password hash would add nothing but cost on every node request.
 */
import { createHash, randomBytes } from "node:crypto";

export const newNodeToken = (): string => `vn_${randomBytes(32).toString("base64url")}`;

export const hashNodeToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/** The shape of a token, checked before any lookup. */
export const looksLikeNodeToken = (token: string): boolean => /^vn_[A-Za-z0-9_-]{43}$/.test(token);
