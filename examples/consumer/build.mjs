#!/usr/bin/env node
// Builds the consumer app the way a team outside this repository would get @veil/ui: the package is
// built and packed to a tarball, the app installs that tarball (and its own Vite, React and Tailwind)
// with npm from the registry, preferring npm's cache, and builds. The Playwright project `consumer`
// then tests examples/consumer/dist. Usage: node examples/consumer/build.mjs
import { spawnSync } from "node:child_process";
import { readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const app = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(app, "../..");
const packDir = path.join(app, ".pack");

function run(cmd, args, cwd) {
  console.log(`$ ${cmd} ${args.join(" ")}  (in ${path.relative(root, cwd) || "."})`);
  const res = spawnSync(cmd, args, { cwd, stdio: "inherit" });
  if (res.status !== 0) {
    console.error(`${cmd} ${args.join(" ")} failed (${res.status ?? res.signal})`);
    process.exit(1);
  }
}

run("pnpm", ["--filter", "@veil/ui", "run", "build"], root);
rmSync(packDir, { recursive: true, force: true });
run("pnpm", ["--filter", "@veil/ui", "pack", "--pack-destination", packDir], root);
const tarball = readdirSync(packDir).find((name) => name.endsWith(".tgz"));
if (!tarball) throw new Error(`no tarball in ${packDir}`);
// A fixed name, so package.json's `file:` dependency does not change with every version.
renameSync(path.join(packDir, tarball), path.join(packDir, "veil-ui.tgz"));

// npm, not pnpm: the app is no workspace member. The old copy goes first, or npm keeps it when the
// version number did not change.
rmSync(path.join(app, "node_modules/@veil/ui"), { recursive: true, force: true });
run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--package-lock=false"], app);
run("npm", ["run", "build"], app);
