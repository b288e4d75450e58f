import { appendFileSync, readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { Peer } from "../src/peers/wire.js";
import { parsePeer } from "../src/peers/wire.js";
import { StateStore } from "../src/state/state-store.js";
import { checkIp, stateDir, wirePeer } from "./helpers.js";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});
const peer = () => parsePeer(wirePeer(), checkIp) as Peer;

describe("the saved state", () => {
  it("comes back as the snapshot plus the journalled changes, and stops at a torn last line", async () => {
    const dir = stateDir();
    cleanups.push(dir.cleanup);
    const store = new StateStore(dir.file, checkIp);
    expect(await store.load()).toBeNull();
    const [a, b, c] = [peer(), peer(), peer()];
    await store.saveSnapshot(5, [a, b]);
    await store.appendChanges(5, 6, [{ op: "remove", publicKey: a.publicKey }]);
    await store.appendChanges(6, 8, [{ op: "upsert", peer: c }]);
    appendFileSync(`${dir.file}.journal`, '{"base":8,"revision":9,"chan');
    const loaded = await new StateStore(dir.file, checkIp).load();
    expect(loaded?.revision).toBe(8);
    expect(loaded?.peers.map((p) => p.publicKey).sort()).toEqual([b.publicKey, c.publicKey].sort());
  });

  it("trusts a state file no more than the network: bad entries are dropped", async () => {
    const dir = stateDir();
    cleanups.push(dir.cleanup);
    const store = new StateStore(dir.file, checkIp);
    const a = peer();
    await store.saveSnapshot(3, [a]);
    const text = readFileSync(dir.file, "utf8").replace(
      "[\n",
      '[\n{"publicKey":"x; reboot","allowedIps":["0.0.0.0/0"],"expiresAt":"2099-01-01T00:00:00Z"},\n',
    );
    const { writeFileSync } = await import("node:fs");
    writeFileSync(dir.file, text);
    const loaded = await store.load();
    expect(loaded?.peers).toEqual([a]);
  });
});
