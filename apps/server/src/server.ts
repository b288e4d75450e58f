import type { AddressInfo } from "node:net";
import path from "node:path";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { createProductApi, findCustomerById, holdCustomer } from "./api/index.js";
import { createHttpApp, guardDevSurface, type HttpMount } from "./app/index.js";
import { type Auth, createAuth, startAuthHousekeeping } from "./auth/index.js";
import { type Clock, systemClock, type TestClock } from "./clock.js";
import type { Config } from "./config/index.js";
import { cachedPgliteTemplate, type Db, openDb } from "./db/index.js";
import { clockFromConfig, devClockRoutes } from "./dev-clock.js";
import { createDevices, type DeviceService } from "./devices/index.js";
import { createLogger, type Logger } from "./logger.js";
import { createMail, type Mail, type MailTransport } from "./mail/index.js";
import { createMetrics, type Metrics } from "./metrics/index.js";
import { createNodes, type Nodes } from "./nodes/index.js";
import { createPayments, type Payments, SIMULATOR_PREFIX } from "./payments/index.js";
import { createReminders, type Reminders } from "./reminders/index.js";

export interface RunningServer {
  url: string;
  /** Where Prometheus scrapes (`…/metrics`), when METRICS_PORT is set. */
  metricsUrl?: string;
  /** The development surfaces this process serves, e.g. "dev mailbox (/dev/mailbox)"; empty in production. */
  devSurfaces: string[];
  services: Services;
  close(): Promise<void>;
}

/** Everything feature modules may depend on, built once per process (or per test app). */
export interface Services {
  config: Config;
  clock: Clock;
  logger: Logger;
  db: Db;
  mail: Mail;
  auth: Auth;
  payments: Payments;
  metrics: Metrics;
  reminders: Reminders;
  devices: DeviceService;
  nodes: Nodes;
  /** The frozen clock of TEST_CLOCK_START (test only), moved through /dev/clock. */
  devClock?: TestClock;
}

/** Test seams: replace the clock, bring a database, or swap the mail transport. */
export interface StartOptions {
  clock?: Clock;
  /** An already open database (the caller closes it); otherwise opened from config. */
  db?: Db;
  mailTransport?: MailTransport;
  logger?: Logger;
  /** Outbox polling interval; 0 turns it off (tests call `services.mail.flush()`). */
  mailPollMs?: number;
  /** How often ended sessions and old refresh tokens are purged; 0 turns it off (tests call the service). */
  housekeepingMs?: number;
}

/** config → db → mail → auth. Opens the db (PGlite in DATA_DIR, or DATABASE_URL) and migrates it. */
export async function buildServices(config: Config, options: StartOptions = {}): Promise<Services> {
  const devClock = options.clock ? undefined : clockFromConfig(config.TEST_CLOCK_START);
  const clock = options.clock ?? devClock ?? systemClock;
  const logger = options.logger ?? createLogger(config);
  const db =
    options.db ??
    (await openDb(
      config.DATABASE_URL
        ? { databaseUrl: config.DATABASE_URL }
        : config.DATA_DIR === "memory://"
          ? {
              dataDir: "memory://",
              // Test only: start from a cached migrated dump instead of initdb (db/template-cache.ts).
              ...(config.TEST_PGLITE_TEMPLATE_DIR
                ? { pgliteTemplate: await cachedPgliteTemplate(config.TEST_PGLITE_TEMPLATE_DIR) }
                : {}),
            }
          : { dataDir: path.join(config.DATA_DIR, "pglite") },
    ));
  const mail = createMail({
    config,
    db,
    clock,
    logger,
    ...(options.mailTransport ? { transport: options.mailTransport } : {}),
    ...(options.mailPollMs !== undefined ? { pollMs: options.mailPollMs } : {}),
  });
  const auth = createAuth({ config, db, clock, logger, mail });
  const metrics = createMetrics({ db, clock });
  const payments = await createPayments({
    config,
    db,
    clock,
    logger,
    siteUrl: config.SITE_URL,
    events: metrics.payments,
    mail,
    customerEmail: async (q, customerId) => (await findCustomerById(q, customerId))?.email ?? null,
    // Crash test only (honoured under NODE_ENV=test, refused by config in production): die mid-settlement.
    ...(config.TEST_FAILPOINT === "crash-before-settlement-commit" && config.NODE_ENV === "test"
      ? { beforeSettlementCommit: (o) => o.kind === "credited" && process.kill(process.pid, "SIGKILL") }
      : {}),
  });
  const reminders = createReminders({
    config,
    db,
    clock,
    logger,
    mail,
    customers: {
      exists: async (q, customerId) => (await findCustomerById(q, customerId)) !== undefined,
      hold: holdCustomer,
    },
  });
  const nodes = createNodes({ config, db, clock, logger: logger.child({ module: "nodes" }) });
  const devices = createDevices({ config, db, clock, isNodeKey: nodes.isNodeKey });
  // Development only (config refuses it in production): one demo location to get a config from.
  if (config.DEV_DEMO_NODE && !config.production) await nodes.ensureDemoNode();
  return {
    config,
    clock,
    logger,
    db,
    mail,
    auth,
    payments,
    metrics,
    reminders,
    devices,
    nodes,
    ...(devClock ? { devClock } : {}),
  };
}

