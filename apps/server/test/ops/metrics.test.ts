import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MailTransport } from "../../src/mail/index.js";
import { authClient } from "../helpers/auth-client.js";
import { checkout, createUser, settleInvoice } from "../helpers/product.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * The Prometheus endpoint (docs/operations.md, "Metrics"): on a port of its own or behind a token,
 * never public, and its series move with what the server does.
 */
const TOKEN = "metrics-token-for-the-test-0123456789abcdef";

/** One sample's value from the text exposition, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = /\{(.*)\}/.exec(line)?.[1] ?? "";
    const found = Object.fromEntries([...labelText.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(line.split(" ").pop());
  }
  return undefined;
}

describe("metrics on a port of their own", () => {
  let app: TestApp;
  // Mail that cannot be delivered stays in the outbox: its depth and age show on the gauges.
  const failing: MailTransport = {
    kind: "custom",
    send: async () => {
      throw new Error("SMTP is down");
    },
  };
  beforeAll(async () => {
    app = await startTestApp({
      env: { METRICS_PORT: "0", RATE_LIMIT_TOKEN_PER_5MIN: "4" },
      mailTransport: failing,
    });
  });
  afterAll(async () => app?.close());
  const scrape = async () => {
    const res = await fetch(app.metricsUrl ?? "");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/plain");
    return res.text();
  };

  it("should listen on loopback and not answer /metrics on the public port", async () => {
    expect(app.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(new URL(app.metricsUrl ?? "").port).not.toBe(new URL(app.url).port);
    const publicPort = await fetch(`${app.url}/metrics`);
    expect(await publicPort.text()).not.toContain("veil_http_requests_total");
  });

  it("should count requests by route pattern and status, with latency histograms", async () => {
    await fetch(`${app.url}/healthz`);
    await fetch(`${app.url}/readyz`);
    await fetch(`${app.url}/api/subscription/info`); // no token: 401
    const text = await scrape();
    expect(sample(text, "veil_http_requests_total", { method: "GET", route: "/healthz", status: "200" })).toBe(1);
    expect(sample(text, "veil_http_requests_total", { route: "/readyz", status: "200" })).toBe(1);
    expect(sample(text, "veil_http_request_duration_seconds_count", { route: "/healthz", status: "200" })).toBe(1);
    expect(
      sample(text, "veil_http_request_duration_seconds_bucket", { route: "/healthz", status: "200", le: "+Inf" }),
    ).toBe(1);
    // Route patterns, not raw paths: the label values stay few whatever clients send.
    expect(text).not.toMatch(/route="\/api\/subscription\/info\?/);
  });

  it("should count sign-in outcomes and rate-limit hits", async () => {
    const auth = authClient(app);
    const ip = "198.51.100.7";
    await auth.confirmedUser("metered@example.com", "violet-harbour-lantern", { ip });
    expect((await auth.signIn("metered@example.com", "violet-harbour-lantern", { ip })).status).toBe(200);
    expect((await auth.signIn("metered@example.com", "wrong-password-here", { ip })).status).toBe(400);
    // RATE_LIMIT_TOKEN_PER_5MIN is 4 for this app: the rest are refused with 429.
    for (let i = 0; i < 3; i++) await auth.signIn("metered@example.com", "wrong-password-here", { ip });
    const text = await scrape();
    expect(sample(text, "veil_auth_sign_ins_total", { grant_type: "password", outcome: "success" })).toBe(1);
    expect(
      sample(text, "veil_auth_sign_ins_total", { grant_type: "password", outcome: "invalid_credentials" }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, "veil_auth_sign_ins_total", { grant_type: "password", outcome: "rate_limited" }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, "veil_rate_limit_hits_total", { route: "/auth/v1/token" })).toBeGreaterThanOrEqual(1);
  });

  it("should show the outbox's depth and the age of its oldest unsent mail", async () => {
    // The sign-up above mailed a code that could not be sent; sending is retried, never dropped.
    await app.services.mail.flush();
    app.clock.advance({ seconds: 600 });
    const text = await scrape();
    expect(sample(text, "veil_mail_outbox_pending")).toBeGreaterThanOrEqual(1);
    expect(sample(text, "veil_mail_outbox_oldest_pending_age_seconds")).toBeGreaterThanOrEqual(600);
  });

  it("should count payments created, credited and rejected, and show reconciler lag", async () => {
    const user = await createUser(app);
    const paid = await checkout(app, user);
    const cancelled = await checkout(app, user);
    app.clock.advance({ seconds: 90 });
    let text = await scrape();
    expect(sample(text, "veil_payments_created_total")).toBe(2);
    expect(sample(text, "veil_payments_pending_oldest_age_seconds")).toBeGreaterThanOrEqual(90);

    await settleInvoice(app, paid.trackerId, "SUCCESS");
    await settleInvoice(app, cancelled.trackerId, "ERROR");
    await app.services.payments.service.reconcile();
    text = await scrape();
    expect(sample(text, "veil_payments_settled_total", { outcome: "credited" })).toBe(1);
    expect(sample(text, "veil_payments_settled_total", { outcome: "rejected" })).toBe(1);
    expect(sample(text, "veil_payments_pending_oldest_age_seconds")).toBe(0);
    // The reconciler ran its start-up pass; the clock has moved on since.
    expect(sample(text, "veil_reconciler_last_pass_age_seconds")).toBeGreaterThanOrEqual(90);
  });

  it("should report event-loop delay", async () => {
    const text = await scrape();
    expect(sample(text, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThan(0);
  });
});

describe("metrics behind a token on the main port", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => app?.close());

  it("should refuse a scrape without the token or with another one", async () => {
    const attempts: Record<string, string>[] = [
      {},
      { Authorization: "Bearer not-the-token" },
      { Authorization: `Bearer ${TOKEN}x` },
    ];
    for (const headers of attempts) {
      const res = await fetch(`${app.url}/metrics`, { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get("WWW-Authenticate")).toBe("Bearer");
      expect(await res.text()).not.toContain("veil_");
    }
  });

  it("should serve the metrics with it, uncached", async () => {
    const res = await fetch(`${app.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const text = await res.text();
    expect(text).toContain("# TYPE veil_http_requests_total counter");
    expect(text).toContain("# TYPE veil_http_request_duration_seconds histogram");
  });
});
