import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpSink, startSmtpSink } from "../helpers/smtp-sink.js";
import { type BuiltServer, queryUrl, type ScratchDatabase, scratchDatabase, startBuilt } from "./built-server.js";
import { apiCall, authCall, checkout, codeFor, signedInUser, waitFor } from "./clients.js";

/**
 * docs/operations.md §3: any number of processes on one Postgres, any request to any of them. Two
 * BUILT server processes (dist/main.js) on one fresh database, mail through a real SMTP server on
 * loopback, both processes' outbox senders and reconcilers running. Their clocks are frozen at the
 * same instant (TEST_CLOCK_START) and moved together, so windows and subscription ends are exact.
 */
const START = "2026-03-01T12:00:00.000Z";
const CALLBACK_SECRET = "multi-process-callback-secret";

let db: ScratchDatabase;
let sink: SmtpSink;
let a: BuiltServer;
let b: BuiltServer;
beforeAll(async () => {
  db = await scratchDatabase("veil_multi");
  sink = await startSmtpSink();
  const env = {
    DATABASE_URL: db.url,
    MAIL_TRANSPORT: "smtp",
    SMTP_URL: sink.url,
    TEST_CLOCK_START: START,
    EXNODE_CALLBACK_SECRET: CALLBACK_SECRET,
    // Both reconcilers pass every second, so they keep running into each other.
    RECONCILE_INTERVAL_SECONDS: "1",
    RATE_LIMIT_TOKEN_PER_5MIN: "10000",
    RATE_LIMIT_OTP_PER_5MIN: "10000",
    RATE_LIMIT_VERIFY_PER_5MIN: "10000",
  };
  // Started together: both migrate the empty database at once (the advisory lock lets one do it).
  [a, b] = await Promise.all([startBuilt(env), startBuilt(env)]);
}, 120_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await sink?.close();
  await db?.drop();
});

/** Moves both processes' frozen clocks by the same amount. */
async function advanceBoth(seconds: number) {
  for (const server of [a, b]) {
    const res = await fetch(`${server.url}/dev/clock`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ advanceSeconds: seconds }),
    });
    expect(res.status).toBe(200);
  }
}

