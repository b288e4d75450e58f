/**
 * Terminal-safe rendering of values that users typed (names, e-mails, messages): control
 * characters — including ESC, which starts terminal escape sequences — and every format character
 * (Unicode Cf: bidi overrides and marks such as U+202E, U+200E, U+200F, zero-width ones such as
 * U+200B, U+FEFF) are replaced, so a crafted contact message can neither rewrite the operator's
 * screen nor hide or reorder what it shows.
 */
export function safeText(value: unknown, max = 200): string {
  const text = value instanceof Date ? value.toISOString() : value === null || value === undefined ? "" : String(value);
  const clean = text.replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, (ch) => (ch === "\n" ? "⏎" : "�"));
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/** A plain text table: a header row, then one row per record, columns padded to fit. */
export function table(columns: string[], rows: unknown[][]): string {
  const cells = rows.map((row) => row.map((v) => safeText(v)));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) =>
    r
      .map((v, i) => v.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  return [line(columns), line(widths.map((w) => "-".repeat(w))), ...cells.map(line)].join("\n");
}
