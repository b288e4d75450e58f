/**
 * A control plane that answers 429 (the node API's per-node limits): the agent waits as long as
 * Retry-After says — at most its bound, and never in a tight loop — logs it, keeps its set, and
 * catches up once the control plane answers again.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseRetryAfter } from "../src/control-plane/client.js";
import { type FakeControlPlane, startFakeControlPlane } from "./fakes/fake-control-plane.js";
import { fakeWg } from "./fakes/fake-wg.js";
import { asInterface, startAgent, stateDir, wirePeer } from "./helpers.js";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
const until = (check: () => void, timeout = 10_000) => vi.waitFor(check, { timeout, interval: 50 });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function world(overrides: { retryAfterMaxMs?: number } = {}) {
  const initial = [wirePeer(), wirePeer()];
  const wg = fakeWg();
  const cp = await startFakeControlPlane(initial);
  const state = stateDir();
  cleanups.push(wg.cleanup, () => cp.close(), state.cleanup);
  const started = await startAgent(wg, cp, state.file, overrides);
  cleanups.push(() => started.agent.stop());
  await until(() => expect(wg.read().peers).toEqual(asInterface(initial)));
  return { wg, cp, initial, ...started };
}

/** The times of the requests refused with 429 while `cp.rateLimit` was set. */
async function limitedFor(cp: FakeControlPlane, retryAfter: string | null, ms: number): Promise<number[]> {
  const from = cp.requests.length;
  cp.rateLimit = { retryAfter };
  // Wake the waiting long-poll (it came before the limit and is answered); the next request meets it.
  cp.upsert(wirePeer());
  await pause(ms);
  const times = cp.requests.slice(from).map((r) => r.at);
  cp.rateLimit = undefined;
  return times;
}

describe("a control plane that answers 429", () => {
  it("waits as long as Retry-After says, logs it, keeps the set and catches up afterwards", async () => {
    const { wg, cp, initial, agent, logs } = await world();
    const refused = await limitedFor(cp, "2", 4500);
    // Retry-After: 2 — one request, then the next two seconds later, and so on (the backoff of the
    // tests is 100–300 ms: a client that ignores the header asks a dozen times in that time).
    expect(refused.length).toBeGreaterThanOrEqual(2);
    expect(refused.length).toBeLessThanOrEqual(3);
    for (let i = 1; i < refused.length; i++) {
      expect((refused[i] as number) - (refused[i - 1] as number)).toBeGreaterThanOrEqual(1900);
    }
    const said = logs.filter((l) => l.msg === "control plane rate-limited this node; waiting before the next request");
    expect(said.length).toBe(refused.length);
    expect(said[0]).toMatchObject({ level: 40, retryAfterMs: 2000, waitMs: 2000 });
    expect(wg.read().peers).toMatchObject(asInterface(initial));
    // The limit is lifted: the agent catches up with what changed meanwhile.
    const later = wirePeer();
    cp.upsert(later);
    await until(() => expect(wg.read().peers).toEqual(asInterface(cp.peers())));
    expect(agent.status().controlPlane).toBe("ok");
  });

  it("says rate_limited in its status and sends no report while it waits", async () => {
    const { wg, cp, agent, initial } = await world();
    cp.rateLimit = { retryAfter: "5" };
    cp.upsert(wirePeer());
    await until(() => expect(agent.status().controlPlane).toBe("rate_limited"));
    const asked = cp.requests.length;
    wg.update((s) => {
      s.stats[initial[0]?.publicKey as string] = { handshake: 1764120000, rx: 1, tx: 2 };
    });
    await agent.report();
    await agent.reconcile();
    expect(cp.requests.length).toBe(asked);
    cp.rateLimit = undefined;
  });

  it("obeys a Retry-After only up to its bound, and waits a second at least when there is none", async () => {
    const { cp } = await world({ retryAfterMaxMs: 1000 });
    // A day: the agent asks again after its bound (1 s here, 5 minutes by default), not tomorrow.
    const bounded = await limitedFor(cp, "86400", 3300);
    expect(bounded.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < bounded.length; i++) {
      const gap = (bounded[i] as number) - (bounded[i - 1] as number);
      expect(gap).toBeGreaterThanOrEqual(950);
      expect(gap).toBeLessThan(2000);
    }
    // No Retry-After at all: still no tight loop.
    const bare = await limitedFor(cp, null, 2500);
    expect(bare.length).toBeGreaterThanOrEqual(1);
    expect(bare.length).toBeLessThanOrEqual(3);
  });

  it("reads Retry-After as seconds or as an HTTP date, and nothing else", () => {
    const now = Date.parse("2026-11-26T10:00:00Z");
    expect(parseRetryAfter("7", now)).toBe(7000);
    expect(parseRetryAfter("Thu, 26 Nov 2026 10:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Thu, 26 Nov 2026 09:00:00 GMT", now)).toBe(0);
    for (const bad of [null, "", "-1", "1.5", "soon", "12345678901"]) expect(parseRetryAfter(bad, now)).toBeNull();
  });
});