/** The development surfaces this process runs, each behind the Host guard (src/config/dev-surfaces.ts). */
function devSurfaceMounts(services: Services): (HttpMount & { name: string })[] {
  const { config } = services;
  // Config refuses to start with a surface it may not run; this is the second lock.
  if (!config.devSurfaces || config.production) return [];
  const surfaces: (HttpMount & { name: string })[] = [];
  if (services.mail.devMailbox)
    surfaces.push({ name: "dev mailbox", path: "/dev/mailbox", app: services.mail.devMailbox });
  if (services.devClock) {
    // Moving the test clock runs what became due at once, so a tester sees the reminder mail.
    const afterMove = () => services.reminders.runPass();
    surfaces.push({ name: "test clock", path: "/dev/clock", app: devClockRoutes(services.devClock, afterMove) });
  }
  if (services.payments.simulator) {
    surfaces.push({ name: "payment simulator", path: SIMULATOR_PREFIX, app: services.payments.simulator.app });
  }
  return surfaces.map((s) => ({ ...s, app: guardDevSurface(s.app, config.SITE_URL) }));
}

/** The sub-apps under their prefixes. The one place features are mounted. */
function mountsFor(services: Services, devSurfaces: HttpMount[]): HttpMount[] {
  // /auth/v1 and /api limit their bodies themselves (1 MB, 64 KB) in their own error shapes.
  const mounts: HttpMount[] = [{ path: "/auth/v1", app: services.auth.routes, limitsOwnBody: true }];
  mounts.push(...devSurfaces.filter((m) => m.path !== SIMULATOR_PREFIX));
  // Before /api, whose catch-all would answer its paths: the node API has its own token and limits.
  mounts.push({ path: "/api/nodes/v1", app: services.nodes.api, limitsOwnBody: true });
  mounts.push({ path: "/api", app: createProductApi(services), limitsOwnBody: true });
  mounts.push(...devSurfaces.filter((m) => m.path === SIMULATOR_PREFIX));
  return mounts;
}

/** 0.0.0.0 / :: are not addresses to call: the server reaches itself over loopback. */
function ownAddress(address: string): string {
  if (address === "0.0.0.0") return "127.0.0.1";
  if (address === "::") return "[::1]";
  return address.includes(":") ? `[${address}]` : address;
}

/** Ended sessions are refused at once; their rows go within the hour. */
const HOUSEKEEPING_MS = 3_600_000;

/** How long a shutdown waits for requests in flight before closing their connections. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * The longest a shutdown may take: the drain, the grace for requests in flight, and time for the
 * running reconcile pass and outbox batch (each bounded by the provider and SMTP timeouts). main.ts
 * exits hard after it.
 */
export function shutdownBoundMs(config: Pick<Config, "SHUTDOWN_DRAIN_SECONDS">): number {
  return config.SHUTDOWN_DRAIN_SECONDS * 1000 + SHUTDOWN_GRACE_MS + 20_000;
}

