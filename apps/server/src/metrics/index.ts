/**
 * Prometheus metrics (prom-client), one registry per process. What each series means and the alert
 * rules built on them: docs/operations.md, "Metrics". Served either on a port of their own
 * (METRICS_PORT, loopback by default) or at /metrics with a bearer token (METRICS_TOKEN); never
 * in public.
 */
import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Clock } from "../clock.js";
import { constantTimeEqual } from "../constant-time.js";
import type { Queryable } from "../db/index.js";
import { oldestPendingMailAt, pendingMailCount } from "../mail/index.js";
import { oldestPendingInvoiceAt, type PaymentEvents } from "../payments/index.js";

export interface Metrics {
  registry: Registry;
  /** Counts and times every HTTP request; counts sign-in outcomes and rate-limit answers. */
  http: MiddlewareHandler;
  payments: PaymentEvents;
  /** Starts collecting process metrics (event-loop delay, memory, CPU, GC); once per registry. */
  collectProcessMetrics(): void;
  /** The text exposition of every metric. */
  render(): Promise<string>;
  contentType: string;
}

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** `error_code` of a GoTrue error body, without consuming the response the client gets. */
async function errorCode(res: Response): Promise<string | undefined> {
  try {
    const body = (await res.clone().json()) as { error_code?: unknown };
    return typeof body.error_code === "string" ? body.error_code : undefined;
  } catch {
    return undefined;
  }
}

export function createMetrics(deps: { db: Queryable; clock: Clock }): Metrics {
  const { db, clock } = deps;
  const registry = new Registry();
  const httpRequests = new Counter({
    name: "veil_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: "veil_http_request_duration_seconds",
    help: "Time from receiving a request to its response, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });
  const signIns = new Counter({
    name: "veil_auth_sign_ins_total",
    help: "POST /auth/v1/token answers by grant type and outcome (success, invalid_credentials, rate_limited, …)",
    labelNames: ["grant_type", "outcome"] as const,
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: "veil_rate_limit_hits_total",
    help: "Requests refused with 429 by a rate limit, by route pattern",
    labelNames: ["route"] as const,
    registers: [registry],
  });
  const paymentsCreated = new Counter({
    name: "veil_payments_created_total",
    help: "Payments started by customers (checkout)",
    registers: [registry],
  });
  const paymentsSettled = new Counter({
    name: "veil_payments_settled_total",
    help: "Payments settled by this process: credited (subscription extended) or rejected",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  let lastReconcile: Date | undefined;
  new Gauge({
    name: "veil_reconciler_last_pass_age_seconds",
    help: "Seconds since this process's reconciler last finished a pass (absent before the first)",
    registers: [registry],
    collect() {
      this.reset();
      if (lastReconcile) this.set((clock.now().getTime() - lastReconcile.getTime()) / 1000);
    },
  });
  // Database-wide views: every process reports the same value (alert on max, not sum).
  new Gauge({
    name: "veil_payments_pending_oldest_age_seconds",
    help: "Age of the oldest pending payment that has an invoice (0 when none): how far behind settlement is",
    registers: [registry],
    async collect() {
      const oldest = await oldestPendingInvoiceAt(db);
      this.set(oldest ? Math.max(0, (clock.now().getTime() - oldest.getTime()) / 1000) : 0);
    },
  });
  new Gauge({
    name: "veil_mail_outbox_pending",
    help: "Mails waiting in the outbox to be sent",
    registers: [registry],
    async collect() {
      this.set(await pendingMailCount(db));
    },
  });
  new Gauge({
    name: "veil_mail_outbox_oldest_pending_age_seconds",
    help: "Age of the oldest mail not yet sent (0 when none)",
    registers: [registry],
    async collect() {
      const oldest = await oldestPendingMailAt(db);
      this.set(oldest ? Math.max(0, (clock.now().getTime() - oldest.getTime()) / 1000) : 0);
    },
  });

  const http: MiddlewareHandler = async (c, next) => {
    const started = performance.now();
    await next();
    const route = routePath(c) || "unmatched";
    const labels = { method: c.req.method, route, status: String(c.res.status) };
    httpRequests.inc(labels);
    httpDuration.observe(labels, (performance.now() - started) / 1000);
    if (c.res.status === 429) rateLimited.inc({ route });
    if (c.req.method === "POST" && route === "/auth/v1/token") {
      const grant = c.req.query("grant_type");
      const grantType = grant === "password" || grant === "refresh_token" || grant === "pkce" ? grant : "other";
      const outcome =
        c.res.status < 300
          ? "success"
          : c.res.status === 429
            ? "rate_limited"
            : ((await errorCode(c.res)) ?? (c.res.status >= 500 ? "server_error" : "refused"));
      signIns.inc({ grant_type: grantType, outcome });
    }
  };

  let processMetrics = false;
  return {
    registry,
    http,
    payments: {
      created: () => paymentsCreated.inc(),
      settled: (outcome) => {
        if (outcome.kind === "credited" || outcome.kind === "rejected") paymentsSettled.inc({ outcome: outcome.kind });
      },
      reconciled: () => {
        lastReconcile = clock.now();
      },
    },
    contentType: registry.contentType,
    // Only in processes that serve metrics: the event-loop monitor runs from then on.
    collectProcessMetrics() {
      if (processMetrics) return;
      processMetrics = true;
      collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
    },
    render: () => registry.metrics(),
  };
}

/** Compares a presented bearer token with the configured one in constant time. */
export function tokenMatches(header: string | undefined, token: string): boolean {
  return constantTimeEqual(/^Bearer\s+(.+)$/i.exec(header ?? "")?.[1] ?? "", token);
}
