import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createUser, profileUrl, settleInvoice, type TestUser } from "../helpers/product.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Renewal reminders (docs/product.md §11.3): 3 days before a subscription ends and when it ends,
 * one mail each per subscription period, in the customer's language, linking to /payment with the
 * same plan; never twice, whatever the clock, the passes or the restarts do.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { RECONCILE_INTERVAL_SECONDS: "0" } });
}, 60_000);
afterAll(async () => app?.close());

const DAY = 86_400;
const pass = () => app.services.reminders.runPass();
const remindersTo = async (to: string) => (await app.mailbox(to)).filter((m) => m.headers["List-Unsubscribe"]);

async function customer(): Promise<TestUser> {
  const user = await createUser(app);
  await api(app, "POST", "/user/web/register", { user, body: { email: user.email } });
  return user;
}

/** Buys a plan through init, invoice and the simulator's SUCCESS, from a page in `language`. */
async function buy(user: TestUser, planId = 1, language = "en"): Promise<Date> {
  const plan = ((await api(app, "GET", "/plans/")).body as { id: number; price: number }[]).find(
    (p) => p.id === planId,
  ) as { id: number; price: number };
  const init = await api(app, "POST", "/payment/web/init", {
    user,
    body: { plan_id: plan.id, amount: plan.price, currency: "USD", payment_method: "USDTTRC" },
    headers: { "Accept-Language": language },
  });
  expect(init.status).toBe(200);
  const invoice = await api(app, "POST", "/exnode/invoice", {
    user,
    body: {
      token: "USDTTRC",
      amount: plan.price,
      fiat_currency: "USD",
      client_transaction_id: init.body.transaction_id,
      redirect_url: profileUrl(app),
      payform: true,
    },
  });
  expect(invoice.status).toBe(200);
  await settleInvoice(app, decodeURIComponent(String(invoice.body.payment_url).split("/pay/")[1] ?? ""), "SUCCESS");
  return endOf(user);
}

async function endOf(user: TestUser): Promise<Date> {
  const { rows } = await app.db.query<{ ends_at: Date }>("SELECT ends_at FROM subscriptions WHERE customer_id = $1", [
    user.id,
  ]);
  return new Date(rows[0]?.ends_at ?? 0);
}

const at = (end: Date, offsetSeconds: number) => app.clock.set(end.getTime() + offsetSeconds * 1000);

