#!/usr/bin/env node
// Browser tests run on Debian's Chromium (no browser can be downloaded by test tools here).
// Installs it with apt when missing and we are allowed to; otherwise says exactly what to do.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (existsSync(chromium)) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const hasApt = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
if (isRoot && hasApt) {
  console.log("› installing Debian's chromium for the browser tests (apt-get)");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const ok = (args) => spawnSync("apt-get", args, { stdio: "inherit", env }).status === 0;
  if (
    ok(["update", "-qq"]) &&
    ok(["install", "-y", "-qq", "--no-install-recommends", "chromium"]) &&
    existsSync(chromium)
  ) {
    process.exit(0);
  }
}
console.error(
  `\n✖ Chromium was not found at ${chromium}.\n` +
    "  Install it, then run the tests again:\n" +
    "    Debian/Ubuntu: sudo apt-get install chromium\n" +
    "    elsewhere:     install Chromium or Chrome and set CHROMIUM_PATH=/path/to/the/binary\n",
);
process.exit(1);
