/**
 * A seeded, clock-frozen copy of the product for the gates that need fixed data (@a11y states,
 * @vrt screenshots, ARIA snapshots): one server per worker, started from the built bundle on a free
 * port with an in-memory database and TEST_CLOCK_START, then filled through the public API and the
 * gateway simulator exactly as customers would fill it:
 *
 * - `paid@example.com`: seven payments on fixed dates (five paid, one in progress, one rejected),
 *   so the history has a "View all" toggle and an active subscription with a fixed "days left";
 * - `new@example.com`: confirmed, no subscription, no payments (the empty states);
 * - `reminded@example.com` and `unsubscribed@example.com`: a week bought on 20 Feb, so the clock
 *   moved to 25 Feb mails each a renewal reminder (docs/product.md §11.3); the second then used the
 *   mail's one-click unsubscribe. Their unsubscribe links show the question and the "done" screen.
 * - `secure@example.com` (two-factor sign-in off) and `twofactor@example.com` (on, with an
 *   authenticator whose secret the world keeps): each also signed in on 1 Mar from Firefox on
 *   Windows, so Security lists another device (docs/product.md §11.4, §11.5).
 * - `devices@example.com` (a month, three devices, two of them with the longest names), `full@example.com`
 *   (a month and as many devices as the limit) and `lapsed@example.com` (a week that ended on 23 Feb,
 *   two devices): the Devices screen's list, limit and inactive states (helpers/world-devices.ts).
 * - `konstantin.konstantinopolsky.1987.personal.inbox@example.com` (`long`, 60 characters): a paid
 *   month and a payment in progress, for the long-value screens at 320 and 375 px (§2.14).
 *
 * The browser's clock is pinned to the same instant (`FIXED_NOW`), so access tokens are neither
 * expired nor refreshed and the code screens' countdown stays at 00:30.
 */
import { type APIRequestContext, type Browser, test as base, expect, request as requests } from "@playwright/test";
import { createAccount, logIn, PASSWORD, typeCode } from "../accounts.js";
import { startBuiltServer } from "./built-server.js";
import { msg } from "./messages.js";
import { totpCode } from "./totp.js";
import {
  addDevice,
  FULL_DEVICES,
  firstServerId,
  LAPSED_DEVICES,
  LISTED_DEVICES,
  type SeededDevice,
} from "./world-devices.js";

/** The instant every screen is looked at (server and browser clocks). */
export const FIXED_NOW = "2026-03-02T09:00:00.000Z";

