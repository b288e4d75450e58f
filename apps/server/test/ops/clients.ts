/** What a browser would send to built server processes: auth, product API, checkout. */
import { queryUrl } from "./built-server.js";

interface Target {
  url: string;
}

// biome-ignore lint/suspicious/noExplicitAny: replies are inspected field by field in each test
export type Reply = { status: number; body: any };

async function asReply(res: Response): Promise<Reply> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body };
}

export async function authCall(server: Target, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${server.url}/auth/v1${path}`, {
    method,
    headers: {
      apikey: "anon",
      "X-Supabase-Api-Version": "2024-01-01",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return asReply(res);
}

export async function apiCall(server: Target, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return asReply(res);
}

/** The code in the newest mail to `email` (read from the shared outbox table). */
export async function codeFor(databaseUrl: string, email: string): Promise<string> {
  const rows = await queryUrl<{ text_body: string }>(
    databaseUrl,
    "SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY created_at DESC, seq DESC LIMIT 1",
    [email],
  );
  const code = /\b(\d{6})\b/.exec(rows[0]?.text_body ?? "")?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

export const PASSWORD = "violet-harbour-lantern";

/** Signs up on `first`, confirms on `second`; returns the session (access and refresh token). */
export async function signedInUser(first: Target, second: Target, databaseUrl: string, email: string) {
  const signup = await authCall(first, "POST", "/signup", { email, password: PASSWORD });
  if (signup.status !== 200) throw new Error(`signup failed: ${signup.status} ${JSON.stringify(signup.body)}`);
  const verify = await authCall(second, "POST", "/verify", {
    email,
    token: await codeFor(databaseUrl, email),
    type: "email",
  });
  if (verify.status !== 200) throw new Error(`verify failed: ${verify.status} ${JSON.stringify(verify.body)}`);
  return verify.body as { access_token: string; refresh_token: string };
}

/** Starts a one-month payment and its invoice, as the web app's checkout does. */
export async function checkout(server: Target, token: string, planId = 2) {
  const plans = await apiCall(server, "GET", "/plans/");
  const plan = (plans.body as { id: number; price: number }[]).find((p) => p.id === planId);
  if (!plan) throw new Error(`no plan ${planId}: ${plans.status}`);
  const init = await apiCall(server, "POST", "/payment/web/init", token, {
    plan_id: planId,
    amount: plan.price,
    currency: "USD",
    payment_method: "USDTTRC",
  });
  if (init.status !== 200) throw new Error(`init failed: ${init.status} ${JSON.stringify(init.body)}`);
  const invoice = await apiCall(server, "POST", "/exnode/invoice", token, {
    token: "USDTTRC",
    amount: plan.price,
    fiat_currency: "USD",
    client_transaction_id: init.body.transaction_id,
    redirect_url: `${server.url}/account/profile`,
    payform: true,
  });
  if (invoice.status !== 200) throw new Error(`invoice failed: ${invoice.status} ${JSON.stringify(invoice.body)}`);
  const paymentUrl = invoice.body.payment_url as string;
  const trackerId = decodeURIComponent(new URL(paymentUrl).pathname.split("/").pop() ?? "");
  return { transactionId: init.body.transaction_id as string, trackerId };
}

/** Polls `check` until it holds (or fails the test after `timeoutMs`). */
export async function waitFor(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
