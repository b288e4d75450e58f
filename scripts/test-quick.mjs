#!/usr/bin/env node
// `pnpm test:quick`: the inner loop — Biome, the layering rules, typecheck and every Vitest project
// on PGlite (no Postgres pass, no browsers; the web app is built only when there is no build yet).
// It stops at the first failing step, since the point is a fast answer; `npm test` runs everything.
// Typecheck and Vitest run side by side: tsc mostly waits on one core while Vitest's workers fill
// the other.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// The Postgres pass belongs to `npm test` (or scripts/test-server-postgres.mjs), never here.
const env = { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "1" };
delete env.VEIL_TEST_POSTGRES_URL;

function run(name, cmd) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd[0], cmd.slice(1), { cwd: root, env, stdio: "inherit" });
    child.on("exit", (code) => resolve({ name, ok: code === 0, seconds: (Date.now() - started) / 1000 }));
  });
}

const started = Date.now();
const results = [await run("lint + format", ["pnpm", "exec", "biome", "ci", "."])];
if (results[0].ok) results.push(await run("layers", ["pnpm", "run", "lint:layers"]));
// The server's smoke test serves the built web app (the `/` redirect to the prerendered /home, the
// app shell): on a fresh clone, where nothing is built yet, it is built once first (~10 s idle);
// later runs reuse it (`pnpm run build` refreshes it).
if (results.every((r) => r.ok) && !existsSync(path.join(root, "apps/web/dist/index.html"))) {
  results.push(await run("web build (none yet)", ["pnpm", "--filter", "@veil/web", "run", "build"]));
}
if (results.every((r) => r.ok)) {
  results.push(
    ...(await Promise.all([
      run("typecheck", ["pnpm", "-r", "run", "typecheck"]),
      // Four workers on two cores, as in `npm test`: many server tests wait on timers and sockets.
      run("vitest (PGlite)", ["pnpm", "exec", "vitest", "run", "--maxWorkers", "4", ...process.argv.slice(2)]),
    ])),
  );
}
console.log("\n━━ test:quick ━━");
for (const r of results) console.log(`${r.ok ? "✔" : "✖"} ${r.name.padEnd(20)} ${r.seconds.toFixed(1).padStart(6)} s`);
console.log(`total ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
