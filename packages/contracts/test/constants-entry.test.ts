import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as constants from "../src/constants-entry.js";
import * as everything from "../src/index.js";

const src = path.join(path.dirname(fileURLToPath(import.meta.url)), "../src");

/** Modules the file loads at run time (type-only imports and re-exports are erased). */
function runtimeImports(file: string): string[] {
  const text = readFileSync(path.join(src, file), "utf8");
  const specifiers = [...text.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+"([^"]+)"/gm)].map((m) => m[1]);
  return specifiers.filter((s): s is string => s !== undefined);
}

describe("@veil/contracts/constants", () => {
  it("loads no zod, directly or through the modules it re-exports", () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const spec of runtimeImports(file)) {
        expect(spec, `${file} imports ${spec}`).not.toMatch(/^zod(\/|$)|\/zod\.js$/);
        if (spec.startsWith("./")) visit(spec.slice(2).replace(/\.js$/, ".ts"));
      }
    };
    visit("constants-entry.ts");
    expect(seen.size).toBeGreaterThan(1);
  });

  it("exports the same values as the main entry for everything it has", () => {
    const main = new Map(Object.entries(everything));
    for (const [name, value] of Object.entries(constants)) expect(main.get(name), name).toBe(value);
  });
});