describe("renewal reminders", () => {
  it("should mail once, 3 days before the end, in English with the plan preselected and one-click unsubscribe", async () => {
    const user = await customer();
    const end = await buy(user, 2);
    at(end, -3 * DAY - 60);
    await pass();
    expect(await remindersTo(user.email)).toHaveLength(0);

    at(end, -3 * DAY + 60);
    await pass();
    const [mail, ...more] = await remindersTo(user.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toMatch(/^Your Veil subscription ends on \d+ \w+ \d{4}/);
    expect(mail?.text).toContain("(1 Month)");
    expect(mail?.text).toContain(`${app.config.SITE_URL}/payment?planId=2`);
    expect(mail?.html).toContain(`href="${app.config.SITE_URL}/payment?planId=2"`);
    expect(mail?.text).toMatch(new RegExp(`${app.config.SITE_URL}/unsubscribe\\?token=[\\w.%-]+`));
    expect(mail?.headers["List-Unsubscribe"]).toMatch(
      new RegExp(`^<${app.config.SITE_URL}/api/reminders/unsubscribe\\?token=[\\w.%-]+>$`),
    );
    expect(mail?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    // Later passes inside the same window, and up to the last minute, mail nothing more.
    for (const offset of [-2 * DAY, -DAY, -60]) {
      at(end, offset);
      await pass();
      await pass();
    }
    expect(await remindersTo(user.email)).toHaveLength(1);
  });

  it("should mail once when the subscription ends, and not at all a day or more after it", async () => {
    const user = await customer();
    const end = await buy(user, 1);
    at(end, -3 * DAY + 1);
    await pass();
    at(end, 0);
    await pass();
    await pass();
    const mails = await remindersTo(user.email);
    expect(mails.map((m) => m.subject)).toEqual(["Your Veil subscription has ended", expect.stringMatching(/ends on/)]);
    expect(mails[0]?.text).toContain("(1 Week) ended on");
    expect(mails[0]?.text).toContain(`${app.config.SITE_URL}/payment?planId=1`);
    at(end, DAY / 2);
    await pass();
    expect(await remindersTo(user.email)).toHaveLength(2);

    // Down for more than a day over the end: the stale "ended" mail is not sent late.
    const late = await customer();
    const lateEnd = await buy(late, 1);
    at(lateEnd, DAY + 60);
    await pass();
    expect(await remindersTo(late.email)).toHaveLength(0);
  });

  it("should write in Russian for a customer who paid from the Russian page", async () => {
    const user = await customer();
    const end = await buy(user, 3, "ru");
    at(end, -2 * DAY);
    await pass();
    at(end, 60);
    await pass();
    const [ended, soon] = await remindersTo(user.email);
    expect(soon?.subject).toMatch(/^Подписка Veil закончится \d+ [а-я]+ \d{4}/);
    expect(soon?.text).toContain("тариф «6 месяцев»");
    expect(soon?.text).toContain("Отписаться:");
    expect(ended?.subject).toBe("Подписка Veil закончилась");
    expect(ended?.html).toContain('<html lang="ru">');
    expect(ended?.text).toContain(`${app.config.SITE_URL}/payment?planId=3`);
  });

  it("should remind of each new period once, after a renewal, and never of the renewed period's old end", async () => {
    const user = await customer();
    const first = await buy(user, 1);
    at(first, -DAY);
    await pass();
    expect(await remindersTo(user.email)).toHaveLength(1);
    // Renewed before the end: the old end never comes, the new one gets its own reminders.
    const second = await buy(user, 2);
    expect(second.getTime()).toBe(first.getTime() + 30 * DAY * 1000);
    at(first, 60);
    await pass();
    expect(await remindersTo(user.email)).toHaveLength(1);
    // Each mail is read as it arrives: by the end, the first reminder is past the outbox's 30-day
    // retention of delivered mail and may already have been purged.
    const newest = async () => (await remindersTo(user.email))[0];
    const firstReminder = await newest();
    at(second, -DAY);
    await pass();
    const soon = await newest();
    expect(soon?.id).not.toBe(firstReminder?.id);
    expect(soon?.subject).toMatch(/ends on/);
    at(second, 60);
    await pass();
    const ended = await newest();
    expect(ended?.subject).toBe("Your Veil subscription has ended");
    expect(ended?.text).toContain("payment?planId=2");
    const { rows } = await app.db.query<{ kind: string; period_ends_at: Date }>(
      "SELECT kind, period_ends_at FROM renewal_reminders WHERE customer_id = $1 ORDER BY sent_at",
      [user.id],
    );
    expect(rows.map((r) => [r.kind, new Date(r.period_ends_at).getTime()])).toEqual([
      ["soon", first.getTime()],
      ["soon", second.getTime()],
      ["ended", second.getTime()],
    ]);
  });

  it("should not mail twice when the clock goes back and forward again, or after a restart", async () => {
    const user = await customer();
    const end = await buy(user, 1);
    at(end, -DAY);
    await pass();
    at(end, 10);
    await pass();
    expect(await remindersTo(user.email)).toHaveLength(2);

    // Clock moved backwards (an operator's correction, a test clock) and forward again.
    at(end, -2 * DAY);
    await pass();
    at(end, 20);
    await pass();
    expect(await remindersTo(user.email)).toHaveLength(2);

    // A second server on the same database (a restart): its start-up pass finds nothing new.
    const restarted = await startTestApp({ db: app.db, clock: app.clock });
    try {
      await restarted.services.reminders.runPass();
      at(end, -DAY);
      await restarted.services.reminders.runPass();
    } finally {
      await restarted.close();
    }
    expect(await remindersTo(user.email)).toHaveLength(2);
  });

  it("should send nothing to a blocked customer, and link to /payment without a plan after granted days only", async () => {
    const blocked = await customer();
    const end = await buy(blocked, 1);
    await app.db.query("UPDATE customers SET blocked = true WHERE id = $1", [blocked.id]);
    at(end, -DAY);
    await pass();
    expect(await remindersTo(blocked.email)).toHaveLength(0);

    const granted = await customer();
    const grantEnd = new Date(app.clock.now().getTime() + 2 * DAY * 1000);
    await app.db.query(
      "INSERT INTO subscriptions (customer_id, plan_id, ends_at, updated_at) VALUES ($1, NULL, $2, $3)",
      [granted.id, grantEnd, app.clock.now()],
    );
    await pass();
    const [mail] = await remindersTo(granted.email);
    expect(mail?.text).toContain(`Renew now: ${app.config.SITE_URL}/payment\n`);
    expect(mail?.text).not.toContain("(1 ");
  });
});
