import {
  apiErrorSchema,
  invoiceReplySchema,
  PLAN_CATALOGUE,
  paymentInitReplySchema,
  paymentListSchema,
  planListSchema,
  statusSuccessSchema,
  subscriptionInfoSchema,
  tokenListSchema,
  userReplySchema,
} from "@veil/contracts";
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

let app: TestApp;
let ipCounter = 0;
/** Each test gets its own client address (the test client is a trusted proxy), so per-IP limits do not leak. */
const fromNewIp = () => ({ "X-Forwarded-For": `198.51.100.${++ipCounter}` });

beforeAll(async () => {
  // A month passes on the test clock with one session per user: session limits off (see session-expiry.test.ts).
  app = await startTestApp({
    env: {
      SUPPORT_EMAIL: "help@veil.test",
      AUTH_SESSION_TIMEBOX_SECONDS: "0",
      AUTH_SESSION_INACTIVITY_TIMEOUT_SECONDS: "0",
    },
  });
}, 60_000);
afterAll(async () => app?.close());
afterEach(async () => simulatorSwitches(app, { reset: true }));

async function registered(): Promise<TestUser> {
  const user = await createUser(app);
  const res = await api(app, "POST", "/user/web/register", { user, body: { email: user.email } });
  expect(res.status).toBe(200);
  return user;
}

describe("authentication of the product API", () => {
  it("should answer 401 with a detail when the bearer token is missing, forged or for a signed-out session", async () => {
    const none = await api(app, "GET", "/subscription/web/info");
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ detail: "Not authenticated" });
    expect(none.headers.get("www-authenticate")).toBe("Bearer");

    const forged = await api(app, "GET", "/subscription/web/info", { headers: { Authorization: "Bearer a.b.c" } });
    expect(forged.status).toBe(401);

    const user = await createUser(app);
    const token = await user.token();
    await app.db.query("DELETE FROM sessions WHERE user_id = $1", [user.id]);
    const signedOut = await api(app, "GET", "/payment/web/all", { headers: { Authorization: `Bearer ${token}` } });
    expect(signedOut.status).toBe(401);
  });

  it("should answer 403 'blocked' to a user banned at the auth server or blocked in the product", async () => {
    const banned = await registered();
    await app.db.query("UPDATE users SET banned_until = '2999-01-01' WHERE id = $1", [banned.id]);
    const res = await api(app, "GET", "/subscription/web/info", { user: banned });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: "Your account has been blocked" });

    const blocked = await registered();
    await app.db.query("UPDATE customers SET blocked = true WHERE id = $1", [blocked.id]);
    expect((await api(app, "GET", "/payment/web/all", { user: blocked })).status).toBe(403);
  });

  it("should give every answer a request id and forbid caching", async () => {
    const res = await api(app, "GET", "/plans/", { headers: { "X-Request-Id": "trace-123" } });
    expect(res.headers.get("x-request-id")).toBe("trace-123");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const generated = await api(app, "GET", "/plans/", { headers: { "X-Request-Id": "bad id with spaces" } });
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("should answer an unknown /api path with a JSON 404, never the web app", async () => {
    const res = await api(app, "GET", "/nope");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: "Not Found" });
  });
});

