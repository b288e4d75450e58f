// Real users for the benchmarks, made the way a person makes them: sign up through /auth/v1, read
// the code from the development mailbox, verify, and pay for a plan through the gateway simulator.
const AUTH_HEADERS = {
  apikey: "anon-key",
  "Content-Type": "application/json;charset=UTF-8",
  "X-Supabase-Api-Version": "2024-01-01",
};

async function call(url, method, path, { body, token, headers } = {}) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...AUTH_HEADERS,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  let json;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text.slice(0, 300)}`);
  return json;
}

/** Signs up and confirms an address; returns the session (access_token, refresh_token, user). */
export async function signUpConfirmed(url, email, password) {
  await call(url, "POST", "/auth/v1/signup", { body: { email, password } });
  const messages = await call(url, "GET", `/dev/mailbox/messages?to=${encodeURIComponent(email)}`);
  const code = /\b(\d{6})\b/.exec(messages?.[0]?.text ?? "")?.[1];
  if (!code) throw new Error(`no confirmation code mailed to ${email}`);
  return call(url, "POST", "/auth/v1/verify", { body: { email, token: code, type: "email" } });
}

export function passwordLogin(url, email, password) {
  return call(url, "POST", "/auth/v1/token?grant_type=password", { body: { email, password } });
}

/** Buys the 1-month plan with the simulator (init → invoice → settle SUCCESS → callback credits it). */
export async function buyPlan(url, accessToken, planId = 2) {
  const plans = await call(url, "GET", "/api/plans/");
  const plan = plans.find((p) => p.id === planId);
  const init = await call(url, "POST", "/api/payment/web/init", {
    token: accessToken,
    body: { plan_id: planId, amount: plan.price, currency: "USD", payment_method: "USDTTRC" },
  });
  const invoice = await call(url, "POST", "/api/exnode/invoice", {
    token: accessToken,
    body: {
      token: "USDTTRC",
      amount: plan.price,
      fiat_currency: "USD",
      client_transaction_id: init.transaction_id,
      redirect_url: `${url}/account/profile`,
      payform: true,
    },
  });
  const trackerId = decodeURIComponent(new URL(invoice.payment_url).pathname.split("/").pop());
  await call(url, "POST", `/sim/exnode/invoices/${encodeURIComponent(trackerId)}/settle`, {
    body: { status: "SUCCESS" },
  });
  const info = await call(url, "GET", "/api/subscription/web/info", { token: accessToken });
  if (!info.is_active) throw new Error(`the paid subscription is not active: ${JSON.stringify(info)}`);
  return info;
}

export const benchPassword = "bench-Correct-Horse-7419";
export const benchEmail = (tag) => `bench-${tag}-${Date.now().toString(36)}@example.com`;
