import { describe, expect, it } from "vitest";
import type { AgentStatus } from "../src/agent.js";
import { healthBody, startHealthServer } from "../src/health.js";

const healthy: AgentStatus = {
  revision: 12,
  peersKnown: 3,
  peersApplied: 3,
  controlPlane: "ok",
  lastContactAt: "2026-11-26T00:00:00.000Z",
  lastApplyAt: "2026-11-26T00:00:00.000Z",
  lastApplyError: null,
  lastReportAt: null,
};

describe("the health endpoint", () => {
  it("says ok, degraded while cut off (the node still enforces), failing when the interface cannot be set", () => {
    expect(healthBody(healthy)).toMatchObject({ code: 200, body: { status: "ok", revision: 12 } });
    expect(healthBody({ ...healthy, controlPlane: "unreachable" })).toMatchObject({
      code: 200,
      body: { status: "degraded" },
    });
    expect(healthBody({ ...healthy, controlPlane: "unauthorized" }).body.status).toBe("degraded");
    expect(healthBody({ ...healthy, lastApplyError: "wg set failed" })).toMatchObject({
      code: 503,
      body: { status: "failing" },
    });
    expect(healthBody({ ...healthy, revision: null }).code).toBe(503);
  });

  it("answers GET /healthz with JSON and nothing else", async () => {
    const server = await startHealthServer("127.0.0.1", 0, () => healthy);
    try {
      const address = server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${address.port}/healthz`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: "ok", peersApplied: 3 });
      expect((await fetch(`http://127.0.0.1:${address.port}/other`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