describe("POST /user/web/by-email", () => {
  it("should find a registered user, case-insensitively, and 404 an unknown one", async () => {
    const user = await registered();
    const found = await api(app, "POST", "/user/web/by-email", {
      body: { email: `  ${user.email.toUpperCase()} ` },
      headers: fromNewIp(),
    });
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ email: user.email });

    const missing = await api(app, "POST", "/user/web/by-email", {
      body: { email: uniqueEmail() },
      headers: fromNewIp(),
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: "User not found" });
  });

  it("should find a confirmed auth user whose product registration was lost", async () => {
    const user = await createUser(app); // never called register
    const res = await api(app, "POST", "/user/web/by-email", { body: { email: user.email }, headers: fromNewIp() });
    expect(res.status).toBe(200);
  });

  it("should answer 403 for a blocked account", async () => {
    const user = await registered();
    await app.db.query("UPDATE customers SET blocked = true WHERE id = $1", [user.id]);
    const res = await api(app, "POST", "/user/web/by-email", { body: { email: user.email }, headers: fromNewIp() });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: "Your account has been blocked" });
  });

  it("should answer 422 with FastAPI-style issues for an invalid body or invalid JSON", async () => {
    const invalid = await api(app, "POST", "/user/web/by-email", {
      body: { email: "not-an-email" },
      headers: fromNewIp(),
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.detail[0]).toMatchObject({ loc: ["body", "email"], type: expect.any(String) });
    const broken = await api(app, "POST", "/user/web/by-email", { rawBody: "{oops", headers: fromNewIp() });
    expect(broken.status).toBe(422);
    expect(broken.body.detail[0]).toMatchObject({ loc: ["body"], type: "json_invalid" });
    const extra = await api(app, "POST", "/user/web/by-email", {
      body: { email: "a@b.co", admin: true },
      headers: fromNewIp(),
    });
    expect(extra.status).toBe(422);
  });

  it("should rate-limit lookups per client IP, then allow them again in the next window", async () => {
    const headers = fromNewIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await api(app, "POST", "/user/web/by-email", { body: { email: uniqueEmail() }, headers })).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    const limited = await api(app, "POST", "/user/web/by-email", { body: { email: uniqueEmail() }, headers });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not affected.
    expect(
      (await api(app, "POST", "/user/web/by-email", { body: { email: uniqueEmail() }, headers: fromNewIp() })).status,
    ).toBe(404);
    app.clock.advance({ minutes: 5 });
    expect((await api(app, "POST", "/user/web/by-email", { body: { email: uniqueEmail() }, headers })).status).toBe(
      404,
    );
  });

  it("should take the lookup limit from RATE_LIMIT_ACCOUNT_LOOKUP_PER_5MIN", async () => {
    const strict = await startTestApp({ env: { RATE_LIMIT_ACCOUNT_LOOKUP_PER_5MIN: "3" } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await api(strict, "POST", "/user/web/by-email", { body: { email: uniqueEmail() } })).status);
      expect(statuses).toEqual([404, 404, 404, 429]);
    } finally {
      await strict.close();
    }
  });
});

