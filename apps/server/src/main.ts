import { loadConfig } from "./config/index.js";
import { createLogger } from "./logger.js";
import { shutdownBoundMs, startServer } from "./server.js";

// The composition root: config → server → listen. Nothing else wires.
// Start-up problems (bad configuration, a data directory in use, an unreachable database) are
// reported as one readable message, not a stack trace. In production every line is JSON, these
// included (docs/operations.md §7); in development they are plain sentences for a person.
const production = process.env.NODE_ENV === "production";
const startupLog = production ? createLogger({ LOG_LEVEL: "info" }).child({ module: "main" }) : undefined;
const say = (message: string, fields: Record<string, unknown> = {}) =>
  startupLog ? startupLog.info(fields, message) : console.log(message);
const complain = (message: string) => (startupLog ? startupLog.fatal(message) : console.error(message));

const server = await (async () => startServer(loadConfig()))().catch((err: unknown) => {
  complain(`Veil could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
// Development surfaces hand out codes and payments: say plainly whether they are on.
say(
  server.devSurfaces.length > 0
    ? `Development surfaces ON (loopback and SITE_URL host only): ${server.devSurfaces.join(", ")}`
    : "Development surfaces: none",
  { devSurfaces: server.devSurfaces },
);
say(`Veil is listening on ${server.url}`, { url: server.url });
if (server.metricsUrl) say(`Metrics for Prometheus at ${server.metricsUrl}`, { metricsUrl: server.metricsUrl });

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    // Whatever hangs (a provider or SMTP server not answering), the process ends within the bound.
    const bound = shutdownBoundMs(server.services.config);
    setTimeout(() => {
      complain(`Veil did not stop within ${bound / 1000} s of ${signal}; exiting anyway`);
      process.exit(1);
    }, bound).unref();
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
