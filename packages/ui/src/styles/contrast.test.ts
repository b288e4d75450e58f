import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// The palettes' promise (theme.css): text pairs AA (4.5:1), the focus ring and form borders 3:1,
// in the light and the dark palette alike. Axe checks contrast on rendered pages too; this names the
// token pair that broke, and covers pairs no story happens to show.
const css = readFileSync(join(import.meta.dirname, "theme.css"), "utf8");
const tokens = new Map<string, [string, string]>();
for (const match of css.matchAll(/--veil-([a-z-]+): light-dark\((#[0-9a-f]{6}), (#[0-9a-f]{6})\)/g)) {
  tokens.set(match[1] ?? "", [match[2] ?? "", match[3] ?? ""]);
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

function ratio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

const TEXT_PAIRS: [string, string][] = [
  ["text", "background"],
  ["text", "surface"],
  ["text", "surface-muted"],
  ["text-muted", "background"],
  ["text-muted", "surface"],
  ["text-muted", "surface-muted"],
  ["primary", "surface"],
  ["primary", "background"],
  ["primary-foreground", "primary"],
  ["primary-foreground", "primary-hover"],
  ["primary-subtle-foreground", "primary-subtle"],
  ["primary-subtle-foreground", "primary-subtle-hover"],
  ["success-foreground", "success-surface"],
  ["warning-foreground", "warning-surface"],
  ["danger-foreground", "danger-surface"],
  ["danger", "surface"],
  ["danger-solid-foreground", "danger"],
  ["danger-solid-foreground", "danger-hover"],
  ["text-inverse", "surface-inverse"],
];
const NON_TEXT_PAIRS: [string, string][] = [
  ["focus", "background"],
  ["focus", "surface"],
  ["focus", "surface-muted"],
  ["border-strong", "surface"],
];

describe.each([
  ["light", 0],
  ["dark", 1],
] as const)("the %s palette", (_name, index) => {
  const value = (token: string) => {
    const pair = tokens.get(token);
    if (!pair) throw new Error(`--veil-${token} is not a light-dark() pair of hex colours`);
    return pair[index];
  };

  it.each(TEXT_PAIRS)("should give %s on %s at least 4.5:1", (fg, bg) => {
    expect(ratio(value(fg), value(bg))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(NON_TEXT_PAIRS)("should give %s against %s at least 3:1", (fg, bg) => {
    expect(ratio(value(fg), value(bg))).toBeGreaterThanOrEqual(3);
  });
});
