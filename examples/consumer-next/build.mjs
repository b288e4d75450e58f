#!/usr/bin/env node
// Builds the Next.js consumer the way a team outside this repository would get @veil/ui: the package
// is built and packed, the app installs that tarball (and its own Next.js and React) with npm from the
// registry, preferring npm's cache, and `next build` renders the server component page into out/.
// The Playwright project `consumer-next` then tests out/. Usage: node examples/consumer-next/build.mjs
import { spawnSync } from "node:child_process";
import { readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const app = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(app, "../..");
const packDir = path.join(app, ".pack");

function run(cmd, args, cwd) {
  console.log(`$ ${cmd} ${args.join(" ")}  (in ${path.relative(root, cwd) || "."})`);
  const res = spawnSync(cmd, args, { cwd, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
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
renameSync(path.join(packDir, tarball), path.join(packDir, "veil-ui.tgz"));

// npm, not pnpm: the app is no workspace member. The old copy goes first, or npm keeps it when the
// version number did not change; so does the last build.
rmSync(path.join(app, "node_modules/@veil/ui"), { recursive: true, force: true });
rmSync(path.join(app, ".next"), { recursive: true, force: true });
rmSync(path.join(app, "out"), { recursive: true, force: true });
run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--package-lock=false"], app);
run("npm", ["run", "build"], app);
