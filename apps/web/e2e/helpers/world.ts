/**
 * A seeded, clock-frozen copy of the product for the gates that need fixed data (@a11y states,
 * @vrt screenshots, ARIA snapshots): one server per worker, started from the built bundle on a free
 * port with an in-memory database and TEST_CLOCK_START, then filled through the public API and the
 * gateway simulator exactly as customers would fill it:
 *
 * - `paid@example.com`: seven payments on fixed dates (five paid, one in progress, one rejected),
 *   so the history has a "View all" toggle and an active subscription with a fixed "days left";
 * - `new@example.com`: confirmed, no subscription, no payments (the empty states).
 *
 * The browser's clock is pinned to the same instant (`FIXED_NOW`), so access tokens are neither
 * expired nor refreshed and the code screens' countdown stays at 00:30.
 */
import { type APIRequestContext, type Browser, test as base, expect, request as requests } from "@playwright/test";
import { createAccount, logIn, PASSWORD } from "../accounts.js";
import { startBuiltServer } from "./built-server.js";

/** The instant every screen is looked at (server and browser clocks). */
export const FIXED_NOW = "2026-03-02T09:00:00.000Z";

export const ACCOUNTS = {
  paid: "paid@example.com",
  new: "new@example.com",
} as const;
export type AccountName = keyof typeof ACCOUNTS;

/** The paid user's history: plan, token, day and outcome of each payment, oldest first. */
const HISTORY = [
  { plan: 1, token: "USDTTRC", at: "2025-12-20T08:15:00Z", outcome: "SUCCESS" },
  { plan: 2, token: "USDCERC", at: "2025-12-28T12:40:00Z", outcome: "EXPIRED" },
  { plan: 2, token: "USDTTRC", at: "2025-12-28T12:55:00Z", outcome: "SUCCESS" },
  { plan: 1, token: "DAIERC", at: "2026-01-30T18:05:00Z", outcome: "SUCCESS" },
  { plan: 2, token: "USDTTON", at: "2026-02-03T07:30:00Z", outcome: "SUCCESS" },
  { plan: 1, token: "NOT", at: "2026-02-27T21:10:00Z", outcome: "SUCCESS" },
  { plan: 2, token: "USDTBSC", at: "2026-03-01T16:45:00Z", outcome: null },
] as const;
const PRICES: Record<number, number> = { 1: 2, 2: 5, 3: 25, 4: 45 };
const AUTH_HEADERS = { apikey: "veil-dev-anon-key", "Content-Type": "application/json" };

export interface World {
  url: string;
  /** Browser storage (the supabase-js session) of a signed-in account, for `storageState`. */
  storageStateOf(
    account: AccountName,
  ): Promise<Awaited<ReturnType<import("@playwright/test").BrowserContext["storageState"]>>>;
}

/** The world's server: clock frozen at the first payment, rate limits out of the way. */
function startServer() {
  return startBuiltServer({
    TEST_CLOCK_START: HISTORY[0].at,
    // The clock is frozen, so rate-limit windows never pass; one worker's screens would add up.
    RATE_LIMIT_TOKEN_PER_5MIN: "100000",
    RATE_LIMIT_VERIFY_PER_5MIN: "100000",
    RATE_LIMIT_OTP_PER_5MIN: "100000",
  });
}

async function setClock(api: APIRequestContext, at: string): Promise<void> {
  const res = await api.post("/dev/clock", { data: { set: at } });
  expect(res.ok(), "TEST_CLOCK_START must be honoured (build the server: pnpm --filter @veil/server build)").toBe(true);
}

async function accessToken(api: APIRequestContext, email: string): Promise<string> {
  const res = await api.post("/auth/v1/token?grant_type=password", {
    headers: AUTH_HEADERS,
    data: { email, password: PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** One payment through the product API and the simulator, as the web app and a payer do it. */
async function pay(api: APIRequestContext, email: string, entry: (typeof HISTORY)[number]): Promise<void> {
  await setClock(api, entry.at);
  const headers = { Authorization: `Bearer ${await accessToken(api, email)}` };
  const init = await api.post("/api/payment/web/init", {
    headers,
    data: { plan_id: entry.plan, amount: PRICES[entry.plan], currency: "USD", payment_method: entry.token },
  });
  expect(init.ok(), await init.text()).toBe(true);
  const { transaction_id } = (await init.json()) as { transaction_id: string };
  const invoice = await api.post("/api/exnode/invoice", {
    headers,
    data: {
      token: entry.token,
      amount: PRICES[entry.plan],
      fiat_currency: "USD",
      client_transaction_id: transaction_id,
      redirect_url: `${new URL(init.url()).origin}/account/profile`,
      payform: true,
    },
  });
  expect(invoice.ok(), await invoice.text()).toBe(true);
  const { payment_url } = (await invoice.json()) as { payment_url: string };
  if (!entry.outcome) return;
  const tracker = payment_url.split("/pay/")[1];
  const settled = await api.post(`/sim/exnode/invoices/${tracker}/settle`, { data: { status: entry.outcome } });
  expect(settled.ok(), await settled.text()).toBe(true);
}

async function seed(url: string): Promise<void> {
  const api = await requests.newContext({ baseURL: url });
  try {
    await createAccount(api, ACCOUNTS.paid);
    await createAccount(api, ACCOUNTS.new);
    for (const entry of HISTORY) await pay(api, ACCOUNTS.paid, entry);
    await setClock(api, FIXED_NOW);
  } finally {
    await api.dispose();
  }
}

/** Signs in through the login screen once and keeps what the browser stored. */
async function signIn(browser: Browser, url: string, email: string) {
  const context = await browser.newContext({ baseURL: url });
  const page = await context.newPage();
  await page.clock.setFixedTime(FIXED_NOW);
  await logIn(page, email);
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * `world`: the worker's seeded server. Tests that use it get `baseURL` pointed at it and the
 * browser clock fixed at FIXED_NOW; `signedInAs` (an option) starts the page signed in.
 */
export const test = base.extend<{ signedInAs: AccountName | null }, { world: World }>({
  signedInAs: [null, { option: true }],
  world: [
    async ({ browser }, use) => {
      const server = await startServer();
      try {
        await seed(server.url);
        const states = new Map<AccountName, ReturnType<typeof signIn>>();
        await use({
          url: server.url,
          storageStateOf(account) {
            let state = states.get(account);
            if (!state) {
              state = signIn(browser, server.url, ACCOUNTS[account]);
              states.set(account, state);
            }
            return state;
          },
        });
      } finally {
        server.process.kill("SIGTERM");
      }
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ world }, use) => use(world.url),
  storageState: async ({ world, signedInAs }, use) =>
    use(signedInAs ? await world.storageStateOf(signedInAs) : undefined),
  page: async ({ page }, use) => {
    await page.clock.setFixedTime(FIXED_NOW);
    await use(page);
  },
});
export { expect } from "@playwright/test";
