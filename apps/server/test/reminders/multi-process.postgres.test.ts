import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpSink, startSmtpSink } from "../helpers/smtp-sink.js";
import { type BuiltServer, queryUrl, type ScratchDatabase, scratchDatabase, startBuilt } from "../ops/built-server.js";
import { waitFor } from "../ops/clients.js";

/**
 * Renewal reminders with several processes on one Postgres (docs/product.md §11.3,
 * docs/operations.md §3): two BUILT servers on one fresh database, each running its reminder pass
 * every second and again on every clock move, mail through a real SMTP server. However their passes
 * interleave, whichever is restarted and wherever the clock goes, each customer gets each reminder
 * of a period exactly once.
 */
const START = "2026-05-01T12:00:00.000Z";
const CUSTOMERS = 120;
const DAY = 86_400;

let db: ScratchDatabase;
let sink: SmtpSink;
let a: BuiltServer;
let b: BuiltServer;
let env: Record<string, string>;
beforeAll(async () => {
  db = await scratchDatabase("veil_reminders_mp");
  sink = await startSmtpSink();
  env = {
    DATABASE_URL: db.url,
    MAIL_TRANSPORT: "smtp",
    SMTP_URL: sink.url,
    TEST_CLOCK_START: START,
    REMINDER_INTERVAL_SECONDS: "1",
    RECONCILE_INTERVAL_SECONDS: "0",
  };
  [a, b] = await Promise.all([startBuilt(env), startBuilt(env)]);
  // Customers whose subscriptions end 5 days after START, a minute apart (more than one batch).
  await queryUrl(
    db.url,
    `WITH n AS (SELECT generate_series(1, $1::int) AS i)
     , c AS (INSERT INTO customers (id, email, created_at, updated_at)
             SELECT 'mp-' || i, 'mp-' || i || '@example.com', $2::timestamptz, $2::timestamptz FROM n RETURNING id)
     INSERT INTO subscriptions (customer_id, plan_id, ends_at, updated_at)
     SELECT 'mp-' || i, 2, $2::timestamptz + interval '5 days' + make_interval(mins => i), $2::timestamptz FROM n`,
    [CUSTOMERS, START],
  );
}, 120_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await sink?.close();
  await db?.drop();
});

/** Moves both processes' clocks at the same time (each runs a pass right after its move). */
async function setBoth(secondsAfterStart: number) {
  const at = new Date(new Date(START).getTime() + secondsAfterStart * 1000).toISOString();
  const replies = await Promise.all(
    [a, b].map((server) =>
      fetch(`${server.url}/dev/clock`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ set: at }),
      }),
    ),
  );
  for (const res of replies) expect(res.status).toBe(200);
}

const received = (subject: RegExp) => sink.received.filter((m) => subject.test(m.subject ?? ""));
const SOON = /ends on/;
const ENDED = /has ended/;

/** Every customer got exactly `count` mails matching `subject`, after a few more passes of both. */
async function expectEachOnce(subject: RegExp) {
  await waitFor(async () => received(subject).length >= CUSTOMERS, 60_000);
  // Both processes keep passing every second: give them several more chances to double.
  await new Promise((resolve) => setTimeout(resolve, 3_500));
  const mails = received(subject);
  const recipients = mails.map((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.text);
  expect(mails).toHaveLength(CUSTOMERS);
  expect(new Set(recipients).size).toBe(CUSTOMERS);
}

describe("renewal reminders on two processes sharing one Postgres", () => {
  it("should mail each customer's 3-day reminder exactly once while both processes pass at once", async () => {
    await setBoth(2.5 * DAY);
    await expectEachOnce(SOON);
    const [mail] = received(SOON);
    // The RFC 8058 headers as they arrived over SMTP.
    const header = (key: string) => mail?.headerLines.find((h) => h.key === key)?.line.replace(/\r?\n\s+/g, " "); // unfolded
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(header("list-unsubscribe")).toMatch(
      /^List-Unsubscribe: <http:\/\/\S+\/api\/reminders\/unsubscribe\?token=\S+>$/,
    );
    expect(mail?.text).toContain("/payment?planId=2");
    const rows = await queryUrl<{ n: string }>(
      db.url,
      "SELECT count(*) AS n FROM renewal_reminders WHERE kind = 'soon'",
    );
    expect(Number(rows[0]?.n)).toBe(CUSTOMERS);
  }, 120_000);

  it("should not mail again after a restart, nor when the clock goes back and forward, and mail each end once", async () => {
    // A restarted process starts with its clock back at TEST_CLOCK_START, then catches up.
    await b.stop();
    b = await startBuilt(env);
    await setBoth(3 * DAY);
    await setBoth(1 * DAY);
    await setBoth(4 * DAY);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(received(SOON)).toHaveLength(CUSTOMERS);

    await setBoth(5 * DAY + 3 * 3600);
    await expectEachOnce(ENDED);
    expect(received(SOON)).toHaveLength(CUSTOMERS);
    const outbox = await queryUrl<{ n: string }>(
      db.url,
      "SELECT count(*) AS n FROM mail_outbox WHERE template LIKE 'renewal_reminder_%'",
    );
    expect(Number(outbox[0]?.n)).toBe(2 * CUSTOMERS);
  }, 180_000);
});
