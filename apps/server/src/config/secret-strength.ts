/**
 * Production secrets are judged on their own, not by equality with the development values: a
 * one-letter edit of a published default, a repeated word or a short alphabet is as guessable as
 * the default itself. Generate them as docs/operations.md shows (`openssl rand`).
 */

/** Estimated bits of a secret: its length times the empirical Shannon entropy of its characters. */
export function estimatedBits(secret: string): number {
  const chars = [...secret];
  const counts = new Map<string, number>();
  for (const ch of chars) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let perChar = 0;
  for (const n of counts.values()) {
    const p = n / chars.length;
    perChar -= p * Math.log2(p);
  }
  return perChar * chars.length;
}

/**
 * Share of distinct 3-character pieces: near 1 for random text, low for a repeated unit
 * ("metricsmetrics…" has 7 distinct pieces however long it gets), which character statistics
 * alone would let through once it is long enough.
 */
function distinctTrigramShare(secret: string): number {
  const chars = [...secret];
  if (chars.length < 3) return 1;
  const seen = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) seen.add(chars.slice(i, i + 3).join(""));
  return seen.size / (chars.length - 2);
}

/**
 * Share of neighbouring characters that step by one code point ("abcdef…", "0123…", "zyx…"): a
 * keyboard run has high character entropy and no repeated trigram, yet is the first thing guessed.
 */
function sequentialShare(secret: string): number {
  const codes = [...secret].map((ch) => ch.codePointAt(0) ?? 0);
  if (codes.length < 2) return 0;
  let steps = 0;
  for (let i = 1; i < codes.length; i++) {
    if (Math.abs((codes[i] ?? 0) - (codes[i - 1] ?? 0)) === 1) steps++;
  }
  return steps / (codes.length - 1);
}

/** A run of this many characters shared with a published value makes a secret derived from it. */
const SHARED_RUN = 8;

function sharesRunWith(secret: string, known: string): boolean {
  const s = secret.toLowerCase();
  const k = known.toLowerCase();
  for (let i = 0; i + SHARED_RUN <= k.length; i++) {
    if (s.includes(k.slice(i, i + SHARED_RUN))) return true;
  }
  return false;
}

export interface SecretRule {
  minLength: number;
  minBits: number;
  /** Published values (the development defaults) the secret must not be built from. */
  published: readonly string[];
}

/** What is wrong with a production secret, or undefined when it passes. */
export function secretWeakness(secret: string, rule: SecretRule): string | undefined {
  if (rule.published.some((known) => sharesRunWith(secret, known))) {
    return "the development default (or a value made from it) is refused in production; set a long random secret";
  }
  if ([...secret].length < rule.minLength) return `must be at least ${rule.minLength} characters in production`;
  if (distinctTrigramShare(secret) < 0.75) {
    return "looks guessable (it repeats itself); generate it, e.g. openssl rand -base64 48";
  }
  if (sequentialShare(secret) > 0.5) {
    return "looks guessable (runs of consecutive characters); generate it, e.g. openssl rand -base64 48";
  }
  const bits = estimatedBits(secret);
  if (bits < rule.minBits) {
    return `looks guessable (about ${Math.floor(bits)} bits, at least ${rule.minBits} needed: repeated or too few different characters); generate it, e.g. openssl rand -base64 48`;
  }
  return undefined;
}