/** Builds the services, mounts them and listens. `close()` stops listening, drains requests, then stops the reconciler, mail and the db. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const services = await buildServices(config, options);
  const devSurfaces = devSurfaceMounts(services);
  let draining = false;
  const app = createHttpApp(config, {
    db: services.db,
    mounts: mountsFor(services, devSurfaces),
    metrics: services.metrics,
    draining: () => draining,
    logger: services.logger.child({ module: "http" }),
  });
  const metricsServer = config.METRICS_PORT === undefined ? undefined : await serveMetrics(config, services.metrics);
  if (metricsServer || config.METRICS_TOKEN) services.metrics.collectProcessMetrics();
  services.logger.info(
    { devSurfaces: devSurfaces.map((s) => s.path) },
    devSurfaces.length ? "development surfaces on (loopback and SITE_URL host only)" : "no development surfaces",
  );
  return new Promise((resolve) => {
    const server = serve(
      {
        fetch: app.fetch,
        port: config.PORT,
        hostname: config.HOST,
        // A client gets HTTP_HEADERS_TIMEOUT_MS for its headers and HTTP_REQUEST_TIMEOUT_MS for the
        // whole request (then 408 and the connection closes), so slow senders cannot hold
        // connections for Node's default 300 s. Between requests an idle connection is kept for
        // HTTP_KEEP_ALIVE_TIMEOUT_MS (those limits run only while a request is arriving). Node checks these on an interval (30 s by
        // default): check often enough that the limits mean what they say.
        serverOptions: {
          headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
          requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
          keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
          connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(config.HTTP_HEADERS_TIMEOUT_MS / 4))),
        },
      },
      (info: AddressInfo) => {
        // Print "localhost" for the loopback default so the URL matches what people type.
        const host =
          info.address === "127.0.0.1" ? "localhost" : info.address.includes(":") ? `[${info.address}]` : info.address;
        // The simulator is reached (and in simulator mode, called back) through our own address.
        services.payments.setOwnUrl(`http://${ownAddress(info.address)}:${info.port}`);
        const reconciler = services.payments.startReconciler();
        const reminders = services.reminders.start();
        const accessUpkeep = services.nodes.start();
        const housekeeping = startAuthHousekeeping({
          intervalMs: options.housekeepingMs ?? HOUSEKEEPING_MS,
          purge: async () => ({
            ...(await services.auth.service.purgeEndedSessions()),
            unconfirmedSignups: await services.auth.service.purgeUnconfirmedSignups(),
          }),
          logger: services.logger,
        });
        resolve({
          url: `http://${host}:${info.port}`,
          ...(metricsServer ? { metricsUrl: metricsServer.url } : {}),
          devSurfaces: devSurfaces.map((s) => `${s.name} (${s.path})`),
          services,
          async close() {
            // Zero-downtime restarts (docs/operations.md §5): first only fail /readyz for
            // SHUTDOWN_DRAIN_SECONDS, still serving, so the load balancer moves traffic away.
            draining = true;
            if (config.SHUTDOWN_DRAIN_SECONDS > 0) {
              services.logger.info({ seconds: config.SHUTDOWN_DRAIN_SECONDS }, "shutting down: draining");
              await new Promise((done) => setTimeout(done, config.SHUTDOWN_DRAIN_SECONDS * 1000));
            }
            // Nodes waiting in a long-poll are answered now (304), so they reconnect elsewhere.
            services.nodes.close();
            // Then stop accepting, let requests in flight finish (they may still need the db), and
            // only after SHUTDOWN_GRACE_MS cut what is left. The running reconcile pass and outbox
            // batch finish before the database closes.
            await new Promise<void>((done, fail) => {
              const cut = setTimeout(() => {
                if ("closeAllConnections" in server) server.closeAllConnections();
              }, SHUTDOWN_GRACE_MS);
              cut.unref();
              server.close((err) => {
                clearTimeout(cut);
                if (err) fail(err);
                else done();
              });
              // Idle keep-alive connections would otherwise hold the server open until they time out.
              if ("closeIdleConnections" in server) server.closeIdleConnections();
            });
            await metricsServer?.close();
            await reconciler.stop();
            await reminders.stop();
            await accessUpkeep.stop();
            await housekeeping.stop();
            await services.mail.close();
            if (!options.db) await services.db.close();
          },
        });
      },
    );
  });
}

/** The metrics on a port of their own (METRICS_PORT on METRICS_HOST): GET /metrics, nothing else. */
function serveMetrics(config: Config, metrics: Metrics): Promise<{ url: string; close(): Promise<void> }> {
  const app = new Hono();
  app.get("/metrics", async (c) => c.body(await metrics.render(), 200, { "Content-Type": metrics.contentType }));
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: config.METRICS_PORT, hostname: config.METRICS_HOST }, (info) => {
      const host = info.address.includes(":") ? `[${info.address}]` : info.address;
      resolve({
        url: `http://${host}:${info.port}/metrics`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            if ("closeAllConnections" in server) server.closeAllConnections();
          }),
      });
    });
  });
}
