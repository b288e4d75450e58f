/**
 * Generates `.env.example` (repository root) from the server's zod configuration schema
 * (src/config/index.ts `envSchema`): every variable the server reads, what it means (the README's
 * configuration tables, which must therefore name every variable), its default (the schema's own;
 * where the README shows a literal default it must be the schema's), and whether production
 * requires it — found by starting from a valid production configuration and removing each
 * variable in turn: if `loadConfig` then refuses, production needs it.
 *
 *   pnpm env:example          writes .env.example
 *   (test) apps/server/test/config-env-example.test.ts fails when the file, the schema and the README drift.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { z } from "zod";
import {
  DEV_EXNODE_CALLBACK_SECRET,
  DEV_JWT_SECRET,
  DEV_MFA_ENCRYPTION_KEY,
  envSchema,
  loadConfig,
} from "../src/config/index.js";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const ENV_EXAMPLE_PATH = path.join(repoRoot, ".env.example");

/**
 * A production configuration that starts: secrets of the right strength (fixed, never used
 * anywhere: this only probes which variables production insists on), https URLs, SMTP, Exnode.
 */
const PRODUCTION_BASELINE: Record<string, string> = {
  NODE_ENV: "production",
  JWT_SECRET: "Qm9vdHN0cmFwLWp3dC1wcm9iZS0xMjM0NTY3ODkwYWJjZGVm",
  MFA_ENCRYPTION_KEY: "TWZhLWtleS1wcm9iZS1hYmNkZWZnaGlqa2xtbm9wcXJzdHV2",
  EXNODE_CALLBACK_SECRET: "9f3c1e7a52b84d06a1c9e3f7b2d5a8c4e6f1b3d7a9c2e5f8",
  SITE_URL: "https://vpn.example.com",
  SMTP_URL: "smtps://veil:probe@smtp.example.com:465",
  EXNODE_PUBLIC_KEY: "probe-public",
  EXNODE_PRIVATE_KEY: "probe-private",
};

/** Variables production refuses to start without (set to a sound value). */
export function productionRequired(): Set<string> {
  loadConfig(PRODUCTION_BASELINE); // the baseline itself must start
  const required = new Set<string>();
  for (const name of Object.keys(PRODUCTION_BASELINE)) {
    const { [name]: _, ...without } = PRODUCTION_BASELINE;
    try {
      loadConfig(without);
    } catch {
      required.add(name);
    }
  }
  return required;
}

/** The README's rows for configuration variables: name → [default column, meaning column]. */
export function readmeRows(readme: string): Map<string, { defaultText: string; meaning: string }> {
  const rows = new Map<string, { defaultText: string; meaning: string }>();
  for (const line of readme.split("\n")) {
    const cells = line.split(/(?<!\\)\|/).map((cell) => cell.trim());
    // | `NAME`[, `NAME`] | default | meaning |
    if (cells.length < 5 || !/^`[A-Z][A-Z0-9_]*`(,\s*`[A-Z][A-Z0-9_]*`)*$/.test(cells[1] ?? "")) continue;
    for (const name of (cells[1] ?? "").match(/[A-Z][A-Z0-9_]*/g) ?? []) {
      if (!rows.has(name)) rows.set(name, { defaultText: cells[2] ?? "", meaning: cells.slice(3, -1).join(" | ") });
    }
  }
  return rows;
}

const PUBLISHED = new Set<string>([DEV_JWT_SECRET, DEV_MFA_ENCRYPTION_KEY, DEV_EXNODE_CALLBACK_SECRET]);

/** The schema's default of one variable as text ("" for none). */
export function schemaDefault(field: z.ZodType): string {
  const parsed = field.safeParse(undefined);
  if (!parsed.success || parsed.data === undefined) return "";
  const value = parsed.data as unknown;
  if (Array.isArray(value)) return value.join(", ");
  if (typeof value === "string" && PUBLISHED.has(value)) return "(a development value, refused in production)";
  if (typeof value === "string" && path.isAbsolute(value)) return path.relative(repoRoot, value) || ".";
  return String(value);
}

/** Markdown of a README cell as plain comment text. */
function plain(markdown: string): string {
  return markdown
    .replace(/\[([^\]]+)\]\([^)]+\)/g, "$1")
    .replace(/\*\*([^*]+)\*\*/g, "$1")
    .replace(/\\\|/g, "|");
}

function wrap(text: string, width = 98): string[] {
  const out: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + word.length + 1 > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out.map((l) => `# ${l}`);
}

/** The whole `.env.example`. */
export function renderEnvExample(readme: string): string {
  const rows = readmeRows(readme);
  const required = productionRequired();
  const shape = envSchema.shape as Record<string, z.ZodType>;
  const parts = [
    "# Veil server configuration: every variable the server reads, with its default and whether",
    "# production requires it. GENERATED from the zod schema (apps/server/src/config/index.ts) and the",
    "# README's tables by `pnpm env:example`; do not edit by hand (a test fails when they drift).",
    "#",
    "# Lines left as `NAME=` must be set in production (NODE_ENV=production refuses to start without",
    "# them); commented lines show the default. Empty values count as unset. Use it as the",
    "# environment file of your supervisor or container (`env_file`, systemd `EnvironmentFile`).",
    "",
  ];
  for (const [name, field] of Object.entries(shape)) {
    const row = rows.get(name);
    const fallback = schemaDefault(field);
    const needed = required.has(name);
    parts.push(...wrap(plain(row?.meaning ?? "(not documented in the README)")));
    const defaultText = row?.defaultText && !row.defaultText.startsWith("—") ? plain(row.defaultText) : "";
    parts.push(`# default: ${defaultText || (fallback ? `\`${fallback}\`` : "none")}`);
    // The value itself only where the README shows it as a plain literal: a computed default (half
    // the cores) would differ from machine to machine.
    const literal = !defaultText || /^`[^`]*`(\s*\(.*\))?$/.test(row?.defaultText ?? "");
    const shown = fallback && literal && !fallback.startsWith("(") ? fallback : "";
    if (needed) parts.push("# REQUIRED in production", `${name}=${name === "NODE_ENV" ? "production" : ""}`);
    else parts.push(`#${name}=${shown}`);
    parts.push("");
  }
  return `${parts.join("\n").trimEnd()}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const readme = readFileSync(path.join(repoRoot, "README.md"), "utf8");
  writeFileSync(ENV_EXAMPLE_PATH, renderEnvExample(readme));
  console.log(`wrote ${path.relative(process.cwd(), ENV_EXAMPLE_PATH)}`);
}
