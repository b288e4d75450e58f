/**
 * Limits on `user_metadata` (`data` of sign-up and `PUT /user`). It is copied into every access
 * token, so an unbounded object makes every request of the account carry it (and past a few KB,
 * proxies and Node refuse the header). Anyone may sign up, so the cap holds for the stored value
 * after every merge, not only for one request's part.
 */
import { validationFailed } from "./errors.js";

/** Serialized (JSON, UTF-8) size of the whole object. */
export const MAX_METADATA_BYTES = 4096;
/** Levels of nested objects and arrays below the top-level object. */
export const MAX_METADATA_DEPTH = 4;
/** Keys of every object in it, counted together. */
export const MAX_METADATA_KEYS = 64;

/** Throws 400 `validation_failed` when `data` is over any of the limits. */
export function assertAcceptableMetadata(data: Record<string, unknown>): void {
  const bytes = Buffer.byteLength(JSON.stringify(data), "utf8");
  if (bytes > MAX_METADATA_BYTES) {
    throw validationFailed(`User metadata is too large: at most ${MAX_METADATA_BYTES} bytes as JSON`);
  }
  let keys = 0;
  const walk = (value: unknown, depth: number): void => {
    if (value === null || typeof value !== "object") return;
    if (depth > MAX_METADATA_DEPTH) {
      throw validationFailed(`User metadata is nested too deeply: at most ${MAX_METADATA_DEPTH} levels`);
    }
    const children = Array.isArray(value) ? value : Object.values(value);
    if (!Array.isArray(value)) keys += children.length;
    if (keys > MAX_METADATA_KEYS) {
      throw validationFailed(`User metadata has too many keys: at most ${MAX_METADATA_KEYS}`);
    }
    for (const child of children) walk(child, depth + 1);
  };
  walk(data, 0);
}
