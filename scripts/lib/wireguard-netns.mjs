// Network namespaces with wireguard-go interfaces, for the tunnel test (apps/node-agent/e2e) and the
// agent's benchmark (scripts/bench/agent-apply.mjs). Everything here runs `ip`, `wg` and
// `wireguard-go` with argument arrays, creates only namespaces and interfaces with the caller's
// unique names, and removes exactly those. wireguard-go's control sockets live in
// /var/run/wireguard, shared by every namespace, so interface names must be unique machine-wide.
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { accessSync, constants, existsSync } from "node:fs";

const TOOLS = ["ip", "wg", "wireguard-go", "curl"];

/** Why the tunnel cannot be built on this machine, or null when it can. */
export function tunnelBlocker() {
  if (process.platform !== "linux") return `this is ${process.platform}: network namespaces need Linux`;
  if (typeof process.getuid !== "function" || process.getuid() !== 0)
    return "not running as root: creating network namespaces and TUN interfaces needs root (CI runs as root)";
  try {
    accessSync("/dev/net/tun", constants.R_OK | constants.W_OK);
  } catch {
    return "/dev/net/tun is missing or not usable: wireguard-go needs a TUN device (in a container: --device /dev/net/tun --cap-add NET_ADMIN)";
  }
  for (const tool of TOOLS) {
    if (spawnSync("sh", ["-c", `command -v ${tool}`], { stdio: "ignore" }).status !== 0)
      return `${tool} is not installed (node scripts/ensure-wireguard.mjs installs wireguard-tools and wireguard-go)`;
  }
  return null;
}

/** A short random suffix; with a prefix of ≤ 9 characters it keeps interface names within 15. */
export function uniqueSuffix() {
  return randomBytes(3).toString("hex");
}

/** Runs a command (no shell); returns stdout, throws with its stderr. */
export function run(cmd, args, input) {
  try {
    return execFileSync(cmd, args, {
      encoding: "utf8",
      input,
      stdio: ["pipe", "pipe", "pipe"],
      timeout: 120_000,
      maxBuffer: 256 * 1024 * 1024,
    });
  } catch (err) {
    const stderr = err.stderr ? String(err.stderr).trim() : "";
    throw new Error(`${cmd} ${args.join(" ")} failed: ${stderr || err.message}`);
  }
}

/** Runs a command inside namespace `ns`. */
export function inNs(ns, cmd, args, input) {
  return run("ip", ["netns", "exec", ns, cmd, ...args], input);
}

export function createNamespace(ns) {
  run("ip", ["netns", "add", ns]);
  inNs(ns, "ip", ["link", "set", "lo", "up"]);
}

/** Removes a namespace if it exists (never throws: cleanup must go on). */
export function deleteNamespace(ns) {
  spawnSync("ip", ["netns", "del", ns], { stdio: "ignore" });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts wireguard-go for `iface` inside `ns` (it daemonises; its TUN device is created in `ns`)
 * and waits for its control socket.
 */
export async function startWireguardGo(ns, iface) {
  run("ip", ["netns", "exec", ns, "env", "WG_I_PREFER_BUGGY_USERSPACE_TO_POLISHED_KMOD=1", "wireguard-go", iface]);
  const socket = `/var/run/wireguard/${iface}.sock`;
  for (let i = 0; i < 100 && !existsSync(socket); i++) await sleep(50);
  if (!existsSync(socket)) throw new Error(`wireguard-go did not open ${socket}`);
}

/**
 * Removes a wireguard-go interface (wireguard-go exits when its TUN device goes) and waits for its
 * socket to disappear. Never throws.
 */
export async function deleteWireguardGo(ns, iface) {
  spawnSync("ip", ["netns", "exec", ns, "ip", "link", "del", iface], { stdio: "ignore" });
  const socket = `/var/run/wireguard/${iface}.sock`;
  for (let i = 0; i < 100 && existsSync(socket); i++) await sleep(50);
}

/** A WireGuard key pair made by `wg genkey` / `wg pubkey`. */
export function wgKeyPair() {
  const privateKey = run("wg", ["genkey"]).trim();
  const publicKey = run("wg", ["pubkey"], `${privateKey}\n`).trim();
  return { privateKey, publicKey };
}
