/**
 * `.env.example`, the zod configuration schema and the README's configuration tables cannot drift
 * apart: the file is exactly what the generator (scripts/env-example.ts) makes of the other two,
 * every variable of the schema has a README row, a literal default the README shows is the one the
 * server really uses, and what the file marks as required in production is what production refuses
 * to start without.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ENV_EXAMPLE_PATH,
  productionRequired,
  readmeRows,
  renderEnvExample,
  repoRoot,
} from "../scripts/env-example.js";
import { envSchema, loadConfig } from "../src/config/index.js";

const readme = readFileSync(path.join(repoRoot, "README.md"), "utf8");
const names = Object.keys(envSchema.shape);

describe(".env.example", () => {
  it("is what `pnpm env:example` generates from the schema and the README (run it after changing either)", () => {
    expect(readFileSync(ENV_EXAMPLE_PATH, "utf8")).toBe(renderEnvExample(readme));
  });

  it("names every variable of the schema once", () => {
    const listed = [...readFileSync(ENV_EXAMPLE_PATH, "utf8").matchAll(/^#?([A-Z][A-Z0-9_]*)=/gm)].map(([, n]) => n);
    expect(listed).toEqual(names);
  });

  it("marks as required exactly what production refuses to start without", () => {
    const text = readFileSync(ENV_EXAMPLE_PATH, "utf8");
    const marked = [...text.matchAll(/^# REQUIRED in production\n([A-Z][A-Z0-9_]*)=/gm)].map(([, n]) => n);
    expect(marked.sort()).toEqual([...productionRequired()].sort());
    // The ones an operator must choose (docs/operations.md §1) are among them.
    expect(marked).toEqual(expect.arrayContaining(["JWT_SECRET", "MFA_ENCRYPTION_KEY", "SITE_URL", "SMTP_URL"]));
  });
});

describe("the README's configuration tables", () => {
  const rows = readmeRows(readme);

  it("have a row for every variable the server reads", () => {
    expect(names.filter((name) => !rows.has(name))).toEqual([]);
  });

  it("show, where they give a literal default, the one the server uses", () => {
    const config = loadConfig({}) as unknown as Record<string, unknown>;
    const checked: string[] = [];
    for (const name of names) {
      const literal = /^`([^`]*)`(\s*\(.*\))?$/.exec(rows.get(name)?.defaultText ?? "")?.[1];
      // A literal, not another variable's name (`SITE_URL`: "defaults to that one").
      if (literal === undefined || /^[A-Z][A-Z0-9_]+$/.test(literal)) continue;
      const value = config[name];
      const actual =
        typeof value === "string" && path.isAbsolute(value)
          ? path.relative(repoRoot, value)
          : Array.isArray(value)
            ? value.join(", ")
            : String(value);
      expect(actual, name).toBe(literal);
      checked.push(name);
    }
    expect(checked.length).toBeGreaterThan(20);
  });
});
