// Every bench run writes its raw numbers to bench-results/<name>-<timestamp>.json (git-ignored),
// so BENCHMARKS.md can quote them and a later run can be compared with an earlier one.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "./deps.mjs";

export function saveResults(name, data) {
  const dir = path.join(repoRoot, "bench-results");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  console.log(`\nraw results: ${path.relative(repoRoot, file)}`);
  return file;
}
