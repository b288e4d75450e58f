import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../src/auth/passwords.js";
import { INVALID_LINK_DETAIL, signUnsubscribeToken, unsubscribeKey } from "../../src/reminders/index.js";
import { api, checkout, createUser, settleInvoice, type TestUser } from "../helpers/product.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * The signed unsubscribe link of reminder mail (docs/product.md §11.3): the page asks, a POST (the
 * page's button, or a mail client's RFC 8058 one-click) turns reminders off for good; forged,
 * edited or someone else's links are refused with a clear 400 and change nothing.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { RECONCILE_INTERVAL_SECONDS: "0" } });
}, 60_000);
afterAll(async () => app?.close());

const DAY_MS = 86_400_000;

async function subscriber(): Promise<{ user: TestUser; end: Date }> {
  const user = await createUser(app);
  await api(app, "POST", "/user/web/register", { user, body: { email: user.email } });
  const { trackerId } = await checkout(app, user, 1);
  await settleInvoice(app, trackerId, "SUCCESS");
  const { rows } = await app.db.query<{ ends_at: Date }>("SELECT ends_at FROM subscriptions WHERE customer_id = $1", [
    user.id,
  ]);
  return { user, end: new Date(rows[0]?.ends_at ?? 0) };
}

/** The token of the newest reminder to `to`, read from its List-Unsubscribe header as a mail client would. */
async function tokenFromMail(to: string): Promise<string> {
  const mail = (await app.mailbox(to)).find((m) => m.headers["List-Unsubscribe"]);
  const url = new URL(mail?.headers["List-Unsubscribe"]?.slice(1, -1) ?? "http://x/");
  return url.searchParams.get("token") ?? "";
}

const reminders = async (to: string) => (await app.mailbox(to)).filter((m) => m.headers["List-Unsubscribe"]).length;
const optedOut = async (id: string) =>
  (await app.db.query("SELECT 1 FROM renewal_reminder_optouts WHERE customer_id = $1", [id])).rows.length === 1;

describe("unsubscribe from renewal reminders", () => {
  it("should turn reminders off with the mail's one-click POST, idempotently, and mail no more", async () => {
    const { user, end } = await subscriber();
    app.clock.set(end.getTime() - DAY_MS);
    await app.services.reminders.runPass();
    expect(await reminders(user.email)).toBe(1);
    const token = await tokenFromMail(user.email);

    const status = await api(app, "GET", `/reminders/status?token=${encodeURIComponent(token)}`);
    expect(status).toMatchObject({ status: 200, body: { unsubscribed: false } });

    // RFC 8058: the mail client posts this exact form body to the List-Unsubscribe address.
    const oneClick = await api(app, "POST", `/reminders/unsubscribe?token=${encodeURIComponent(token)}`, {
      rawBody: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(oneClick).toMatchObject({ status: 200, body: { unsubscribed: true } });
    expect(await optedOut(user.id)).toBe(true);
    // Replayed (a second click, a forwarded mail): the same answer, nothing else changes.
    const replay = await api(app, "POST", `/reminders/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(replay).toMatchObject({ status: 200, body: { unsubscribed: true } });
    expect((await api(app, "GET", `/reminders/status?token=${encodeURIComponent(token)}`)).body).toEqual({
      unsubscribed: true,
    });

    app.clock.set(end.getTime() + 60_000);
    await app.services.reminders.runPass();
    expect(await reminders(user.email)).toBe(1);
  });

  it("should send a browser that opens the List-Unsubscribe address to the page, changing nothing", async () => {
    const { user } = await subscriber();
    const token = signUnsubscribeToken(unsubscribeKey(app.config), user.id);
    const res = await fetch(`${app.url}/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`, {
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await optedOut(user.id)).toBe(false);
  });

  it("should refuse forged, edited, cut and someone else's links with a clear 400 and change nothing", async () => {
    const { user: victim } = await subscriber();
    const { user: attacker } = await subscriber();
    const key = unsubscribeKey(app.config);
    const own = signUnsubscribeToken(key, attacker.id);
    const [, ownMac = ""] = own.split(".");
    const victimId = Buffer.from(victim.id).toString("base64url");
    const flip = (s: string) => (s[0] === "A" ? "B" : "A") + s.slice(1);
    // The last character of a 32-byte signature carries 2 bits a base64 decoder ignores.
    const lastChar = ownMac.slice(-1);
    const sameBytes = `${ownMac.slice(0, -1)}${String.fromCharCode(lastChar.charCodeAt(0) + 1)}`;
    const forged = [
      `${victimId}.${ownMac}`, // the attacker's signature on the victim's id
      `${victimId}.${flip(ownMac)}`,
      `${Buffer.from(attacker.id).toString("base64url")}.${sameBytes}`, // edited, though it decodes the same
      signUnsubscribeToken("some-other-key-of-enough-length", victim.id), // signed with another key
      `${victimId}.`,
      victimId,
      own.slice(0, -4), // cut
      `${own}.extra`,
      `${own}=`,
      "",
      "not a token",
      "%E0%A4%A",
      "x".repeat(5000),
    ];
    for (const token of forged) {
      for (const [method, path] of [
        ["POST", "/reminders/unsubscribe"],
        ["GET", "/reminders/status"],
      ] as const) {
        const res = await api(app, method, `${path}?token=${encodeURIComponent(token)}`);
        expect(res.status, `${method} ${path} with ${token.slice(0, 40)}`).toBe(400);
        expect(res.body).toEqual({ detail: INVALID_LINK_DETAIL, code: "invalid_link" });
      }
    }
    expect((await api(app, "POST", "/reminders/unsubscribe")).status).toBe(400);
    expect(await optedOut(victim.id)).toBe(false);
    expect(await optedOut(attacker.id)).toBe(false);
  });

  it("should forget the opt-out and the reminders sent when the account is deleted", async () => {
    const { user, end } = await subscriber();
    const password = "correct horse battery staple";
    await app.db.query("UPDATE users SET encrypted_password = $2 WHERE id = $1", [
      user.id,
      await hashPassword(password),
    ]);
    app.clock.set(end.getTime() - DAY_MS);
    await app.services.reminders.runPass();
    const token = signUnsubscribeToken(unsubscribeKey(app.config), user.id);
    expect((await api(app, "POST", `/reminders/unsubscribe?token=${token}`)).status).toBe(200);
    const count = async (table: string) =>
      (await app.db.query(`SELECT 1 FROM ${table} WHERE customer_id = $1`, [user.id])).rows.length;
    expect(await count("renewal_reminders")).toBe(1);
    expect(await count("renewal_reminder_optouts")).toBe(1);

    expect((await api(app, "POST", "/user/web/delete", { user, body: { password } })).status).toBe(200);
    expect(await count("renewal_reminders")).toBe(0);
    expect(await count("renewal_reminder_optouts")).toBe(0);
    // The old link of a deleted account says reminders are off (none will come) and stores nothing.
    expect((await api(app, "POST", `/reminders/unsubscribe?token=${token}`)).body).toEqual({ unsubscribed: true });
    expect((await api(app, "GET", `/reminders/status?token=${token}`)).body).toEqual({ unsubscribed: true });
    expect(await count("renewal_reminder_optouts")).toBe(0);
  });
});