describe("POST /user/web/register and /user/web/init-session", () => {
  it("should register idempotently", async () => {
    const user = await createUser(app);
    for (let i = 0; i < 2; i++) {
      const res = await api(app, "POST", "/user/web/register", { user, body: { email: user.email } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: "success", email: user.email });
    }
    const { rows } = await app.db.query("SELECT id FROM customers WHERE id = $1", [user.id]);
    expect(rows).toHaveLength(1);
  });

  it("should refuse an e-mail that is not the signed-in user's", async () => {
    const user = await createUser(app);
    const res = await api(app, "POST", "/user/web/register", { user, body: { email: uniqueEmail() } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/does not match/);
    const { rows } = await app.db.query("SELECT id FROM customers WHERE id = $1", [user.id]);
    expect(rows).toHaveLength(0);
  });

  it("should create the product account on session init when register was lost, and repeat harmlessly", async () => {
    const user = await createUser(app);
    for (let i = 0; i < 3; i++) {
      const res = await api(app, "POST", "/user/web/init-session", { user, body: { email: user.email } });
      expect(res.status).toBe(200);
    }
    const found = await api(app, "POST", "/user/web/by-email", { body: { email: user.email }, headers: fromNewIp() });
    expect(found.body).toEqual({ email: user.email });
  });

  it("should require a token", async () => {
    expect((await api(app, "POST", "/user/web/init-session", { body: { email: "a@b.co" } })).status).toBe(401);
  });
});

describe("GET /plans/ and GET /exnode/tokens", () => {
  it("should list the four plans seeded from the catalogue, with and without the trailing slash", async () => {
    const expected = PLAN_CATALOGUE.map((p) => ({ id: p.id, name: p.name, price: p.priceUsd, days: p.days }));
    expect((await api(app, "GET", "/plans/")).body).toEqual(expected);
    expect((await api(app, "GET", "/plans")).body).toEqual(expected);
  });

  it("should list the tokens the provider accepts now, labelled, known ones first", async () => {
    const res = await api(app, "GET", "/exnode/tokens");
    expect(res.status).toBe(200);
    expect(res.body[0]).toEqual({ code: "USDTTRC", label: "USDT TRC-20" });
    expect(res.body).toContainEqual({ code: "DOGSTON", label: "DOGE TON" });
    await simulatorSwitches(app, { refuse_tokens: ["NOT"] });
    const now = await api(app, "GET", "/exnode/tokens");
    expect(now.body.map((t: { code: string }) => t.code)).not.toContain("NOT");
  });

  it("should answer 502 when the provider is failing or sends garbage", async () => {
    await simulatorSwitches(app, { failure: "error" });
    const failing = await api(app, "GET", "/exnode/tokens");
    expect(failing.status).toBe(502);
    expect(typeof failing.body.detail).toBe("string");
    await simulatorSwitches(app, { failure: "garbage" });
    expect((await api(app, "GET", "/exnode/tokens")).status).toBe(502);
  });
});

describe("POST /payment/web/init", () => {
  const init = (user: TestUser | undefined, body: Record<string, unknown>) =>
    api(app, "POST", "/payment/web/init", { ...(user ? { user } : {}), body });

  it("should create a pending payment owned by the caller", async () => {
    const user = await registered();
    const res = await init(user, { plan_id: 3, amount: 25, currency: "USD", payment_method: "USDTTON" });
    expect(res.status).toBe(200);
    expect(res.body.transaction_id).toMatch(/^[0-9a-f-]{36}$/);
    const history = await api(app, "GET", "/payment/web/all", { user });
    expect(history.body).toEqual([
      { date: app.clock.now().toISOString(), amount: 25, method: "USDTTON", status: "pending" },
    ]);
  });

  it("should create the customer when register and session init were both lost", async () => {
    const user = await createUser(app);
    const res = await init(user, { plan_id: 1, amount: 2, currency: "USD", payment_method: "USDTTRC" });
    expect(res.status).toBe(200);
  });

  it("should refuse a tampered amount (400), an unknown plan (404) and a non-USD currency (422)", async () => {
    const user = await registered();
    const cheap = await init(user, { plan_id: 4, amount: 2, currency: "USD", payment_method: "USDTTRC" });
    expect(cheap.status).toBe(400);
    expect(cheap.body).toEqual({ detail: "The amount does not match the plan's price" });
    const almost = await init(user, { plan_id: 4, amount: 44.99, currency: "USD", payment_method: "USDTTRC" });
    expect(almost.status).toBe(400);
    const noPlan = await init(user, { plan_id: 99, amount: 45, currency: "USD", payment_method: "USDTTRC" });
    expect(noPlan.status).toBe(404);
    const euro = await init(user, { plan_id: 4, amount: 45, currency: "EUR", payment_method: "USDTTRC" });
    expect(euro.status).toBe(422);
    const history = await api(app, "GET", "/payment/web/all", { user });
    expect(history.body).toEqual([]);
  });

  it("should answer 402 for a token the provider does not offer now, and 502 when it is down", async () => {
    const user = await registered();
    await simulatorSwitches(app, { refuse_tokens: ["USDTTRC"] });
    const refused = await init(user, { plan_id: 2, amount: 5, currency: "USD", payment_method: "USDTTRC" });
    expect(refused.status).toBe(402);
    await simulatorSwitches(app, { reset: true, failure: "error" });
    const down = await init(user, { plan_id: 2, amount: 5, currency: "USD", payment_method: "USDTTRC" });
    expect(down.status).toBe(502);
    expect((await api(app, "GET", "/payment/web/all", { user })).body).toEqual([]);
  });

  it("should require a token", async () => {
    expect((await init(undefined, { plan_id: 2, amount: 5, currency: "USD", payment_method: "USDTTRC" })).status).toBe(
      401,
    );
  });
});

describe("POST /exnode/invoice", () => {
  async function started(user: TestUser, planId = 2, token = "USDTTRC") {
    const plan = PLAN_CATALOGUE.find((p) => p.id === planId);
    const res = await api(app, "POST", "/payment/web/init", {
      user,
      body: { plan_id: planId, amount: plan?.priceUsd, currency: "USD", payment_method: token },
    });
    return { id: res.body.transaction_id as string, amount: plan?.priceUsd as number, token };
  }
  const invoice = (
    user: TestUser,
    tx: { id: string; amount: number; token: string },
    over: Record<string, unknown> = {},
  ) =>
    api(app, "POST", "/exnode/invoice", {
      user,
      body: {
        token: tx.token,
        amount: tx.amount,
        fiat_currency: "USD",
        client_transaction_id: tx.id,
        redirect_url: profileUrl(app),
        payform: true,
        ...over,
      },
    });

  it("should return the provider's pay page, and the same one when asked again", async () => {
    const user = await registered();
    const tx = await started(user);
    const first = await invoice(user, tx);
    expect(first.status).toBe(200);
    expect(first.body.payment_url).toMatch(/\/sim\/exnode\/pay\/sim_[0-9a-f]+$/);
    const again = await invoice(user, tx);
    expect(again.body.payment_url).toBe(first.body.payment_url);
  });

  it("should answer 404 for someone else's transaction, exactly as for a missing one", async () => {
    const owner = await registered();
    const thief = await registered();
    const tx = await started(owner);
    const stolen = await invoice(thief, tx);
    expect(stolen.status).toBe(404);
    expect(stolen.body).toEqual({ detail: "Transaction not found" });
    const missing = await invoice(thief, { ...tx, id: "00000000-0000-4000-8000-000000000000" });
    expect(missing.body).toEqual(stolen.body);
  });

  it("should refuse an amount, token or currency that differs from the started payment", async () => {
    const user = await registered();
    const tx = await started(user, 4);
    expect((await invoice(user, tx, { amount: 2 })).status).toBe(400);
    expect((await invoice(user, tx, { token: "USDTTON" })).status).toBe(400);
    expect((await invoice(user, tx, { fiat_currency: "RUB" })).status).toBe(422);
    expect((await invoice(user, tx, { payform: false })).status).toBe(422);
  });

  it("should refuse a redirect_url outside our own origin (no open redirect)", async () => {
    const user = await registered();
    const tx = await started(user);
    for (const url of ["https://evil.example/account/profile", "javascript:alert(1)", `${app.url}.evil.example/x`]) {
      const res = await invoice(user, tx, { redirect_url: url });
      expect([400, 422]).toContain(res.status);
    }
    expect((await invoice(user, tx)).status).toBe(200);
  });

  it("should answer 402 with the provider's detail when it refuses the token or the amount", async () => {
    const user = await registered();
    const tx = await started(user);
    await simulatorSwitches(app, { refuse_tokens: ["USDTTRC"] });
    const token = await invoice(user, tx);
    expect(token.status).toBe(402);
    expect(token.body.detail).toMatch(/not available/);
    await simulatorSwitches(app, { reset: true, min_amount: 10 });
    const low = await invoice(user, tx);
    expect(low.status).toBe(402);
    expect(low.body.detail).toMatch(/too low/);
  });

  it("should answer 502 when the provider fails, lose nothing, and succeed on retry", async () => {
    const user = await registered();
    const tx = await started(user);
    await simulatorSwitches(app, { failure: "error" });
    expect((await invoice(user, tx)).status).toBe(502);
    await simulatorSwitches(app, { reset: true });
    const ok = await invoice(user, tx);
    expect(ok.status).toBe(200);
    const history = await api(app, "GET", "/payment/web/all", { user });
    expect(history.body).toHaveLength(1);
    expect(history.body[0].status).toBe("pending");
  });

  it("should answer 409 once the payment is closed", async () => {
    const user = await registered();
    const tx = await started(user);
    const first = await invoice(user, tx);
    const trackerId = first.body.payment_url.split("/").pop();
    await settleInvoice(app, trackerId, "EXPIRED");
    const res = await invoice(user, tx);
    expect(res.status).toBe(409);
  });
});

describe("paying through the simulator's hosted page", () => {
  it("should show the invoice in English and Russian with Pay and Cancel", async () => {
    const user = await registered();
    const { paymentUrl } = await checkout(app, user);
    const en = await (await fetch(paymentUrl)).text();
    expect(en).toContain('<html lang="en">');
    expect(en).toContain(">Pay</button>");
    expect(en).toContain(">Cancel</button>");
    const ru = await (await fetch(`${paymentUrl}?lang=ru`)).text();
    expect(ru).toContain('<html lang="ru">');
    expect(ru).toContain(">Оплатить</button>");
    expect(ru).toContain(">Отменить</button>");
    const byHeader = await (await fetch(paymentUrl, { headers: { "Accept-Language": "ru-RU,ru;q=0.9" } })).text();
    expect(byHeader).toContain('<html lang="ru">');
  });

  it("Pay should settle the invoice, call us back and send the browser to redirect_url", async () => {
    const user = await registered();
    const { paymentUrl } = await checkout(app, user, 1);
    const res = await fetch(paymentUrl, {
      method: "POST",
      body: new URLSearchParams({ action: "pay", lang: "en" }),
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(profileUrl(app));
    const info = await api(app, "GET", "/subscription/web/info", { user });
    expect(info.body).toEqual({ is_active: true, plan_name: "1 Week", days_left: 7 });
    const history = await api(app, "GET", "/payment/web/all", { user });
    expect(history.body[0]).toMatchObject({ amount: 2, method: "USDTTRC", status: "success" });
  });

  it("Cancel should reject the payment and credit nothing", async () => {
    const user = await registered();
    const { paymentUrl } = await checkout(app, user);
    const res = await fetch(paymentUrl, {
      method: "POST",
      body: new URLSearchParams({ action: "cancel", lang: "ru" }),
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    expect((await api(app, "GET", "/payment/web/all", { user })).body[0].status).toBe("rejected");
    expect((await api(app, "GET", "/subscription/web/info", { user })).body).toEqual({
      is_active: false,
      plan_name: null,
      days_left: 0,
    });
  });
});

describe("GET /subscription/web/info", () => {
  it("should count whole days left rounded up, never 0 while time remains, then read inactive", async () => {
    const user = await registered();
    const { trackerId } = await checkout(app, user); // 30 days
    await settleInvoice(app, trackerId, "SUCCESS");
    const info = async () => (await api(app, "GET", "/subscription/web/info", { user })).body;
    expect(await info()).toEqual({ is_active: true, plan_name: "1 Month", days_left: 30 });
    app.clock.advance({ hours: 1 });
    expect((await info()).days_left).toBe(30);
    app.clock.advance({ hours: 29 * 24 - 2 }); // 25 hours left
    expect((await info()).days_left).toBe(2);
    app.clock.advance({ hours: 24 }); // one hour left
    expect((await info()).days_left).toBe(1);
    app.clock.advance({ ms: 3_600_000 - 1000 }); // one second left
    expect(await info()).toEqual({ is_active: true, plan_name: "1 Month", days_left: 1 });
    app.clock.advance({ seconds: 1 });
    expect(await info()).toEqual({ is_active: false, plan_name: "1 Month", days_left: 0 });
  });
});

describe("GET /payment/web/all", () => {
  it("should list only the caller's payments, newest first, bounded", async () => {
    const user = await registered();
    const other = await registered();
    await checkout(app, other);
    for (const plan of [1, 2, 3]) {
      await checkout(app, user, plan);
      app.clock.advance({ minutes: 1 });
    }
    const res = await api(app, "GET", "/payment/web/all", { user });
    expect(res.body.map((p: { amount: number }) => p.amount)).toEqual([25, 5, 2]);
    for (const row of res.body)
      expect(row).toEqual({
        date: expect.any(String),
        amount: expect.any(Number),
        method: "USDTTRC",
        status: "pending",
      });

    const now = app.clock.now();
    for (let i = 0; i < 105; i++) {
      await app.db.query(
        `INSERT INTO payments (id, customer_id, plan_id, amount_cents, currency, token, status, provider, created_at, updated_at)
         VALUES (gen_random_uuid()::text, $1, 1, 200, 'USD', 'NOT', 'rejected', 'test', $2, $2)`,
        [user.id, new Date(now.getTime() - (i + 10) * 60_000)],
      );
    }
    const bounded = await api(app, "GET", "/payment/web/all", { user });
    expect(bounded.body).toHaveLength(100);
    expect(bounded.body[0].amount).toBe(25);
  });
});

describe("POST /contact/web/send", () => {
  it("should store the message and mail it to SUPPORT_EMAIL", async () => {
    const email = uniqueEmail("contact");
    const res = await api(app, "POST", "/contact/web/send", {
      body: { name: "Ann <b>", email, message: "Hello,\nmy VPN does not connect." },
      headers: fromNewIp(),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "success" });
    const { rows } = await app.db.query<{ name: string }>("SELECT name FROM contact_messages WHERE email = $1", [
      email,
    ]);
    expect(rows).toEqual([{ name: "Ann <b>" }]);
    await app.services.mail.flush();
    const [mail] = await app.mailbox("help@veil.test");
    expect(mail?.text).toContain(email);
    expect(mail?.text).toContain("my VPN does not connect.");
  });

  it("should validate and bound the fields (422)", async () => {
    const headers = fromNewIp();
    const tooLong = await api(app, "POST", "/contact/web/send", {
      body: { name: "A", email: "a@b.co", message: "x".repeat(5001) },
      headers,
    });
    expect(tooLong.status).toBe(422);
    const blank = await api(app, "POST", "/contact/web/send", {
      body: { name: "  ", email: "a@b.co", message: "hi" },
      headers,
    });
    expect(blank.status).toBe(422);
    expect(blank.body.detail[0].loc).toEqual(["body", "name"]);
    const badEmail = await api(app, "POST", "/contact/web/send", {
      body: { name: "A", email: "nope", message: "hi" },
      headers,
    });
    expect(badEmail.status).toBe(422);
  });

  it("should rate-limit messages per IP", async () => {
    const headers = fromNewIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (
          await api(app, "POST", "/contact/web/send", {
            body: { name: "A", email: uniqueEmail(), message: `m${i}` },
            headers,
          })
        ).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe("POST /exnode/callback/<secret>", () => {
  it("should answer 404 for a wrong secret and 422 without a tracker id", async () => {
    const wrong = await api(app, "POST", "/exnode/callback/not-the-secret-at-all", { body: { tracker_id: "x" } });
    expect(wrong.status).toBe(404);
    const secret = app.config.EXNODE_CALLBACK_SECRET;
    const empty = await api(app, "POST", `/exnode/callback/${secret}`, { body: {} });
    expect(empty.status).toBe(422);
  });

  it("should ignore a callback about an invoice the provider does not know", async () => {
    const secret = app.config.EXNODE_CALLBACK_SECRET;
    const res = await api(app, "POST", `/exnode/callback/${secret}`, { body: { tracker_id: "sim_doesnotexist" } });
    expect(res.status).toBe(200);
  });
});

describe("replies as @veil/contracts describes them (what the web app parses)", () => {
  it("should match every reply and error schema", async () => {
    const user = await registered();
    planListSchema.parse((await api(app, "GET", "/plans/")).body);
    tokenListSchema.parse((await api(app, "GET", "/exnode/tokens")).body);
    userReplySchema.parse(
      (await api(app, "POST", "/user/web/by-email", { body: { email: user.email }, headers: fromNewIp() })).body,
    );
    const init = await api(app, "POST", "/payment/web/init", {
      user,
      body: { plan_id: 1, amount: 2, currency: "USD", payment_method: "USDTTRC" },
    });
    paymentInitReplySchema.parse(init.body);
    const invoice = await api(app, "POST", "/exnode/invoice", {
      user,
      body: {
        token: "USDTTRC",
        amount: 2,
        fiat_currency: "USD",
        client_transaction_id: init.body.transaction_id,
        redirect_url: profileUrl(app),
        payform: true,
      },
    });
    invoiceReplySchema.parse(invoice.body);
    await settleInvoice(app, invoice.body.payment_url.split("/").pop(), "SUCCESS");
    subscriptionInfoSchema.parse((await api(app, "GET", "/subscription/web/info", { user })).body);
    expect(paymentListSchema.parse((await api(app, "GET", "/payment/web/all", { user })).body)).toHaveLength(1);
    statusSuccessSchema.parse(
      (
        await api(app, "POST", "/contact/web/send", {
          body: { name: "A", email: "a@example.com", message: "hi" },
          headers: fromNewIp(),
        })
      ).body,
    );
    apiErrorSchema.parse((await api(app, "GET", "/subscription/web/info")).body);
    apiErrorSchema.parse((await api(app, "POST", "/user/web/by-email", { body: {}, headers: fromNewIp() })).body);
  });
});
