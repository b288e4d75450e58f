import { loadConfig } from "./config/index.js";
import { shutdownBoundMs, startServer } from "./server.js";

// The composition root: config → server → listen. Nothing else wires.
// Start-up problems (bad configuration, a data directory in use, an unreachable database) are
// reported as one readable message, not a stack trace.
const server = await (async () => startServer(loadConfig()))().catch((err: unknown) => {
  console.error(`Veil could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
// Development surfaces hand out codes and payments: say plainly whether they are on.
console.log(
  server.devSurfaces.length > 0
    ? `Development surfaces ON (loopback and SITE_URL host only): ${server.devSurfaces.join(", ")}`
    : "Development surfaces: none",
);
console.log(`Veil is listening on ${server.url}`);
if (server.metricsUrl) console.log(`Metrics for Prometheus at ${server.metricsUrl}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    // Whatever hangs (a provider or SMTP server not answering), the process ends within the bound.
    const bound = shutdownBoundMs(server.services.config);
    setTimeout(() => {
      console.error(`Veil did not stop within ${bound / 1000} s of ${signal}; exiting anyway`);
      process.exit(1);
    }, bound).unref();
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
