import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authClient } from "../helpers/auth-client.js";
import { type SmtpSink, startSmtpSink } from "../helpers/smtp-sink.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

describe("given mail going out through SMTP to a real server on loopback", () => {
  let sink: SmtpSink;
  let app: TestApp;
  let auth: ReturnType<typeof authClient>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await startTestApp({
      env: { MAIL_TRANSPORT: "smtp", SMTP_URL: sink.url, MAIL_FROM: "Veil <no-reply@veil.test>" },
    });
    auth = authClient(app);
  });
  afterAll(async () => {
    await app?.close();
    await sink?.close();
  });

  it("should deliver the sign-up code in Russian when the browser asks for Russian", async () => {
    const email = "ru-reader@example.com";
    await auth.post(
      "/signup",
      { email, password: "violet-harbour-lantern" },
      { headers: { "Accept-Language": "ru-RU,ru;q=0.9,en;q=0.8" } },
    );
    await app.services.mail.flush();
    const mail = sink.received.find((m) => m.to && JSON.stringify(m.to).includes(email));
    expect(mail?.subject).toBe("Код подтверждения Veil");
    expect(mail?.from?.value).toEqual([{ name: "Veil", address: "no-reply@veil.test" }]);
    expect(mail?.text).toMatch(/Введите этот код в Veil/);
    expect(mail?.text).toMatch(/\b\d{6}\b/);
    expect(mail?.html).toMatch(/<html lang="ru">/);
    expect(mail?.headers.get("content-language")).toBe("ru");
    const code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1];
    expect(mail?.html).toContain(code);
    // The code worked, and once delivered the outbox no longer holds it.
    expect((await auth.post("/verify", { email, token: code, type: "email" })).status).toBe(200);
    const { rows } = await app.db.query<{ text_body: string; status: string }>(
      "SELECT text_body, status FROM mail_outbox WHERE to_address = $1",
      [email],
    );
    expect(rows).toEqual([{ text_body: "", status: "sent" }]);
  });

  it("should deliver the recovery code in English by default", async () => {
    const email = "en-reader@example.com";
    await auth.post(
      "/signup",
      { email, password: "violet-harbour-lantern" },
      { headers: { "Accept-Language": "de-DE" } },
    );
    app.clock.advance({ seconds: 30 });
    await auth.post("/recover", { email }, { headers: { "Accept-Language": "fr" } });
    await app.services.mail.flush();
    const mails = sink.received.filter((m) => JSON.stringify(m.to).includes(email));
    expect(mails.map((m) => m.subject)).toEqual(["Your Veil confirmation code", "Your Veil password reset code"]);
    expect(mails[1]?.text).toMatch(/Enter this code in Veil to set a new password:/);
    expect(mails[1]?.html).toMatch(/<html lang="en">/);
  });

  it("should keep a message the SMTP server refused and deliver it on a later try", async () => {
    const email = "retry@example.com";
    sink.refuseNext(2);
    await auth.post("/signup", { email, password: "violet-harbour-lantern" });
    expect(await app.services.mail.flush()).toEqual({ sent: 0, failed: 1 });
    const pending = await app.db.query<{ status: string; attempts: number; last_error: string; next_attempt_at: Date }>(
      "SELECT status, attempts, last_error, next_attempt_at FROM mail_outbox WHERE to_address = $1",
      [email],
    );
    expect(pending.rows[0]).toMatchObject({ status: "pending", attempts: 1 });
    expect(pending.rows[0]?.last_error).toMatch(/451|temporarily/i);
    expect(pending.rows[0]?.next_attempt_at.getTime()).toBe(app.clock.now().getTime() + 10_000);
    // Not due yet: nothing is tried.
    expect(await app.services.mail.flush()).toEqual({ sent: 0, failed: 0 });
    app.clock.advance({ seconds: 10 });
    expect(await app.services.mail.flush()).toEqual({ sent: 0, failed: 1 });
    app.clock.advance({ seconds: 20 });
    expect(await app.services.mail.flush()).toEqual({ sent: 1, failed: 0 });
    expect(sink.received.filter((m) => JSON.stringify(m.to).includes(email))).toHaveLength(1);
  });

  it("should not serve the dev mailbox when mail goes through SMTP", async () => {
    const res = await fetch(`${app.url}/dev/mailbox/messages`);
    expect(res.headers.get("content-type") ?? "").not.toMatch(/application\/json/);
  });
});
