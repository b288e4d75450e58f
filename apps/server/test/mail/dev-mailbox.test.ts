import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromAcceptLanguage, pickLanguage, renderMail } from "../../src/mail/index.js";
import { retryDelaySeconds } from "../../src/mail/outbox.js";
import { authClient } from "../helpers/auth-client.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

describe("given the dev mailbox (MAIL_TRANSPORT=dev)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
    const auth = authClient(app);
    await auth.post("/signup", { email: "first@example.com", password: "violet-harbour-lantern" });
    app.clock.advance({ seconds: 1 });
    await auth.post("/signup", {
      email: "second@example.com",
      password: "violet-harbour-lantern",
      data: { lang: "ru" },
    });
    app.clock.advance({ seconds: 30 });
    await auth.post("/resend", { email: "first@example.com", type: "signup" });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("should list messages as JSON, newest first, with id, to, subject, text, html, headers and sentAt", async () => {
    const res = await fetch(`${app.url}/dev/mailbox/messages`);
    expect(res.status).toBe(200);
    const list = (await res.json()) as Array<Record<string, string>>;
    expect(list.map((m) => m.to)).toEqual(["first@example.com", "second@example.com", "first@example.com"]);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(["headers", "html", "id", "sentAt", "subject", "text", "to"]);
    expect(list[0]?.sentAt).toBe(app.clock.now().toISOString());
    expect(list[1]?.subject).toBe("Код подтверждения Veil");
  });

  it("should filter by recipient, case-insensitively", async () => {
    const res = await fetch(`${app.url}/dev/mailbox/messages?to=FIRST@example.com`);
    const list = (await res.json()) as Array<{ to: string; text: string }>;
    expect(list).toHaveLength(2);
    expect(list.every((m) => m.to === "first@example.com")).toBe(true);
  });

  it("should show an HTML page listing the messages, newest first", async () => {
    const res = await fetch(`${app.url}/dev/mailbox`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain("<h1>Dev mailbox</h1>");
    expect(html.indexOf("Код подтверждения Veil")).toBeGreaterThan(html.indexOf("Your Veil confirmation code"));
  });
});

describe("given delivered mail older than the retention period", () => {
  it("should delete it after 30 days, and never delete mail still waiting to go out", async () => {
    const failing = { kind: "custom" as const, send: async () => Promise.reject(new Error("down")) };
    const app = await startTestApp({ mailTransport: failing });
    try {
      const auth = authClient(app);
      await auth.post("/signup", { email: "kept@example.com", password: "violet-harbour-lantern" });
      await app.db.query(
        `INSERT INTO mail_outbox (id, to_address, subject, text_body, html_body, template, language, status, next_attempt_at, created_at, sent_at)
         VALUES (gen_random_uuid(), 'old@example.com', 's', 't', 'h', 'x', 'en', 'sent', $1, $1, $1)`,
        [app.clock.now()],
      );
      app.clock.advance({ hours: 24 * 30 + 1 });
      await app.services.mail.flush();
      expect(await app.mailbox("old@example.com")).toHaveLength(0);
      expect(await app.mailbox("kept@example.com")).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});

describe("given the mail language and templates", () => {
  it("should pick the best supported language from Accept-Language, honouring q-values", () => {
    expect(fromAcceptLanguage("ru-RU,ru;q=0.9,en-US;q=0.8")).toBe("ru");
    expect(fromAcceptLanguage("de-DE,de;q=0.9,en;q=0.5,ru;q=0.4")).toBe("en");
    expect(fromAcceptLanguage("en;q=0.2,ru;q=0.9")).toBe("ru");
    expect(fromAcceptLanguage("ru;q=0,fr")).toBeNull();
    expect(fromAcceptLanguage(undefined)).toBeNull();
  });

  it("should prefer an explicit choice, then fall back to English", () => {
    expect(pickLanguage("ru", "en")).toBe("ru");
    expect(pickLanguage(undefined, "RU-ru")).toBe("ru");
    expect(pickLanguage("de", null)).toBe("en");
  });

  it("should render both templates in both languages with the code in text and HTML", () => {
    for (const template of ["signup_code", "recovery_code"] as const) {
      for (const language of ["en", "ru"] as const) {
        const mail = renderMail(template, language, {
          code: "042917",
          minutes: 10,
          siteUrl: "https://veil.example",
        });
        expect(mail.text).toContain("042917");
        expect(mail.html).toContain("042917");
        expect(mail.text).toContain("10");
        expect(mail.html).toContain(`lang="${language}"`);
        expect(mail.subject.length).toBeGreaterThan(5);
      }
    }
    const en = renderMail("signup_code", "en", { code: "1", minutes: 10, siteUrl: "x" }).subject;
    const ru = renderMail("signup_code", "ru", { code: "1", minutes: 10, siteUrl: "x" }).subject;
    expect(en).not.toBe(ru);
  });

  it("should render the password-changed notice in both languages, text and HTML", () => {
    const en = renderMail("password_changed", "en", { siteUrl: "https://veil.example" });
    const ru = renderMail("password_changed", "ru", { siteUrl: "https://veil.example" });
    expect(en.subject).toBe("Your Veil password was changed");
    expect(ru.subject).toBe("Пароль Veil изменён");
    expect(en.text).toMatch(/If you did not, reset your password/);
    expect(ru.html).toMatch(/<html lang="ru">/);
    expect(en.html).toContain("https://veil.example");
  });

  it("should escape values placed in the HTML", () => {
    const mail = renderMail("signup_code", "en", { code: "<b>1</b>", minutes: 10, siteUrl: 'https://x/"onload' });
    expect(mail.html).not.toContain("<b>1</b>");
    expect(mail.html).toContain("&lt;b&gt;1&lt;/b&gt;");
    expect(mail.html).not.toContain('"onload');
  });

  it("should back off retries from 10 s, doubling, to at most an hour", () => {
    expect([1, 2, 3, 4, 10, 20].map(retryDelaySeconds)).toEqual([10, 20, 40, 80, 3600, 3600]);
  });
});
