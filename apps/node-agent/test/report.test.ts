import { afterEach, describe, expect, it, vi } from "vitest";
import { startFakeControlPlane } from "./fakes/fake-control-plane.js";
import { fakeWg } from "./fakes/fake-wg.js";
import { asInterface, startAgent, stateDir, wirePeer } from "./helpers.js";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
const until = (check: () => void, timeout = 10_000) => vi.waitFor(check, { timeout, interval: 50 });

interface Report {
  agentVersion: string;
  peers: { publicKey: string; latestHandshake: number; rxBytes: number; txBytes: number }[];
}

describe("reports of handshakes and counters", () => {
  it("reports what changed since the last report — no endpoint, nothing for idle peers — and goes on after an outage", async () => {
    const [a, b, c] = [wirePeer(), wirePeer(), wirePeer()];
    const wg = fakeWg();
    const cp = await startFakeControlPlane([a, b, c] as never);
    const state = stateDir();
    cleanups.push(wg.cleanup, () => cp.close(), state.cleanup);
    const { agent } = await startAgent(wg, cp, state.file);
    cleanups.push(() => agent.stop());
    await until(() => expect(wg.read().peers).toEqual(asInterface([a, b, c] as never)));
    wg.update((s) => {
      s.stats[a?.publicKey as string] = { handshake: 1764120000, rx: 1200, tx: 3400 };
      s.stats[b?.publicKey as string] = { handshake: 1764120100, rx: 10, tx: 20 };
    });

    await agent.report();
    expect(cp.reports).toHaveLength(1);
    const first = cp.reports[0] as Report;
    expect(first.agentVersion).toBe("0.1.0-test");
    expect(first.peers).toEqual([
      { publicKey: a?.publicKey, latestHandshake: 1764120000, rxBytes: 1200, txBytes: 3400 },
      { publicKey: b?.publicKey, latestHandshake: 1764120100, rxBytes: 10, txBytes: 20 },
    ]);
    // The dump's endpoint column (the client's source address) and the interface line never leave the node.
    expect(JSON.stringify(cp.reports)).not.toMatch(/203\.0\.113\.9|PRIVATEKEY/);

    // Nothing changed: nothing is sent.
    await agent.report();
    expect(cp.reports).toHaveLength(1);

    // A report that fails is not lost: the change goes with the next one.
    wg.update((s) => {
      s.stats[b?.publicKey as string] = { handshake: 1764120200, rx: 99, tx: 77 };
    });
    cp.down = true;
    await agent.report();
    cp.down = false;
    await agent.report();
    expect(cp.reports).toHaveLength(2);
    expect((cp.reports[1] as Report).peers).toEqual([
      { publicKey: b?.publicKey, latestHandshake: 1764120200, rxBytes: 99, txBytes: 77 },
    ]);
  });

  it("sends a large report in chunks of at most 5000 peers", async () => {
    const peers = Array.from({ length: 12_001 }, () => wirePeer());
    const wg = fakeWg();
    const cp = await startFakeControlPlane(peers);
    const state = stateDir();
    cleanups.push(wg.cleanup, () => cp.close(), state.cleanup);
    const { agent } = await startAgent(wg, cp, state.file);
    cleanups.push(() => agent.stop());
    await until(() => expect(Object.keys(wg.read().peers)).toHaveLength(12_001), 20_000);
    wg.update((s) => {
      for (const p of peers) s.stats[p.publicKey] = { handshake: 1764120000, rx: 1, tx: 1 };
    });
    await agent.report();
    expect(cp.reports.map((r) => (r as Report).peers.length)).toEqual([5000, 5000, 2001]);
  });
});
