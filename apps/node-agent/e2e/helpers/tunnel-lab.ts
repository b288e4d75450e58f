/**
 * The tunnel test's network: two namespaces made for one run and joined by a veth pair
 * (192.0.2.0/30, a documentation range no real network uses).
 *
 *   node ns  — wireguard-go `wgn…` (10.64.0.1, the address customers' configs use for DNS), driven by
 *              the real agent through its control socket; an HTTP target listening on 10.64.0.1:8080,
 *              so it is reachable only through the tunnel.
 *   client ns — wireguard-go `wgc…`, configured from the customer's .conf exactly as a person without
 *              wg-quick would: `wg setconf` with the wg-quick-only lines stripped, addresses and
 *              routes with `ip`.
 *
 * The agent and the server run in the root namespace (the agent reaches wireguard-go through
 * /var/run/wireguard, which every namespace shares). Nothing here sends traffic anywhere but
 * loopback and these namespaces; `cleanup` removes everything it made and never throws.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  createNamespace,
  deleteNamespace,
  deleteWireguardGo,
  inNs,
  run,
  startWireguardGo,
  uniqueSuffix,
  wgKeyPair,
} from "../../../../scripts/lib/wireguard-netns.mjs";

export const NODE_LINK_ADDRESS = "192.0.2.1";
export const NODE_PORT = 51820;
export const NODE_TUNNEL_ADDRESS = "10.64.0.1";
export const TARGET_URL = `http://${NODE_TUNNEL_ADDRESS}:8080/`;
export const TARGET_BODY = "hello through the tunnel";

/** Lines wg-quick understands but `wg setconf` does not (wg-quick strip removes the same). */
const WG_QUICK_ONLY = /^(Address|DNS|MTU|Table|PreUp|PostUp|PreDown|PostDown|SaveConfig)\s*=/i;

export interface FetchResult {
  ok: boolean;
  detail: string;
}

export interface TunnelLab {
  id: string;
  nodeNs: string;
  clientNs: string;
  nodeIface: string;
  clientIface: string;
  nodePublicKey: string;
  endpoint: string;
  dir: string;
  /** (Re)configures the client from a WireGuard .conf, as its owner would. */
  configureClient(conf: string): void;
  /** One GET of the target from the client namespace (3 s timeout). */
  fetchTarget(): FetchResult;
  cleanup(): Promise<void>;
}

function waitForLine(child: ChildProcess, pattern: RegExp, what: string, timeoutMs = 30_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (pattern.test(output)) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`${what} exited (${code}): ${output}`)));
    setTimeout(() => reject(new Error(`${what} did not start in ${timeoutMs / 1000} s: ${output}`)), timeoutMs).unref();
  });
}

