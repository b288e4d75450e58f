/**
 * Renewal reminders in the browser, against the real server (docs/product.md §11.3): a customer
 * buys a month, the test clock moves to 3 days before its end, the reminder is in the dev mailbox
 * in the language of the checkout, its "Renew" link opens the payment screen with that plan
 * chosen, and its unsubscribe link asks, then stops the reminder of the end. English and Russian.
 * The shared e2e server has no test clock; this file starts its own, frozen at the real time (so
 * the browser, which keeps the real time, never sees its sessions expire).
 */
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";
import { createAccount, PASSWORD, uniqueEmail } from "./accounts.js";
import { axeViolations } from "./helpers/axe.js";
import { startBuiltServer } from "./helpers/built-server.js";
import { msg } from "./helpers/screens.js";
import { useStoredLanguage as storeLanguage } from "./helpers.js";

const test = base.extend<object, { clockServer: string }>({
  clockServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const server = await startBuiltServer({ TEST_CLOCK_START: new Date().toISOString() });
      try {
        await use(server.url);
      } finally {
        server.process.kill("SIGTERM");
      }
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ clockServer }, use) => use(clockServer),
});

const DAY = 86_400;
const AUTH_HEADERS = { apikey: "veil-dev-anon-key", "Content-Type": "application/json" };

interface Mail {
  subject: string;
  text: string;
  headers: Record<string, string>;
}

/** Buys "1 Month" as the checkout does, from a page in `lang`, and pays it at the simulator. */
async function buyMonth(request: APIRequestContext, email: string, lang: "en" | "ru") {
  const signIn = await request.post("/auth/v1/token?grant_type=password", {
    headers: AUTH_HEADERS,
    data: { email, password: PASSWORD },
  });
  const { access_token } = (await signIn.json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${access_token}`, "Accept-Language": lang };
  const init = await request.post("/api/payment/web/init", {
    headers,
    data: { plan_id: 2, amount: 5, currency: "USD", payment_method: "USDTTRC" },
  });
  expect(init.ok(), await init.text()).toBe(true);
  const { transaction_id } = (await init.json()) as { transaction_id: string };
  const invoice = await request.post("/api/exnode/invoice", {
    headers,
    data: {
      token: "USDTTRC",
      amount: 5,
      fiat_currency: "USD",
      client_transaction_id: transaction_id,
      redirect_url: `${new URL(init.url()).origin}/account/profile`,
      payform: true,
    },
  });
  const { payment_url } = (await invoice.json()) as { payment_url: string };
  const settled = await request.post(`/sim/exnode/invoices/${payment_url.split("/pay/")[1]}/settle`, {
    data: { status: "SUCCESS" },
  });
  expect(settled.ok(), await settled.text()).toBe(true);
}

/** Moves the server's test clock; the reminder pass has run when it answers. */
async function advance(request: APIRequestContext, seconds: number) {
  const res = await request.post("/dev/clock", { data: { advanceSeconds: seconds } });
  expect(res.ok(), await res.text()).toBe(true);
}

async function remindersTo(request: APIRequestContext, email: string): Promise<Mail[]> {
  const res = await request.get(`/dev/mailbox/messages?to=${encodeURIComponent(email)}`);
  return ((await res.json()) as Mail[]).filter((m) => m.headers["List-Unsubscribe"]);
}

/** A link of the mail, opened on this server (mail links use SITE_URL's origin). */
function linkIn(mail: Mail, path: RegExp): string {
  const found = mail.text.match(new RegExp(`https?://\\S+?(${path.source}\\S*)`));
  expect(found?.[1], `a ${path.source} link in the mail`).toBeTruthy();
  return found?.[1] ?? "";
}

async function expectNoAxeViolations(page: Page, what: string) {
  expect(await axeViolations(page), what).toEqual([]);
}

for (const lang of ["en", "ru"] as const) {
  test(`reminder mail 3 days before the end (${lang}): renew link preselects the plan, unsubscribe asks and stops the next reminder @e2e`, async ({
    page,
    request,
  }) => {
    test.slow();
    const email = uniqueEmail(`remind-${lang}`);
    await createAccount(request, email);
    await buyMonth(request, email, lang);
    await advance(request, 27 * DAY + 60);

    // In the dev mailbox, as a newcomer would look for it.
    const [mail, ...others] = await remindersTo(request, email);
    expect(others).toHaveLength(0);
    expect(mail?.subject).toMatch(lang === "en" ? /^Your Veil subscription ends on / : /^Подписка Veil закончится /);
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    await expect(page.getByRole("heading", { name: mail?.subject })).toBeVisible();

    await storeLanguage(page, lang);
    await page.goto(linkIn(mail as Mail, /\/payment\?/));
    await expect(page).toHaveURL(/\/payment\?planId=2$/);
    await expect(page.getByRole("tab", { selected: true })).toHaveAccessibleName(
      new RegExp(msg(lang, "plans.month.name")),
    );

    await page.goto(linkIn(mail as Mail, /\/unsubscribe\?/));
    await expect(page.getByRole("heading", { name: msg(lang, "unsubscribe.ask.title") })).toBeVisible();
    await expectNoAxeViolations(page, "the unsubscribe question");
    await page.getByRole("button", { name: msg(lang, "unsubscribe.button") }).click();
    await expect(page.getByRole("heading", { name: msg(lang, "unsubscribe.done.title") })).toBeFocused();
    await expectNoAxeViolations(page, "unsubscribed");

    // The end comes: no "has ended" mail for someone who unsubscribed.
    await advance(request, 3 * DAY);
    expect(await remindersTo(request, email)).toHaveLength(1);

    // An edited link is refused plainly, not with an error page.
    const link = linkIn(mail as Mail, /\/unsubscribe\?/);
    const signature = link.indexOf(".", link.indexOf("token=")) + 1;
    await page.goto(`${link.slice(0, signature)}${link[signature] === "A" ? "B" : "A"}${link.slice(signature + 1)}`);
    await expect(page.getByRole("heading", { name: msg(lang, "unsubscribe.invalid.title") })).toBeVisible();
    await expect(page.getByText(msg(lang, "unsubscribe.invalid.message"))).toBeVisible();
  });
}

test("a mail client's one-click unsubscribe (RFC 8058) to the List-Unsubscribe address stops the reminder of the end @e2e", async ({
  request,
}) => {
  const email = uniqueEmail("one-click");
  await createAccount(request, email);
  await buyMonth(request, email, "en");
  await advance(request, 27 * DAY + 60);
  const [mail] = await remindersTo(request, email);
  expect(mail?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  const address = new URL(mail?.headers["List-Unsubscribe"]?.slice(1, -1) ?? "");
  const res = await request.post(`${address.pathname}${address.search}`, {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
  });
  expect(res.status()).toBe(200);
  await advance(request, 3 * DAY);
  expect(await remindersTo(request, email)).toHaveLength(1);
});
