/** Small statistics helpers shared by the bench scripts. */

export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Nearest-rank percentile (p in 0..100) of raw samples. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export const round = (n, digits = 1) => (Number.isFinite(n) ? Number(n.toFixed(digits)) : n);

/** Prints rows (objects with the same keys) as an aligned text table. */
export function printTable(rows) {
  if (rows.length === 0) return;
  const keys = Object.keys(rows[0]);
  const cells = [keys, ...rows.map((r) => keys.map((k) => String(r[k] ?? "")))];
  const widths = keys.map((_, i) => Math.max(...cells.map((row) => row[i].length)));
  for (const [n, row] of cells.entries()) {
    console.log(row.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  "));
    if (n === 0) console.log(widths.map((w) => "─".repeat(w)).join("  "));
  }
}
