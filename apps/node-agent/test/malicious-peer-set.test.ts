import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startFakeControlPlane } from "./fakes/fake-control-plane.js";
import { fakeWg } from "./fakes/fake-wg.js";
import { asInterface, newKey, startAgent, stateDir, wirePeer } from "./helpers.js";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
const until = (check: () => void, timeout = 10_000) => vi.waitFor(check, { timeout, interval: 50 });

/** Only these words may appear in a `wg` argv besides keys, addresses and the interface name. */
const ALLOWED_WORDS = new Set(["set", "show", "dump", "peer", "remove", "allowed-ips"]);
const KEY = /^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$/;
const HOST_IPS =
  /^(10\.\d+\.\d+\.\d+\/32|fd00:7665:696c:[0-9a-f:]*\/128)(,(10\.\d+\.\d+\.\d+\/32|fd00:7665:696c:[0-9a-f:]*\/128))*$/;

describe("a peer set that tries to make the agent do something else", () => {
  it("applies only well-formed peers and never passes anything but peer keys and host addresses to wg", async () => {
    const canaryDir = mkdtempSync(path.join(tmpdir(), "canary-"));
    const canary = path.join(canaryDir, "pwned");
    cleanups.push(() => rmSync(canaryDir, { recursive: true, force: true }));
    const good = wirePeer();
    const victim = wirePeer();
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const evil = [
      // Shell syntax in every field.
      { publicKey: `$(touch ${canary})`, allowedIps: ["10.64.50.1/32"], expiresAt },
      { publicKey: newKey(), allowedIps: [`10.64.50.2/32; touch ${canary}`], expiresAt },
      { publicKey: newKey(), allowedIps: [`\`touch ${canary}\``], expiresAt },
      // A second config line smuggled through a key or an address.
      { publicKey: `${newKey()}\nEndpoint = 198.51.100.1:1`, allowedIps: ["10.64.50.3/32"], expiresAt },
      { publicKey: newKey(), allowedIps: ["10.64.50.4/32\n[Interface]\nListenPort = 1"], expiresAt },
      { publicKey: newKey(), allowedIps: ["10.64.50.5/32", "PrivateKey = x"], expiresAt },
      // wg options in place of a key: read a file, change the interface.
      { publicKey: "preshared-key", allowedIps: ["/etc/shadow"], expiresAt },
      { publicKey: "--help", allowedIps: ["10.64.50.6/32"], expiresAt },
      // Addresses that would capture other traffic: everything, the node's networks, a victim's address.
      { publicKey: newKey(), allowedIps: ["0.0.0.0/0"], expiresAt },
      { publicKey: newKey(), allowedIps: ["::/0"], expiresAt },
      { publicKey: newKey(), allowedIps: ["10.64.0.0/10"], expiresAt },
      { publicKey: newKey(), allowedIps: ["192.168.1.10/32"], expiresAt },
      { publicKey: newKey(), allowedIps: ["fe80::1%eth0/128"], expiresAt },
      { publicKey: newKey(), allowedIps: ["010.64.50.7/32"], expiresAt },
      { publicKey: newKey(), allowedIps: [victim.allowedIps[0]], expiresAt },
      // Too many addresses, no addresses, no expiry, wrong types.
      { publicKey: newKey(), allowedIps: ["10.64.50.8/32", "10.64.50.9/32", "10.64.50.10/32"], expiresAt },
      { publicKey: newKey(), allowedIps: [], expiresAt },
      { publicKey: newKey(), allowedIps: ["10.64.50.11/32"], expiresAt: "never" },
      { publicKey: newKey(), allowedIps: "10.64.50.12/32", expiresAt },
      null,
      "peer",
    ];
    const wg = fakeWg();
    const cp = await startFakeControlPlane([]);
    const state = stateDir();
    cleanups.push(wg.cleanup, () => cp.close(), state.cleanup);
    cp.revision = 7;
    cp.nextRawReply = { revision: 7, peers: [good, victim, ...evil] };
    const { agent, logs } = await startAgent(wg, cp, state.file);
    cleanups.push(() => agent.stop());

    await until(() => expect(wg.read().peers).toEqual(asInterface([good, victim])));
    expect(agent.status().revision).toBe(7);
    // Everything wg was asked: known words, valid keys, the interface, host addresses in the pools —
    // and never a command that could change anything but peers (set with peer arguments, show).
    for (const argv of wg.read().calls) {
      expect(["set", "show"]).toContain(argv[0]);
      for (const word of argv) {
        const fine = ALLOWED_WORDS.has(word) || KEY.test(word) || word === wg.iface || HOST_IPS.test(word);
        expect(fine, `unexpected wg argument ${JSON.stringify(word)}`).toBe(true);
      }
    }
    expect(existsSync(canary)).toBe(false);
    const refusal = logs.find((l) => l.msg === "refused peer entries that fail the checks");
    expect(refusal?.count).toBe(evil.length);
  });

  it("removes a peer when a change for it fails the checks (fail closed) and keeps the others", async () => {
    const a = wirePeer();
    const b = wirePeer();
    const wg = fakeWg();
    const cp = await startFakeControlPlane([a, b]);
    const state = stateDir();
    cleanups.push(wg.cleanup, () => cp.close(), state.cleanup);
    const { agent } = await startAgent(wg, cp, state.file);
    cleanups.push(() => agent.stop());
    await until(() => expect(wg.read().peers).toEqual(asInterface([a, b])));
    // The answer after the next long-poll tries to widen a's addresses to everything.
    await until(() => expect(cp.waiting()).toBe(1));
    cp.upsert(wirePeer()); // wakes the waiting long-poll; its successor gets the raw reply
    // (A revision of its own, so the agent's next long-poll just waits.)
    cp.nextRawReply = () => ({
      revision: ++cp.revision,
      reset: false,
      changes: [{ op: "upsert", publicKey: a.publicKey, allowedIps: ["0.0.0.0/0", "::/0"], expiresAt: a.expiresAt }],
    });
    await until(() => expect(Object.keys(wg.read().peers)).not.toContain(a.publicKey));
    expect(wg.read().peers[b.publicKey]).toEqual(b.allowedIps);
    for (const ips of Object.values(wg.read().peers)) expect(ips.join(",")).not.toContain("/0");
  });

  it("refuses a reply that is not the contract's shape and keeps the interface as it was", async () => {
    const a = wirePeer();
    const wg = fakeWg();
    const cp = await startFakeControlPlane([a]);
    const state = stateDir();
    cleanups.push(wg.cleanup, () => cp.close(), state.cleanup);
    const { agent } = await startAgent(wg, cp, state.file);
    cleanups.push(() => agent.stop());
    await until(() => expect(wg.read().peers).toEqual(asInterface([a])));
    // The waiting long-poll times out (304); the request after it gets this.
    cp.nextRawReply = { revision: "1; rm -rf /", reset: false, changes: [] };
    await until(() => expect(agent.status().controlPlane).toBe("unreachable"));
    expect(wg.read().peers).toEqual(asInterface([a]));
  });

  it("stops reading a reply as soon as it passes the size cap, also one sent chunked without a length", async () => {
    const a = wirePeer();
    const wg = fakeWg();
    const cp = await startFakeControlPlane([a]);
    const state = stateDir();
    cleanups.push(wg.cleanup, () => cp.close(), state.cleanup);
    // The first full set is 64 MiB of entries, streamed; the cap here is 64 KiB (256 MiB by default).
    cp.nextStreamedReply = { bytes: 64 * 1024 * 1024 };
    const { agent, logs } = await startAgent(wg, cp, state.file, { maxReplyBytes: 64 * 1024 });
    cleanups.push(() => agent.stop());
    await until(() => expect(cp.streamed?.hungUp).toBe(true));
    // It hung up long before the end (what the sockets' buffers hold, not the whole reply).
    expect(cp.streamed?.finished).toBe(false);
    expect(cp.streamed?.written).toBeLessThan(32 * 1024 * 1024);
    expect(logs.some((l) => /reply is larger than 65536 bytes/.test(String(l.err)))).toBe(true);
    // The next attempt gets the real set.
    await until(() => expect(wg.read().peers).toEqual(asInterface([a])));
  });

  it("refuses changes whose revision does not move forward and takes the full set instead", async () => {
    const a = wirePeer();
    const wg = fakeWg();
    const cp = await startFakeControlPlane([a]);
    const state = stateDir();
    cleanups.push(wg.cleanup, () => cp.close(), state.cleanup);
    const { agent, logs } = await startAgent(wg, cp, state.file);
    cleanups.push(() => agent.stop());
    await until(() => expect(wg.read().peers).toEqual(asInterface([a])));
    const smuggled = [];
    // One reply going back a revision, one standing still: each adds a peer the set does not hold.
    for (const back of [1, 0]) {
      const stranger = wirePeer();
      smuggled.push(stranger.publicKey);
      await until(() => expect(cp.waiting()).toBe(1));
      const fullsBefore = cp.requests.filter((r) => r.url === "/api/nodes/v1/peers").length;
      cp.upsert(wirePeer()); // wakes the waiting long-poll; its successor gets the raw reply
      cp.nextRawReply = {
        revision: cp.revision - back,
        reset: false,
        changes: [{ op: "upsert", ...stranger }],
      };
      await until(() =>
        expect(cp.requests.filter((r) => r.url === "/api/nodes/v1/peers").length).toBe(fullsBefore + 1),
      );
      await until(() => expect(wg.read().peers).toEqual(asInterface(cp.peers())));
      expect(agent.status().revision).toBe(cp.revision);
    }
    // Never on the interface, not even for a moment.
    for (const key of smuggled) expect(wg.read().calls.flat()).not.toContain(key);
    expect(
      logs.filter((l) => l.msg === "changes do not move the revision forward; refused, fetching the full set"),
    ).toHaveLength(2);
  });
});
