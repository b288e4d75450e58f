/** Builds the real agent (real `wg` driver, HTTP client and state files) against the fakes. */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { Agent } from "../src/agent.js";
import { controlPlaneClient } from "../src/control-plane/client.js";
import { allowedIpCheck } from "../src/peers/validate.js";
import { StateStore } from "../src/state/state-store.js";
import { wireGuardCli } from "../src/wg/wireguard.js";
import type { FakeControlPlane, WirePeer } from "./fakes/fake-control-plane.js";
import type { FakeWg } from "./fakes/fake-wg.js";

export const checkIp = allowedIpCheck({ ipv4: "10.64.0.0/10", ipv6: "fd00:7665:696c::/48" });

export const newKey = () => randomBytes(32).toString("base64");

let host = 2;
/** A peer with fresh addresses whose access ends `inMs` from now (a day by default). */
export function wirePeer(inMs = 86_400_000): WirePeer {
  const n = host++;
  return {
    publicKey: newKey(),
    allowedIps: [`10.64.${n >> 8}.${n & 255}/32`, `fd00:7665:696c::${n.toString(16)}/128`],
    expiresAt: new Date(Date.now() + inMs).toISOString(),
  };
}

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

export interface TestAgent {
  agent: Agent;
  logs: LogLine[];
  stateFile: string;
}

/** A state directory for one test; removed by the returned function. */
export function stateDir(): { file: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), "agent-state-"));
  return { file: path.join(dir, "state.json"), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function startAgent(
  wg: FakeWg,
  cp: FakeControlPlane,
  stateFile: string,
  overrides: {
    syncWaitSeconds?: number;
    fullReconcileMs?: number;
    reportMs?: number;
    retryAfterMaxMs?: number;
    maxReplyBytes?: number;
  } = {},
): Promise<TestAgent> {
  const logs: LogLine[] = [];
  const log = pino({ level: "debug" }, { write: (line: string) => logs.push(JSON.parse(line)) });
  const agent = new Agent({
    wg: wireGuardCli({ bin: wg.bin, iface: wg.iface }),
    controlPlane: controlPlaneClient({
      apiUrl: cp.url,
      token: async () => cp.token,
      checkIp,
      timeoutSeconds: 5,
      ...(overrides.maxReplyBytes ? { maxReplyBytes: overrides.maxReplyBytes } : {}),
    }),
    store: new StateStore(stateFile, checkIp),
    log,
    agentVersion: "0.1.0-test",
    syncWaitSeconds: overrides.syncWaitSeconds ?? 2,
    fullReconcileMs: overrides.fullReconcileMs ?? 600_000,
    reportMs: overrides.reportMs ?? 600_000,
    backoffMinMs: 100,
    backoffMaxMs: 300,
    ...(overrides.retryAfterMaxMs ? { retryAfterMaxMs: overrides.retryAfterMaxMs } : {}),
  });
  await agent.start();
  return { agent, logs, stateFile };
}

/** The interface's peers as the fake `wg` holds them, sorted, for comparing with a set. */
export function interfacePeers(wg: FakeWg): Record<string, string[]> {
  return wg.read().peers;
}

export function asInterface(peers: WirePeer[]): Record<string, string[]> {
  return Object.fromEntries(peers.map((p) => [p.publicKey, p.allowedIps]));
}
