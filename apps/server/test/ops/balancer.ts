/**
 * A small load balancer for the restart test, behaving like nginx or a cloud balancer with active
 * health checks: it polls each backend's /readyz, sends each request to the next backend that last
 * answered 200 (round robin), and answers 502 when the backend fails it. No retries: a request that
 * reaches a process is that process's to answer, so a 502 here is a failure the test counts.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Balancer {
  url: string;
  healthy(index: number): boolean;
  /** How many requests each backend answered. */
  served: number[];
  close(): Promise<void>;
}

export async function startBalancer(backends: { port: number }[], checkEveryMs = 100): Promise<Balancer> {
  const healthy = backends.map(() => false);
  const served = backends.map(() => 0);
  let next = 0;

  const check = (index: number) =>
    new Promise<void>((resolve) => {
      const req = http.get(
        { host: "127.0.0.1", port: backends[index]?.port, path: "/readyz", agent: false, timeout: 1000 },
        (res) => {
          healthy[index] = res.statusCode === 200;
          res.resume();
          res.on("end", resolve);
        },
      );
      req.on("timeout", () => req.destroy(new Error("timeout")));
      req.on("error", () => {
        healthy[index] = false;
        resolve();
      });
    });
  let checking = true;
  const checks = (async () => {
    while (checking) {
      await Promise.all(backends.map((_, i) => check(i)));
      await new Promise((resolve) => setTimeout(resolve, checkEveryMs));
    }
  })();

  const server = http.createServer((req, res) => {
    const candidates = backends.map((_, i) => i).filter((i) => healthy[i]);
    if (candidates.length === 0) {
      res.writeHead(503).end("no healthy backend");
      return;
    }
    const index = candidates[next++ % candidates.length] ?? 0;
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: backends[index]?.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        // A new connection per request, as many balancers do towards backends being replaced.
        agent: false,
      },
      (upstreamRes) => {
        served[index] = (served[index] ?? 0) + 1;
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
        upstreamRes.pipe(res);
      },
    );
    upstream.on("error", (err) => {
      if (!res.headersSent) res.writeHead(502).end(`backend ${index} failed: ${err.message}`);
      else res.destroy();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // Start with every backend checked once.
  await Promise.all(backends.map((_, i) => check(i)));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    healthy: (index) => healthy[index] ?? false,
    served,
    async close() {
      checking = false;
      await checks;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
