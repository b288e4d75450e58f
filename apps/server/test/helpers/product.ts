/**
 * Helpers for product API and payment tests, on top of test-app.ts: signed-in users (a real user
 * and session row, and an access token signed with the app's secret and clock), JSON requests,
 * and the gateway simulator's test endpoints.
 */
import { randomUUID } from "node:crypto";
import { signAccessToken } from "../../src/auth/index.js";
import { SIMULATOR_PREFIX } from "../../src/payments/index.js";
import type { TestApp } from "./test-app.js";

export interface TestUser {
  id: string;
  email: string;
  /** A fresh access token at the app clock's current time (tests move the clock by days). */
  token(): Promise<string>;
}

let counter = 0;
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${counter}-${randomUUID().slice(0, 8)}@example.com`;
}

/** A confirmed user of the embedded auth server with one live session. */
export async function createUser(app: TestApp, email = uniqueEmail()): Promise<TestUser> {
  const id = randomUUID();
  const sessionId = randomUUID();
  const now = app.clock.now();
  await app.db.query(
    `INSERT INTO users (id, email, email_confirmed_at, created_at, updated_at) VALUES ($1, $2, $3, $3, $3)`,
    [id, email.toLowerCase(), now],
  );
  await app.db.query(
    `INSERT INTO sessions (id, user_id, amr, created_at, updated_at) VALUES ($1, $2, '[]'::jsonb, $3, $3)`,
    [sessionId, id, now],
  );
  return {
    id,
    email: email.toLowerCase(),
    async token() {
      const { token } = await signAccessToken(
        {
          sub: id,
          email: email.toLowerCase(),
          phone: "",
          role: "authenticated",
          aal: "aal1",
          amr: [{ method: "password", timestamp: Math.floor(app.clock.now().getTime() / 1000) }],
          session_id: sessionId,
          is_anonymous: false,
          app_metadata: { provider: "email", providers: ["email"] },
          user_metadata: {},
        },
        { secret: app.config.JWT_SECRET, clock: app.clock, expiresIn: 3600 },
      );
      return token;
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: replies are inspected field by field in each test
export interface JsonReply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls `/api…` with an optional bearer user and JSON body; returns status and parsed body. */
// biome-ignore lint/suspicious/noExplicitAny: as above
export async function api<T = any>(
  app: TestApp,
  method: string,
  path: string,
  options: { user?: TestUser; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<JsonReply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.user) headers.Authorization = `Bearer ${await options.user.token()}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers["Content-Type"] ??= "application/json";
  const res = await fetch(`${app.url}/api${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: withoutRequestId(parsed, res.headers) as T, headers: res.headers };
}

/**
 * Every `/api` error body carries the request's id, the same as its X-Request-Id header (a
 * customer's screenshot of the error leads to the log line): checked here for every error any test
 * sees, then left out so tests compare the rest.
 */
export function withoutRequestId(body: unknown, headers: Headers): unknown {
  if (!body || typeof body !== "object" || !("code" in body) || !("detail" in body)) return body;
  const { request_id: id, ...rest } = body as { request_id?: unknown };
  const header = headers.get("x-request-id");
  if (typeof id !== "string" || id !== header) {
    throw new Error(`error body's request_id ${JSON.stringify(id)} is not its X-Request-Id header ${header}`);
  }
  return rest;
}

/** Flips the simulator's failure switches (`{reset: true}` restores the defaults). */
export async function simulatorSwitches(app: TestApp, switches: Record<string, unknown>) {
  const res = await fetch(`${app.url}${SIMULATOR_PREFIX}/control`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(switches),
  });
  if (!res.ok) throw new Error(`simulator control failed: ${res.status} ${await res.text()}`);
}

/** Settles an invoice at the simulator (it then calls us back, unless callbacks are off). */
export async function settleInvoice(app: TestApp, trackerId: string, status: string, payedAmount?: number) {
  const res = await fetch(`${app.url}${SIMULATOR_PREFIX}/invoices/${encodeURIComponent(trackerId)}/settle`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(payedAmount === undefined ? { status } : { status, payed_amount: payedAmount }),
  });
  if (!res.ok) throw new Error(`settle failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { invoice: Record<string, unknown>; callback: string };
}

/** The app's own origin: an allowed redirect target. */
export const profileUrl = (app: TestApp) => `${app.url}/account/profile`;

/** Starts a payment and creates its invoice; returns the transaction id, pay URL and tracker id. */
export async function checkout(app: TestApp, user: TestUser, planId = 2, token = "USDTTRC") {
  const plans = await api(app, "GET", "/plans/");
  const plan = (plans.body as { id: number; price: number }[]).find((p) => p.id === planId);
  if (!plan) throw new Error(`no plan ${planId}`);
  const init = await api(app, "POST", "/payment/web/init", {
    user,
    body: { plan_id: planId, amount: plan.price, currency: "USD", payment_method: token },
  });
  if (init.status !== 200) throw new Error(`init failed: ${init.status} ${JSON.stringify(init.body)}`);
  const transactionId = init.body.transaction_id as string;
  const invoice = await api(app, "POST", "/exnode/invoice", {
    user,
    body: {
      token,
      amount: plan.price,
      fiat_currency: "USD",
      client_transaction_id: transactionId,
      redirect_url: profileUrl(app),
      payform: true,
    },
  });
  if (invoice.status !== 200) throw new Error(`invoice failed: ${invoice.status} ${JSON.stringify(invoice.body)}`);
  const paymentUrl = invoice.body.payment_url as string;
  const trackerId = decodeURIComponent(new URL(paymentUrl).pathname.split("/").pop() ?? "");
  return { transactionId, paymentUrl, trackerId, price: plan.price };
}
