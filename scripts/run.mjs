#!/usr/bin/env node
// The two Quick-start commands, `npm start` and `npm test`, land here. This file uses only Node and
// npm because on a fresh machine nothing else is there yet: it finds or installs pnpm (the pinned
// version), installs the workspace, then hands over to the real work.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pinned = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).packageManager.split("@")[1];
const toolsDir = path.join(root, ".tools");
const mode = process.argv[2];

function fail(message) {
  console.error(`\n✖ ${message}`);
  process.exit(1);
}

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { stdio: "inherit", cwd: root, ...opts });
  if (res.error) fail(`${cmd} could not start: ${res.error.message}`);
  return res.status ?? 1;
}

function versionOf(cmd, env = process.env) {
  const res = spawnSync(cmd, ["--version"], { encoding: "utf8", env });
  return res.status === 0 ? res.stdout.trim() : null;
}

const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 20 || (major === 20 && minor < 19)) fail(`Node ≥ 20.19 is required; this is ${process.version}.`);

// pnpm: the pinned version on PATH, else a private copy in .tools/ installed with npm. Corepack is
// not used: on some networks it refuses pnpm's signatures (README, "Design notes").
const localBin = path.join(toolsDir, "node_modules", ".bin");
const env = { ...process.env, PATH: `${localBin}${path.delimiter}${process.env.PATH}` };
if (versionOf("pnpm", env) !== pinned) {
  console.log(`› installing pnpm ${pinned} into .tools/ (npm)`);
  const status = run("npm", [
    "install",
    "--prefix",
    toolsDir,
    "--no-save",
    "--no-audit",
    "--no-fund",
    `pnpm@${pinned}`,
  ]);
  if (status !== 0 || !existsSync(path.join(localBin, "pnpm"))) fail("could not install pnpm with npm.");
}

const pnpm = (...args) => run("pnpm", args, { env });
if (pnpm("install", "--frozen-lockfile") !== 0) fail("pnpm install failed.");

if (mode === "start") {
  if (pnpm("run", "build") !== 0) fail("build failed.");
  // Replace this process with the server so Ctrl-C and SIGTERM reach it directly.
  process.exit(run(process.execPath, ["apps/server/dist/main.js"], { env }));
} else if (mode === "test") {
  process.exit(pnpm("run", "test:all"));
} else {
  fail(`usage: node scripts/run.mjs start|test (got ${mode ?? "nothing"})`);
}