describe("two processes on one Postgres", () => {
  it("should confirm on one process a sign-up made on the other", async () => {
    const email = "across@example.com";
    const signup = await authCall(a, "POST", "/signup", { email, password: "violet-harbour-lantern" });
    expect(signup.status).toBe(200);
    const verify = await authCall(b, "POST", "/verify", { email, token: await codeFor(db.url, email), type: "email" });
    expect(verify.status).toBe(200);
    expect(verify.body.user.email).toBe(email);
    // And the session works on the first one.
    const user = await authCall(a, "GET", "/user", undefined, verify.body.access_token);
    expect(user.status).toBe(200);
  });

  it("should treat a refresh token spent on one process as spent on the other", async () => {
    const session = await signedInUser(a, b, db.url, "refresh@example.com");
    const first = await authCall(a, "POST", "/token?grant_type=refresh_token", {
      refresh_token: session.refresh_token,
    });
    expect(first.status).toBe(200);
    // Replayed on the other process inside the reuse window: the same successor, not a fork.
    const replay = await authCall(b, "POST", "/token?grant_type=refresh_token", {
      refresh_token: session.refresh_token,
    });
    expect(replay.status).toBe(200);
    expect(replay.body.refresh_token).toBe(first.body.refresh_token);
    // After the window the old token is a stolen one: refused, and the session ends everywhere.
    await advanceBoth(11);
    const late = await authCall(b, "POST", "/token?grant_type=refresh_token", {
      refresh_token: session.refresh_token,
    });
    expect(late.status).toBe(400);
    expect(late.body.error_code).toBe("refresh_token_already_used");
    const successor = await authCall(a, "POST", "/token?grant_type=refresh_token", {
      refresh_token: first.body.refresh_token,
    });
    expect(successor.status).toBe(400);
  });

  it("should count a mail-rate limit across both processes", async () => {
    const email = "limited@example.com";
    expect((await authCall(a, "POST", "/signup", { email, password: "violet-harbour-lantern" })).status).toBe(200);
    // The second mail to the same address within MAIL_RESEND_SECONDS, asked of the other process.
    const resend = await authCall(b, "POST", "/resend", { type: "signup", email });
    expect(resend.status).toBe(429);
    expect(resend.body.error_code).toBe("over_email_send_rate_limit");
  });

  it("should refuse on one process a session signed out on the other", async () => {
    const session = await signedInUser(a, b, db.url, "logout@example.com");
    expect((await apiCall(b, "GET", "/subscription/web/info", session.access_token)).status).toBe(200);
    expect((await authCall(a, "POST", "/logout", undefined, session.access_token)).status).toBe(204);
    expect((await authCall(b, "GET", "/user", undefined, session.access_token)).status).toBe(403);
    expect((await apiCall(b, "GET", "/subscription/web/info", session.access_token)).status).toBe(401);
    const refresh = await authCall(b, "POST", "/token?grant_type=refresh_token", {
      refresh_token: session.refresh_token,
    });
    expect(refresh.status).toBe(400);
  });

  it("should credit once when 100 settles and callbacks for 10 invoices race over both processes", async () => {
    const session = await signedInUser(a, b, db.url, "buyer@example.com");
    const invoices: string[] = [];
    for (let i = 0; i < 10; i++) invoices.push((await checkout(i % 2 ? a : b, session.access_token)).trackerId);
    const requests: Promise<Response>[] = [];
    invoices.forEach((trackerId, i) => {
      for (let j = 0; j < 10; j++) {
        const server = (i + j) % 2 ? a : b;
        // One settle at the simulator (which calls its own process back), nine callbacks.
        requests.push(
          j === 0
            ? fetch(`${server.url}/sim/exnode/invoices/${trackerId}/settle`, {
                method: "POST",
                headers: { "Content-Type": "application/json" },
                body: JSON.stringify({ status: "SUCCESS" }),
              })
            : fetch(`${server.url}/api/exnode/callback/${CALLBACK_SECRET}`, {
                method: "POST",
                headers: { "Content-Type": "application/json" },
                body: JSON.stringify({ tracker_id: trackerId }),
              }),
        );
      }
    });
    const replies = await Promise.all(requests);
    expect(replies.filter((r) => r.status >= 500).map((r) => r.status)).toEqual([]);
    await waitFor(async () => {
      const [row] = await queryUrl<{ n: number }>(
        db.url,
        "SELECT count(*)::int AS n FROM payments WHERE status = 'success'",
      );
      return row?.n === 10;
    });
    const credits = await queryUrl<{ payment_id: string; n: number }>(
      db.url,
      "SELECT payment_id, count(*)::int AS n FROM payment_events WHERE outcome = 'credited' GROUP BY payment_id",
    );
    expect(credits).toHaveLength(10);
    expect(credits.every((c) => c.n === 1)).toBe(true);
    // 10 × one month (plan 2: 30 days) from the frozen start (moved 11 s above).
    const info = await apiCall(a, "GET", "/subscription/web/info", session.access_token);
    expect(info.body.days_left).toBe(300);
  });

  it("should credit once when both reconcilers find the same paid invoices", async () => {
    const session = await signedInUser(a, b, db.url, "reconciled@example.com");
    // Callbacks lost (switched off on both simulators): only the reconcilers can credit these.
    for (const server of [a, b]) {
      const res = await fetch(`${server.url}/sim/exnode/control`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ callbacks: false }),
      });
      expect(res.status).toBe(200);
    }
    const invoices: string[] = [];
    for (let i = 0; i < 6; i++) invoices.push((await checkout(i % 2 ? a : b, session.access_token)).trackerId);
    await Promise.all(
      invoices.map((trackerId, i) =>
        fetch(`${(i % 2 ? a : b).url}/sim/exnode/invoices/${trackerId}/settle`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ status: "SUCCESS" }),
        }),
      ),
    );
    await waitFor(async () => {
      const rows = await queryUrl<{ n: number }>(
        db.url,
        "SELECT count(*)::int AS n FROM payments WHERE status = 'success' AND tracker_id = ANY($1)",
        [invoices],
      );
      return rows[0]?.n === 6;
    });
    const credits = await queryUrl<{ n: number }>(
      db.url,
      `SELECT count(*)::int AS n FROM payment_events e JOIN payments p ON p.id = e.payment_id
        WHERE e.outcome = 'credited' AND p.tracker_id = ANY($1)`,
      [invoices],
    );
    expect(credits[0]?.n).toBe(6);
    const info = await apiCall(b, "GET", "/subscription/web/info", session.access_token);
    expect(info.body.days_left).toBe(180);
  });

  it("should send every outbox mail exactly once with both processes' senders running", async () => {
    const emails = Array.from({ length: 20 }, (_, i) => `outbox-${i}@example.com`);
    await Promise.all(
      emails.map((email, i) =>
        authCall(i % 2 ? a : b, "POST", "/signup", { email, password: "violet-harbour-lantern" }).then((r) =>
          expect(r.status).toBe(200),
        ),
      ),
    );
    await waitFor(async () => {
      const rows = await queryUrl<{ n: number }>(
        db.url,
        "SELECT count(*)::int AS n FROM mail_outbox WHERE status = 'pending'",
      );
      return rows[0]?.n === 0;
    });
    // Give both pollers (every 5 s) a turn at anything they might still send twice.
    await new Promise((resolve) => setTimeout(resolve, 6000));
    const delivered = sink.received.flatMap((m) =>
      (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).map((t) => t.text),
    );
    for (const email of emails) expect(delivered.filter((to) => to === email)).toHaveLength(1);
    const all = await queryUrl<{ n: number }>(db.url, "SELECT count(*)::int AS n FROM mail_outbox");
    expect(sink.received).toHaveLength(all[0]?.n ?? -1);
  }, 40_000);
});