export const ACCOUNTS = {
  paid: "paid@example.com",
  new: "new@example.com",
  reminded: "reminded@example.com",
  unsubscribed: "unsubscribed@example.com",
  secure: "secure@example.com",
  twofactor: "twofactor@example.com",
  /** 60 characters, as real addresses are (docs/product.md §2.14): an active month and a payment in progress. */
  long: "konstantin.konstantinopolsky.1987.personal.inbox@example.com",
  devices: "devices@example.com",
  full: "full@example.com",
  lapsed: "lapsed@example.com",
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
type Purchase = { plan: number; token: string; at: string; outcome: string | null };
/** The reminder accounts' week (ends 27 Feb 10:00, long over at FIXED_NOW) and when they are reminded. */
const REMINDED_PURCHASE: Purchase = { plan: 1, token: "USDTTRC", at: "2026-02-20T10:00:00Z", outcome: "SUCCESS" };
const REMINDED_AT = "2026-02-25T10:00:00Z";
/** The long address's month (active at FIXED_NOW) and a week still in progress. */
const LONG_HISTORY: Purchase[] = [
  { plan: 2, token: "USDTTRC", at: "2026-02-14T11:20:00Z", outcome: "SUCCESS" },
  { plan: 1, token: "USDCBSC", at: "2026-03-01T20:05:00Z", outcome: null },
];
/** When the Security accounts were made and signed in from their other device. */
/** The Devices accounts' subscriptions: a month each for `devices` and `full`, a week for `lapsed`. */
const DEVICES_PURCHASES: Record<"devices" | "full" | "lapsed", { purchase: Purchase; devices: SeededDevice[] }> = {
  devices: {
    purchase: { plan: 2, token: "USDTTRC", at: "2026-02-10T10:00:00Z", outcome: "SUCCESS" },
    devices: LISTED_DEVICES,
  },
  full: {
    purchase: { plan: 2, token: "USDTTON", at: "2026-02-05T09:00:00Z", outcome: "SUCCESS" },
    devices: FULL_DEVICES,
  },
  lapsed: {
    purchase: { plan: 1, token: "USDTTRC", at: "2026-02-16T10:00:00Z", outcome: "SUCCESS" },
    devices: LAPSED_DEVICES,
  },
};
const SECURITY_SEEDED_AT = "2026-03-01T19:20:00Z";
const OTHER_DEVICE_UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
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
    // The Devices screens' location (a node record of the server's own, named as a demo).
    DEV_DEMO_NODE: "1",
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
async function pay(api: APIRequestContext, email: string, entry: Purchase): Promise<void> {
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

/** The mail client's one-click unsubscribe (RFC 8058) of the newest reminder mailed to `email`. */
async function unsubscribeByMail(api: APIRequestContext, email: string): Promise<void> {
  const res = await api.get(`/dev/mailbox/messages?to=${encodeURIComponent(email)}`);
  const mails = (await res.json()) as { headers: Record<string, string> }[];
  const address = mails.find((m) => m.headers["List-Unsubscribe"])?.headers["List-Unsubscribe"]?.slice(1, -1);
  expect(address, `a renewal reminder mailed to ${email}`).toBeTruthy();
  const { pathname, search } = new URL(address ?? "");
  const done = await api.post(`${pathname}${search}`, { data: "List-Unsubscribe=One-Click" });
  expect(done.ok(), await done.text()).toBe(true);
}

/** The Devices accounts: each pays, then adds its devices on their dates at the first location. */
async function seedDevices(api: APIRequestContext): Promise<void> {
  const serverId = await firstServerId(api);
  for (const [account, { purchase, devices }] of Object.entries(DEVICES_PURCHASES)) {
    const email = ACCOUNTS[account as keyof typeof DEVICES_PURCHASES];
    await createAccount(api, email);
    await pay(api, email, purchase);
    for (const device of devices) {
      await setClock(api, device.at);
      await addDevice(api, await accessToken(api, email), { ...device, serverId });
    }
  }
}

/**
 * The Security accounts, made from "another device" (Firefox on Windows): `secure` as it is,
 * `twofactor` with a confirmed authenticator. Returns that authenticator's secret.
 */
async function seedSecurity(url: string): Promise<string> {
  const device = await requests.newContext({ baseURL: url, userAgent: OTHER_DEVICE_UA });
  try {
    await setClock(device, SECURITY_SEEDED_AT);
    await createAccount(device, ACCOUNTS.secure);
    const headers = { ...AUTH_HEADERS, Authorization: `Bearer ${await createAccount(device, ACCOUNTS.twofactor)}` };
    const enrolled = await device.post("/auth/v1/factors", { headers, data: { factor_type: "totp" } });
    expect(enrolled.ok(), await enrolled.text()).toBe(true);
    const factor = (await enrolled.json()) as { id: string; totp: { secret: string } };
    const challenge = await device.post(`/auth/v1/factors/${factor.id}/challenge`, { headers, data: {} });
    expect(challenge.ok(), await challenge.text()).toBe(true);
    const { id: challenge_id } = (await challenge.json()) as { id: string };
    const code = totpCode(factor.totp.secret, SECURITY_SEEDED_AT);
    const verified = await device.post(`/auth/v1/factors/${factor.id}/verify`, {
      headers,
      data: { challenge_id, code },
    });
    expect(verified.ok(), await verified.text()).toBe(true);
    return factor.totp.secret;
  } finally {
    await device.dispose();
  }
}

async function seed(url: string): Promise<string> {
  const api = await requests.newContext({ baseURL: url });
  try {
    await createAccount(api, ACCOUNTS.paid);
    await createAccount(api, ACCOUNTS.new);
    for (const entry of HISTORY) await pay(api, ACCOUNTS.paid, entry);
    await createAccount(api, ACCOUNTS.long);
    for (const entry of LONG_HISTORY) await pay(api, ACCOUNTS.long, entry);
    for (const email of [ACCOUNTS.reminded, ACCOUNTS.unsubscribed]) {
      await createAccount(api, email);
      await pay(api, email, REMINDED_PURCHASE);
    }
    // Moving the clock runs the reminder pass before it answers: both mails are in the outbox now.
    await setClock(api, REMINDED_AT);
    await unsubscribeByMail(api, ACCOUNTS.unsubscribed);
    await seedDevices(api);
    const secret = await seedSecurity(url);
    await setClock(api, FIXED_NOW);
    return secret;
  } finally {
    await api.dispose();
  }
}

/**
 * Signs in through the login screen once and keeps what the browser stored; with `totpSecret`,
 * gives the authenticator's code at FIXED_NOW on the two-factor step.
 */
async function signIn(browser: Browser, url: string, email: string, totpSecret?: string) {
  const context = await browser.newContext({ baseURL: url });
  const page = await context.newPage();
  await page.clock.setFixedTime(FIXED_NOW);
  if (totpSecret) {
    await page.goto("/login");
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("textbox", { name: msg("en", "twoFactor.signIn.codeLabel") })).toBeVisible();
    await typeCode(page, totpCode(totpSecret, FIXED_NOW));
    await page.getByRole("button", { name: msg("en", "twoFactor.signIn.submit") }).click();
    await expect(page).toHaveURL(/\/account\/profile$/);
    await expect(page.getByText(email)).toBeVisible();
  } else {
    await logIn(page, email);
  }
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
        const totpSecret = await seed(server.url);
        const states = new Map<AccountName, ReturnType<typeof signIn>>();
        await use({
          url: server.url,
          storageStateOf(account) {
            let state = states.get(account);
            if (!state) {
              state = signIn(browser, server.url, ACCOUNTS[account], account === "twofactor" ? totpSecret : undefined);
              states.set(account, state);
            }
            return state;
          },
        });
      } finally {
        server.process.kill("SIGTERM");
      }
    },
    // Server start (up to 120 s on a loaded box) and seeding.
    { scope: "worker", timeout: 240_000 },
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
