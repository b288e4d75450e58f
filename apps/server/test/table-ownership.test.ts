/**
 * Table ownership (docs/architecture.md §2): every SQL statement in the server's source sits in
 * one of its module's stores and names only tables §2 gives to that module. The rules are read
 * from the page itself — the ownership table of §2 and the lists of §2.2 — so the page and the code
 * cannot drift apart. Every string and template literal is read, statements and fragments alike
 * (`PEER_FROM` of devices is one): the tables it names are the known table names after FROM, JOIN,
 * INTO, UPDATE, TABLE, REFERENCES or LOCK, written in capitals as all SQL here is (so "from
 * payments" in an English message is no statement).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const SRC = join(ROOT, "apps", "server", "src");
const FIXTURE = join(import.meta.dirname, "fixtures", "table-ownership", "src");
const ARCHITECTURE = readFileSync(join(ROOT, "docs", "architecture.md"), "utf8");

/** A table after one of these words, or after a comma in a list of them (`FROM customers c, subscriptions s`). */
const TABLE_AFTER = /(?:\b(?:FROM|JOIN|INTO|UPDATE|TABLE|REFERENCES|LOCK)\s+(?:ONLY\s+)?|,\s*)([a-z_][a-z0-9_]*)/g;

/** `table → owner` from the ownership table of §2 (an owner of `—` is nobody: an unused table). */
function documentedOwners(markdown: string): Map<string, string> {
  const section = markdown.slice(markdown.indexOf("## 2. Who owns which table"), markdown.indexOf("### 2.1"));
  const owners = new Map<string, string>();
  for (const line of section.split("\n")) {
    // | tables | migration | owner | what it holds |
    const cells = line.split("|").map((cell) => cell.trim());
    if (cells.length < 6 || !/^\d{4}/.test(cells[2] ?? "")) continue;
    const owner = /^`([a-z-]+)`/.exec(cells[3] ?? "")?.[1] ?? "—";
    for (const [, table] of (cells[1] ?? "").matchAll(/`([a-z_0-9]+)`/g)) owners.set(table as string, owner);
  }
  return owners;
}

interface Allowances {
  /** Files that may still hold statements outside a `stores/` folder. */
  outsideStores: Set<string>;
  /** `file table` pairs: another module's table a file may still name. */
  crossReads: Set<string>;
}

/** The two lists of §2.2: "- `src/….ts`: why" and "- `src/….ts` reads `table`, `table`: why". */
function documentedAllowances(markdown: string): Allowances {
  const start = markdown.indexOf("### 2.2 Where SQL lives");
  const section = markdown.slice(start, markdown.indexOf("\n## ", start));
  const allowances: Allowances = { outsideStores: new Set(), crossReads: new Set() };
  for (const [, file, reads] of section.matchAll(/^- `(src\/[^`]+\.ts)`( reads [^:]+)?:/gm)) {
    if (!reads) allowances.outsideStores.add(file as string);
    for (const [, table] of (reads ?? "").matchAll(/`([a-z_0-9]+)`/g)) allowances.crossReads.add(`${file} ${table}`);
  }
  return allowances;
}

function tablesCreatedByMigrations(): Set<string> {
  const dir = join(SRC, "db", "migrations");
  const tables = new Set<string>();
  for (const file of readdirSync(dir)) {
    const sql = readFileSync(join(dir, file), "utf8").replace(/--.*$/gm, "");
    for (const [, table] of sql.matchAll(/CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?([a-z_0-9]+)/gi)) {
      tables.add(table as string);
    }
  }
  return tables;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** Every string and template literal of a file (`${…}` becomes `?`). */
function stringsIn(path: string): string[] {
  const file = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    let text: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    if (ts.isTemplateExpression(node)) {
      text = node.head.text + node.templateSpans.map((span) => `?${span.literal.text}`).join("");
    }
    if (text !== undefined) found.push(text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * What breaks the rules under `src` (a directory laid out like apps/server/src), one line each.
 * The module is the folder under src/ (a file directly under src/ is one by itself); `db` is the
 * schema itself and left out.
 */
function ownershipFindings(src: string, owners: Map<string, string>, allowances: Allowances): string[] {
  const findings = new Set<string>();
  for (const path of sourceFiles(src)) {
    const parts = relative(src, path).split(sep);
    const module = parts.length > 1 ? (parts[0] as string) : (parts[0] as string).replace(/\.ts$/, "");
    if (module === "db") continue;
    const file = `src/${parts.join("/")}`;
    for (const text of stringsIn(path)) {
      const named = [...text.matchAll(TABLE_AFTER)].map((m) => m[1] as string);
      const tables = new Set(named.filter((table) => owners.has(table)));
      if (tables.size === 0) continue;
      for (const table of tables) {
        const owner = owners.get(table);
        if (owner !== module && !allowances.crossReads.has(`${file} ${table}`)) {
          findings.add(`${file} names ${table}, owned by ${owner === "—" ? "nobody" : owner}`);
        }
      }
      if (!parts.includes("stores") && !allowances.outsideStores.has(file)) {
        findings.add(`${file} holds SQL outside stores/`);
      }
    }
  }
  return [...findings];
}

describe("table ownership (docs/architecture.md §2)", () => {
  const owners = documentedOwners(ARCHITECTURE);
  const allowances = documentedAllowances(ARCHITECTURE);

  it("knows an owner for every table the migrations create", () => {
    expect(owners.size).toBeGreaterThan(20);
    const missing = [...tablesCreatedByMigrations()].filter((table) => !owners.has(table));
    expect(missing).toEqual([]);
  });

  it("finds SQL only in a module's stores, naming only that module's tables", () => {
    expect(ownershipFindings(SRC, owners, allowances)).toEqual([]);
  });

  it("lists in §2.2 only what is still true (an allowance no file needs goes)", () => {
    const none: Allowances = { outsideStores: new Set(), crossReads: new Set() };
    const found = ownershipFindings(SRC, owners, none).join("\n");
    for (const file of allowances.outsideStores) expect(found).toContain(`${file} holds SQL outside stores/`);
    for (const pair of allowances.crossReads) {
      const [file, table] = pair.split(" ");
      expect(found).toContain(`${file} names ${table},`);
    }
  });

  it("reports a statement naming another module's table, and one outside stores/", () => {
    const none: Allowances = { outsideStores: new Set(), crossReads: new Set() };
    expect(ownershipFindings(FIXTURE, owners, none)).toEqual([
      "src/payments/receipt.ts names customers, owned by api",
      "src/payments/receipt.ts holds SQL outside stores/",
    ]);
  });
});
