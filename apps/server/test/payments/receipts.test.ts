import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  api,
  checkout,
  createUser,
  profileUrl,
  settleInvoice,
  simulatorSwitches,
  type TestUser,
  uniqueEmail,
} from "../helpers/product.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Receipts (docs/product.md, "Receipts"): `payment/web/init` takes an optional `receipt_email`;
 * once the payment is credited, whichever way, exactly one receipt is mailed through the outbox, to
 * that address or else the account's, in the language of the checkout page.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { RECONCILE_INTERVAL_SECONDS: "0" } });
}, 60_000);
afterAll(async () => app?.close());
afterEach(async () => simulatorSwitches(app, { reset: true }));

const payments = () => app.services.payments.service;
const postCallback = (trackerId: string) =>
  fetch(`${app.url}/api/exnode/callback/${app.config.EXNODE_CALLBACK_SECRET}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ tracker_id: trackerId }),
  });

async function newUser(): Promise<TestUser> {
  const user = await createUser(app);
  await api(app, "POST", "/user/web/register", { user, body: { email: user.email } });
  return user;
}

/** init + invoice like the web app, with optional receipt address and page language. */
async function startPayment(
  user: TestUser,
  options: { planId?: number; receiptEmail?: string; language?: string } = {},
) {
  const plans = (await api(app, "GET", "/plans/")).body as { id: number; price: number }[];
  const plan = plans.find((p) => p.id === (options.planId ?? 2)) as { id: number; price: number };
  const init = await api(app, "POST", "/payment/web/init", {
    user,
    body: {
      plan_id: plan.id,
      amount: plan.price,
      currency: "USD",
      payment_method: "USDTTRC",
      ...(options.receiptEmail === undefined ? {} : { receipt_email: options.receiptEmail }),
    },
    ...(options.language ? { headers: { "Accept-Language": options.language } } : {}),
  });
  expect(init.status).toBe(200);
  const transactionId = init.body.transaction_id as string;
  const invoice = await api(app, "POST", "/exnode/invoice", {
    user,
    body: {
      token: "USDTTRC",
      amount: plan.price,
      fiat_currency: "USD",
      client_transaction_id: transactionId,
      redirect_url: profileUrl(app),
      payform: true,
    },
  });
  expect(invoice.status).toBe(200);
  const trackerId = decodeURIComponent(new URL(invoice.body.payment_url).pathname.split("/").pop() ?? "");
  return { transactionId, trackerId };
}

const receiptsTo = async (to: string) => (await app.mailbox(to)).filter((m) => /receipt|Чек/i.test(m.subject));

describe("payment/web/init: receipt_email", () => {
  it("should store a given receipt address (trimmed), and none when the field is absent", async () => {
    const user = await newUser();
    const withAddress = await startPayment(user, { receiptEmail: "  Books@Example.com " });
    const without = await checkout(app, user);
    const { rows } = await app.db.query<{ id: string; receipt_email: string | null }>(
      "SELECT id, receipt_email FROM payments WHERE id = ANY($1::text[])",
      [[withAddress.transactionId, without.transactionId]],
    );
    const stored = Object.fromEntries(rows.map((r) => [r.id, r.receipt_email]));
    expect(stored[withAddress.transactionId]).toBe("Books@Example.com");
    expect(stored[without.transactionId]).toBeNull();
  });

  it("should refuse an invalid or over-long receipt address with a 422 naming the field, and start nothing", async () => {
    const user = await newUser();
    for (const receipt_email of ["not-an-email", "", `${"a".repeat(250)}@example.com`, 42]) {
      const res = await api(app, "POST", "/payment/web/init", {
        user,
        body: { plan_id: 2, amount: 5, currency: "USD", payment_method: "USDTTRC", receipt_email },
      });
      expect(res.status).toBe(422);
      expect(res.body.detail[0].loc).toEqual(["body", "receipt_email"]);
    }
    expect((await api(app, "GET", "/payment/web/all", { user })).body).toEqual([]);
  });
});

describe("the receipt mail", () => {
  it("should mail one receipt to the receipt address with plan, days, dollars, token, date and transaction id", async () => {
    const user = await newUser();
    const receiptTo = uniqueEmail("receipt");
    const { transactionId, trackerId } = await startPayment(user, { planId: 4, receiptEmail: receiptTo });
    expect(await receiptsTo(receiptTo)).toEqual([]); // nothing before the credit
    await settleInvoice(app, trackerId, "SUCCESS"); // the simulator calls us back
    await app.services.mail.flush();

    const mails = await receiptsTo(receiptTo);
    expect(mails).toHaveLength(1);
    const text = mails[0]?.text ?? "";
    expect(mails[0]?.subject).toBe("Your Veil receipt");
    expect(text).toContain("Plan: 1 Year");
    expect(text).toContain("Days added: 365 days");
    expect(text).toContain("Amount: $45.00");
    expect(text).toContain("Paid with: USDT TRC-20");
    expect(text).toMatch(/Date: \d{1,2} \w+ \d{4}.* UTC/);
    expect(text).toContain(`Transaction ID: ${transactionId}`);
    expect(mails[0]?.html).toContain(transactionId);
    expect(await receiptsTo(user.email)).toEqual([]); // not also to the account
  });

  it("should go to the account's address when no receipt address was given", async () => {
    const user = await newUser();
    const { transactionId, trackerId } = await startPayment(user, { planId: 1 });
    await simulatorSwitches(app, { callbacks: false });
    await settleInvoice(app, trackerId, "SUCCESS");
    expect(await receiptsTo(user.email)).toEqual([]); // not credited yet: no receipt
    await payments().reconcile(); // the reconciler credits it
    const mails = await receiptsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`Transaction ID: ${transactionId}`);
    expect(mails[0]?.text).toContain("Days added: 7 days");
  });

  it("should be written in Russian for a checkout in Russian", async () => {
    const user = await newUser();
    const { transactionId, trackerId } = await startPayment(user, { planId: 3, language: "ru" });
    await settleInvoice(app, trackerId, "SUCCESS");
    const mails = await receiptsTo(user.email);
    expect(mails).toHaveLength(1);
    const text = mails[0]?.text ?? "";
    expect(mails[0]?.subject).toBe("Чек об оплате Veil");
    expect(text).toContain("Тариф: 6 месяцев");
    expect(text).toContain("Добавлено дней: 180 дней");
    expect(text).toContain("Сумма: $25.00");
    expect(text).toContain(`ID транзакции: ${transactionId}`);
    expect(mails[0]?.html).toContain('<html lang="ru">');
  });

  it("should use the account's language when the checkout did not say (a ru user)", async () => {
    const user = await newUser();
    await app.db.query("UPDATE users SET language = 'ru' WHERE id = $1", [user.id]);
    const { trackerId } = await startPayment(user);
    await settleInvoice(app, trackerId, "SUCCESS");
    const mails = await receiptsTo(user.email);
    expect(mails.map((m) => m.subject)).toEqual(["Чек об оплате Veil"]);
  });

  it("should not be mailed for a rejected payment", async () => {
    const user = await newUser();
    const { trackerId } = await startPayment(user);
    await settleInvoice(app, trackerId, "EXPIRED");
    expect(await receiptsTo(user.email)).toEqual([]);
  });

  it("should be mailed exactly once when callbacks, replays and reconciler passes race", async () => {
    const user = await newUser();
    const { trackerId } = await startPayment(user);
    await simulatorSwitches(app, { callbacks: false });
    await settleInvoice(app, trackerId, "SUCCESS");
    const statuses = await Promise.all([
      ...Array.from({ length: 20 }, () => postCallback(trackerId).then((r) => r.status)),
      payments().reconcile(),
      payments().reconcile(),
    ]);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(await postCallback(trackerId).then((r) => r.status)).toBe(200); // a replay later
    await app.services.mail.flush();
    expect(await receiptsTo(user.email)).toHaveLength(1);
  });
});
