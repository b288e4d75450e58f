import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// A React Server Component tree (Next.js App Router) may import only modules that either run on the
// server (no state, effects, context or event handlers) or start with "use client". This finds the
// modules that need the directive by what they use, so a new hook or handler cannot slip in without it
// (useId, useMemo and useCallback also run in server components, so they alone do not call for it).
const srcDir = import.meta.dirname;
const CLIENT_ONLY =
  /\bReact\.use(?!(?:Id|Memo|Callback)\b)[A-Z]\w*\(|\buse(State|Effect|LayoutEffect|Ref|Context|Reducer|ImperativeHandle|Field|ShowMore|ControllableState)\(|\son[A-Z]\w*=\{|createContext\(|from "@radix-ui\/react-(dialog|dropdown-menu|tabs|accordion)"|from "input-otp"/;

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "test" || entry.name === "storybook" ? [] : modules(file);
    return /\.tsx?$/.test(entry.name) && !/\.(test|stories)\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")
      ? [file]
      : [];
  });
}

describe("the package's modules", () => {
  const clientModules = modules(srcDir).filter((file) => CLIENT_ONLY.test(readFileSync(file, "utf8")));

  it("should find the interactive ones", () => {
    expect(clientModules.map((file) => relative(srcDir, file))).toContain("components/dialog/dialog.tsx");
  });

  it.each(clientModules.map((file) => [relative(srcDir, file)]))('%s should start with "use client"', (file) => {
    expect(readFileSync(join(srcDir, file), "utf8").startsWith('"use client";')).toBe(true);
  });
});
