import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { api, simulatorSwitches, uniqueEmail } from "../helpers/product.js";
import { ipSource, registerCustomer, startProductApiApp } from "../helpers/product-api-suite.js";
import type { TestApp } from "../helpers/test-app.js";

/** The product API: the contact form. */
let app: TestApp;
/** Each test gets its own client address (the test client is a trusted proxy), so per-IP limits do not leak. */
const fromNewIp = ipSource(106);

beforeAll(async () => {
  app = await startProductApiApp();
}, 60_000);
afterAll(async () => app?.close());
afterEach(async () => simulatorSwitches(app, { reset: true }));

const _registered = () => registerCustomer(app);

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