export async function buildTunnelLab(): Promise<TunnelLab> {
  const id = uniqueSuffix();
  const lab = {
    id,
    nodeNs: `veil-tn-${id}`,
    clientNs: `veil-tc-${id}`,
    nodeIface: `wgn${id}`,
    clientIface: `wgc${id}`,
    endpoint: `${NODE_LINK_ADDRESS}:${NODE_PORT}`,
    dir: mkdtempSync(path.join(tmpdir(), "veil-tunnel-")),
    nodePublicKey: "",
  };
  let target: ChildProcess | undefined;
  const made = { nodeWg: false, clientWg: false };

  const cleanup = async () => {
    target?.kill("SIGKILL");
    if (made.clientWg) await deleteWireguardGo(lab.clientNs, lab.clientIface);
    if (made.nodeWg) await deleteWireguardGo(lab.nodeNs, lab.nodeIface);
    deleteNamespace(lab.clientNs);
    deleteNamespace(lab.nodeNs);
    spawnSync("ip", ["link", "del", `vn${id}`], { stdio: "ignore" });
    rmSync(lab.dir, { recursive: true, force: true });
  };

  try {
    createNamespace(lab.nodeNs);
    createNamespace(lab.clientNs);
    // The wire between them.
    run("ip", ["link", "add", `vn${id}`, "type", "veth", "peer", "name", `vc${id}`]);
    run("ip", ["link", "set", `vn${id}`, "netns", lab.nodeNs]);
    run("ip", ["link", "set", `vc${id}`, "netns", lab.clientNs]);
    inNs(lab.nodeNs, "ip", ["address", "add", `${NODE_LINK_ADDRESS}/30`, "dev", `vn${id}`]);
    inNs(lab.nodeNs, "ip", ["link", "set", `vn${id}`, "up"]);
    inNs(lab.clientNs, "ip", ["address", "add", "192.0.2.2/30", "dev", `vc${id}`]);
    inNs(lab.clientNs, "ip", ["link", "set", `vc${id}`, "up"]);

    // The node's WireGuard interface, set up as docs/operations.md §11 says (key pair from wg).
    await startWireguardGo(lab.nodeNs, lab.nodeIface);
    made.nodeWg = true;
    const keys = wgKeyPair();
    lab.nodePublicKey = keys.publicKey;
    const keyFile = path.join(lab.dir, "node.key");
    writeFileSync(keyFile, `${keys.privateKey}\n`, { mode: 0o600 });
    run("wg", ["set", lab.nodeIface, "private-key", keyFile, "listen-port", String(NODE_PORT)]);
    inNs(lab.nodeNs, "ip", ["address", "add", `${NODE_TUNNEL_ADDRESS}/10`, "dev", lab.nodeIface]);
    inNs(lab.nodeNs, "ip", ["-6", "address", "add", "fd00:7665:696c::1/48", "dev", lab.nodeIface, "nodad"]);
    inNs(lab.nodeNs, "ip", ["link", "set", lab.nodeIface, "up"]);

    // The target: only on the node's tunnel address.
    const server = `require("node:http").createServer((q, s) => s.end(${JSON.stringify(TARGET_BODY)}))
      .listen(8080, ${JSON.stringify(NODE_TUNNEL_ADDRESS)}, () => console.log("target listening"));`;
    target = spawn("ip", ["netns", "exec", lab.nodeNs, process.execPath, "-e", server], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    await waitForLine(target, /target listening/, "the HTTP target");

    await startWireguardGo(lab.clientNs, lab.clientIface);
    made.clientWg = true;
  } catch (err) {
    await cleanup();
    throw err;
  }

  return {
    ...lab,
    configureClient(conf) {
      const stripped = conf
        .split(/\r?\n/)
        .filter((line) => !WG_QUICK_ONLY.test(line.trim()))
        .join("\n");
      const file = path.join(lab.dir, "client.conf");
      writeFileSync(file, stripped, { mode: 0o600 });
      run("wg", ["setconf", lab.clientIface, file]);
      const addresses = (/^\s*Address\s*=\s*(.+)$/im.exec(conf)?.[1] ?? "").split(",").map((a) => a.trim());
      inNs(lab.clientNs, "ip", ["address", "flush", "dev", lab.clientIface]);
      for (const address of addresses.filter(Boolean)) {
        const v6 = address.includes(":");
        inNs(lab.clientNs, "ip", [
          ...(v6 ? ["-6"] : []),
          "address",
          "add",
          address,
          "dev",
          lab.clientIface,
          ...(v6 ? ["nodad"] : []),
        ]);
      }
      inNs(lab.clientNs, "ip", ["link", "set", lab.clientIface, "up"]);
      // AllowedIPs 0.0.0.0/0, ::/0: everything through the tunnel. The endpoint stays reachable
      // over the veth, whose connected /30 is more specific than the default route.
      inNs(lab.clientNs, "ip", ["route", "replace", "default", "dev", lab.clientIface]);
      inNs(lab.clientNs, "ip", ["-6", "route", "replace", "default", "dev", lab.clientIface]);
    },
    fetchTarget() {
      const res = spawnSync(
        "ip",
        ["netns", "exec", lab.clientNs, "curl", "-sS", "-m", "3", "-w", "\n%{http_code}", TARGET_URL],
        { encoding: "utf8", timeout: 10_000 },
      );
      const out = `${res.stdout ?? ""}`.trim();
      const ok = res.status === 0 && out.endsWith("\n200") && out.startsWith(TARGET_BODY);
      return { ok, detail: ok ? "200" : `${out} ${res.stderr ?? ""}`.trim() };
    },
    cleanup,
  };
}
