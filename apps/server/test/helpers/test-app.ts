/**
 * The real HTTP app, in-process, on a random port, with a test clock, a fresh database
 * (see test-db.ts) and the dev mailbox. Other suites build on this:
 *
 *   const app = await startTestApp();            // in beforeAll
 *   await fetch(`${app.url}/auth/v1/signup`, …);
 *   const code = await app.lastCode("a@b.c");     // the newest 6-digit code mailed to a@b.c
 *   app.clock.advance({ seconds: 31 });
 *   await app.close();                            // in afterAll
 */

import { createTestClock, type TestClock } from "../../src/clock.js";
import { type Config, loadConfig } from "../../src/config/index.js";
import type { Db } from "../../src/db/index.js";
import type { Logger } from "../../src/logger.js";
import { listMailbox, type MailboxMessage, type MailTransport } from "../../src/mail/index.js";
import { type Services, startServer } from "../../src/server.js";
import { createTestDb } from "./test-db.js";

/**
 * Timeout of a test that starts an app of its own with a fresh database (migrations included):
 * like the suites' beforeAll, it needs more than the 20 s default when CI runs four workers and the
 * Postgres pass on two cores.
 */
export const STARTS_OWN_APP_MS = 60_000;

export interface TestApp {
  /** e.g. http://localhost:41234 */
  url: string;
  /** The metrics port's `…/metrics`, when METRICS_PORT is set. */
  metricsUrl?: string;
  /** `${url}/auth/v1`, what supabase-js calls SUPABASE_URL + /auth/v1 */
  authUrl: string;
  config: Config;
  db: Db;
  clock: TestClock;
  services: Services;
  /** Mail for `to` (all mail when omitted), newest first. */
  mailbox(to?: string): Promise<MailboxMessage[]>;
  /** The 6-digit code in the newest mail to `to` that has one; throws when there is none. */
  lastCode(to: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment overrides, e.g. { MAIL_PER_ADDRESS_PER_HOUR: "3" }. */
  env?: Record<string, string>;
  clock?: TestClock;
  mailTransport?: MailTransport;
  /** Reuse a database (the caller closes it); a fresh one per app otherwise. */
  db?: Db;
  /** The process logger (default: pino on standard output at LOG_LEVEL). */
  logger?: Logger;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  // The test client is a trusted proxy (loopback), so tests choose the caller's IP with X-Forwarded-For.
  const config = loadConfig({
    NODE_ENV: "test",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: "memory://",
    TRUSTED_PROXIES: "127.0.0.1, ::1",
    // Reminder passes only at start-up and when a test asks (services.reminders.runPass()).
    REMINDER_INTERVAL_SECONDS: "0",
    // bcrypt at its lowest cost: the suites hash thousands of passwords, and at cost 10 that was
    // half of some files' time (mfa-factors + sessions: 57 s → 29 s at load ~17). signup.test.ts
    // checks the production cost with `TEST_PASSWORD_HASH_COST: ""`.
    TEST_PASSWORD_HASH_COST: "4",
    ...options.env,
  });
  const clock = options.clock ?? createTestClock();
  const db = options.db ?? (await createTestDb());
  const server = await startServer(config, {
    clock,
    db,
    mailPollMs: 0,
    housekeepingMs: 0,
    ...(options.mailTransport ? { mailTransport: options.mailTransport } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  const mailbox = (to?: string) => listMailbox(db, to);
  return {
    url: server.url,
    ...(server.metricsUrl ? { metricsUrl: server.metricsUrl } : {}),
    authUrl: `${server.url}/auth/v1`,
    config,
    db,
    clock,
    services: server.services,
    mailbox,
    async lastCode(to) {
      // The newest mail that carries a code (notices such as "password changed" carry none).
      const withCode = (await mailbox(to)).find((m) => /\b\d{6}\b/.test(m.text));
      const code = withCode ? /\b(\d{6})\b/.exec(withCode.text)?.[1] : undefined;
      if (!code) throw new Error(`no code mailed to ${to}`);
      return code;
    },
    async close() {
      await server.close();
      if (!options.db) await db.close();
    },
  };
}
