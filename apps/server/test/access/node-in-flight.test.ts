/**
 * The node API's per-node cap on requests in flight (src/nodes/in-flight.ts): two changes slots and
 * one full-set slot per node, each node on its own, a slot back when its request ends.
 */
import { describe, expect, it } from "vitest";
import { createInFlightLimit } from "../../src/nodes/in-flight.js";

const limits = () => createInFlightLimit({ changes: 2, fullSet: 1 });

describe("per-node requests in flight", () => {
  it("gives a node two changes slots and refuses a third until one is released", () => {
    const inFlight = limits();
    const first = inFlight.enter("node-a", "changes");
    const second = inFlight.enter("node-a", "changes");
    expect(first).toBeTypeOf("function");
    expect(second).toBeTypeOf("function");
    expect(inFlight.enter("node-a", "changes")).toBeNull();
    first?.();
    const third = inFlight.enter("node-a", "changes");
    expect(third).toBeTypeOf("function");
    expect(inFlight.enter("node-a", "changes")).toBeNull();
  });

  it("counts each node and each kind on its own", () => {
    const inFlight = limits();
    inFlight.enter("node-a", "changes");
    inFlight.enter("node-a", "changes");
    expect(inFlight.enter("node-a", "changes")).toBeNull();
    expect(inFlight.enter("node-b", "changes")).toBeTypeOf("function");
    expect(inFlight.enter("node-a", "fullSet")).toBeTypeOf("function");
    expect(inFlight.enter("node-a", "fullSet")).toBeNull();
  });

  it("releases a slot once however often its release is called (an aborted stream and its close both release)", () => {
    const inFlight = limits();
    const held = inFlight.enter("node-a", "changes");
    const first = inFlight.enter("node-a", "changes");
    first?.();
    first?.();
    first?.();
    // Only one slot came back: the held one still counts.
    expect(inFlight.enter("node-a", "changes")).toBeTypeOf("function");
    expect(inFlight.enter("node-a", "changes")).toBeNull();
    held?.();
    expect(inFlight.enter("node-a", "changes")).toBeTypeOf("function");
  });
});
