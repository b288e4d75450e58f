#!/usr/bin/env node
/**
 * `pnpm bundle <dir>`: a self-contained production directory, built from this checkout.
 *
 *   <dir>/dist/main.js        the server (node dist/main.js)
 *   <dir>/dist/admin.js       the admin command line, compiled (node dist/admin.js users list)
 *   <dir>/dist/migrations/    the SQL migrations, beside the bundle (applied at start-up)
 *   <dir>/web/                the built web app (WEB_DIST=<dir>/web)
 *   <dir>/node_modules/       the server's production dependencies only (pnpm deploy --prod)
 *   <dir>/package.json
 *
 * Builds the server and the web app first; VEIL_BUNDLE_REUSE_BUILD=1 keeps existing builds of both
 * (apps/server/dist, apps/web/dist) and builds only what is missing. The test sets it: `npm test`
 * has built both, and rebuilding the server's dist in place (tsup empties it first) pulled
 * dist/main.js from under the other tests that start the built server at the same time (seen:
 * rolling-restart.postgres "dist/main.js is missing"). docs/operations.md uses it.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const target = process.argv[2] && path.resolve(process.argv[2]);
if (!target) {
  console.error("usage: pnpm bundle <directory>");
  process.exit(2);
}
if (target === root || root.startsWith(`${target}${path.sep}`)) {
  console.error("bundle: the target must not be the repository or hold it");
  process.exit(2);
}

function run(args) {
  const res = spawnSync("pnpm", args, { cwd: root, stdio: "inherit" });
  if (res.status !== 0) {
    console.error(`bundle: pnpm ${args.join(" ")} failed`);
    process.exit(res.status ?? 1);
  }
}

const webDist = path.join(root, "apps/web/dist");
const reuse = process.env.VEIL_BUNDLE_REUSE_BUILD === "1";
const webBuilt = reuse && existsSync(path.join(webDist, "index.html"));
const serverBuilt = reuse && existsSync(path.join(root, "apps/server/dist/main.js"));
if (!webBuilt) run(["run", "build"]);
else if (!serverBuilt) run(["--filter", "@veil/server", "run", "build"]);
rmSync(target, { recursive: true, force: true });
// The server package's `files` is ["dist"]: only the bundle, its migrations and package.json, plus
// node_modules with the production dependencies (the workspace's @veil/* are bundled into dist).
run(["--filter", "@veil/server", "deploy", "--prod", "--legacy", target]);
mkdirSync(path.join(target, "web"), { recursive: true });
cpSync(webDist, path.join(target, "web"), { recursive: true });
console.log(
  `bundle: ${target} (start: WEB_DIST=${path.join(target, "web")} node ${path.join(target, "dist/main.js")})`,
);
