/**
 * GET /healthz on HEALTH_HOST:HEALTH_PORT (loopback by default) for the supervisor and monitoring:
 * the agent's status as JSON. 200 while the interface holds the set the agent knows — also while
 * the control plane is out of reach (`"status": "degraded"`: the node keeps enforcing its last set
 * and expiries); 503 when the interface could not be brought to that set, or no set is known yet.
 * Nothing in it is personal or secret: no keys, no addresses.
 */
import { createServer, type Server } from "node:http";
import type { AgentStatus } from "./agent.js";

export function healthBody(status: AgentStatus): { code: number; body: Record<string, unknown> } {
  const failing = status.lastApplyError !== null || status.revision === null;
  const degraded = status.controlPlane !== "ok";
  return {
    code: failing ? 503 : 200,
    body: { status: failing ? "failing" : degraded ? "degraded" : "ok", ...status },
  };
}

export function startHealthServer(host: string, port: number, status: () => AgentStatus): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== "GET" || (req.url !== "/healthz" && req.url !== "/")) {
      res.writeHead(404, { "content-type": "application/json" }).end('{"detail":"not found"}');
      return;
    }
    const { code, body } = healthBody(status());
    res.writeHead(code, { "content-type": "application/json", "cache-control": "no-store" }).end(JSON.stringify(body));
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}
