import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Every component README documents the data-* hooks an app may style or query by; this keeps the
// tables true when a part is added or renamed.
const componentsDir = join(import.meta.dirname, "components");
const components = readdirSync(componentsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

function sourceSlots(dir: string): string[] {
  const slots = new Set<string>();
  for (const file of readdirSync(dir)) {
    if (!file.endsWith(".tsx") || file.includes(".test.") || file.includes(".stories.")) continue;
    for (const match of readFileSync(join(dir, file), "utf8").matchAll(/data-slot="([a-z-]+)"/g))
      slots.add(match[1] ?? "");
  }
  return [...slots];
}

describe.each(components)("the %s README", (name) => {
  const dir = join(componentsDir, name);
  const readme = readFileSync(join(dir, "README.md"), "utf8");
  const table = readme.split("## State attributes")[1]?.split(/\n## /)[0] ?? "";

  it("should have a state-attribute table", () => {
    expect(table).toMatch(/^\| attribute \|.*\bvalues\b.*\|$/im);
  });

  it("should name every data-slot the component renders", () => {
    for (const slot of sourceSlots(dir)) expect(table, `data-slot="${slot}"`).toMatch(new RegExp(`[\`"]${slot}[\`"]`));
  });
});
