#!/usr/bin/env node
// The tunnel test (apps/node-agent/e2e) runs wireguard-go in network namespaces, driven by
// wireguard-tools' `wg`. Installs both with apt when missing and we are allowed to (root, apt) —
// with --no-install-recommends: without it wireguard-tools pulls in a kernel image, an initramfs
// and a systemd upgrade. Otherwise says exactly what to do. Like scripts/ensure-chromium.mjs.
import { spawnSync } from "node:child_process";

const has = (tool) => spawnSync("sh", ["-c", `command -v ${tool}`], { stdio: "ignore" }).status === 0;
const missing = () => ["wg", "wireguard-go", "ip", "curl"].filter((tool) => !has(tool));
if (missing().length === 0) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
if (isRoot && has("apt-get")) {
  console.log(`› installing ${missing().join(", ")} for the tunnel test (apt-get --no-install-recommends)`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const ok = (args) => spawnSync("apt-get", args, { stdio: "inherit", env }).status === 0;
  if (
    ok(["update", "-qq"]) &&
    ok(["install", "-y", "-qq", "--no-install-recommends", "wireguard-tools", "wireguard-go", "iproute2", "curl"]) &&
    missing().length === 0
  ) {
    process.exit(0);
  }
}
console.error(
  `\n✖ ${missing().join(", ")} not found: the tunnel test (apps/node-agent/e2e/tunnel.spec.ts) cannot run.\n` +
    "  Install them, then run the tests again:\n" +
    "    Debian/Ubuntu: sudo apt-get install --no-install-recommends wireguard-tools wireguard-go iproute2 curl\n" +
    "  The test also needs root and /dev/net/tun (it makes network namespaces).\n",
);
process.exit(1);
