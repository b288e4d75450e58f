/**
 * Postgres timestamps may be `infinity` / `-infinity` (an operator's "banned forever" is
 * `banned_until = 'infinity'`). Both drivers hand those back as the numbers ±Infinity, which breaks
 * the convention that a timestamptz is a `Date` (callers do `.getTime()`): they become the latest
 * and earliest Dates JavaScript can hold instead, which compare and serialise correctly.
 */
const FAR_FUTURE = 8.64e15;

export function parseTimestamp(text: string, parseFinite: (text: string) => unknown): unknown {
  if (text === "infinity") return new Date(FAR_FUTURE);
  if (text === "-infinity") return new Date(-FAR_FUTURE);
  return parseFinite(text);
}

/** OIDs of `timestamp` and `timestamptz`. */
export const TIMESTAMP_OIDS = [1114, 1184] as const;
