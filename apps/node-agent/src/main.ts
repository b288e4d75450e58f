/**
 * The composition root: configuration → WireGuard, control plane, state → agent → health endpoint.
 * A bad configuration ends the process with one readable line (exit 2, so systemd does not spin).
 */
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { pino } from "pino";
import { Agent } from "./agent.js";
import { type AgentConfig, loadConfig } from "./config.js";
import { controlPlaneClient } from "./control-plane/client.js";
import { startHealthServer } from "./health.js";
import { allowedIpCheck } from "./peers/validate.js";
import { StateStore } from "./state/state-store.js";
import { AGENT_VERSION } from "./version.js";
import { wireGuardCli } from "./wg/wireguard.js";

let config: AgentConfig;
let checkIp: ReturnType<typeof allowedIpCheck>;
try {
  config = loadConfig();
  checkIp = allowedIpCheck({ ipv4: config.PEER_IPV4_POOL, ipv6: config.PEER_IPV6_PREFIX });
} catch (err) {
  console.error(`veil-node-agent: ${(err as Error).message}`);
  process.exit(2);
}

const log = pino({ level: config.LOG_LEVEL, base: { iface: config.WG_INTERFACE } });
const tokenFile = config.VEIL_NODE_TOKEN_FILE;
const token = tokenFile
  ? async () => (await readFile(tokenFile, "utf8")).trim()
  : async () => config.VEIL_NODE_TOKEN as string;

await mkdir(path.dirname(config.STATE_FILE), { recursive: true, mode: 0o700 });
const agent = new Agent({
  wg: wireGuardCli({ bin: config.WG_BIN, iface: config.WG_INTERFACE }),
  controlPlane: controlPlaneClient({ apiUrl: config.VEIL_API_URL, token, checkIp }),
  store: new StateStore(config.STATE_FILE, checkIp),
  log,
  agentVersion: AGENT_VERSION,
  syncWaitSeconds: Math.floor(config.SYNC_WAIT_SECONDS),
  fullReconcileMs: config.FULL_RECONCILE_SECONDS * 1000,
  reportMs: config.REPORT_SECONDS * 1000,
});

const health = await startHealthServer(config.HEALTH_HOST, config.HEALTH_PORT, () => agent.status()).catch(
  (err: Error) => {
    log.fatal({ err: err.message }, "health endpoint could not listen");
    process.exit(1);
  },
);
const address = health.address();
log.info(
  { version: AGENT_VERSION, api: config.VEIL_API_URL, health: typeof address === "object" ? address : null },
  "veil-node-agent starting",
);
await agent.start();

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    log.info({ signal }, "stopping; the interface keeps its peers");
    setTimeout(() => process.exit(1), 10_000).unref();
    health.close();
    agent.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
