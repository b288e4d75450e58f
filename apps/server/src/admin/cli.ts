/**
 * `pnpm admin <command>`: operator commands against the configured database (same environment
 * variables as the server). See ADMIN_USAGE or the README.
 */
import type { AddressInfo } from "node:net";
import path from "node:path";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { pino } from "pino";
import { systemClock } from "../clock.js";
import { loadConfig } from "../config/index.js";
import { openDb } from "../db/index.js";
import { noticeEnqueuer } from "../mail/index.js";
import { createPayments, SIMULATOR_PREFIX } from "../payments/index.js";
import { runAdmin } from "./index.js";

async function main(): Promise<number> {
  const config = loadConfig();
  const logger = pino({ level: "warn" }, pino.destination(2));
  const db = await openDb(
    config.DATABASE_URL
      ? { databaseUrl: config.DATABASE_URL }
      : { dataDir: config.DATA_DIR === "memory://" ? "memory://" : path.join(config.DATA_DIR, "pglite") },
  );
  let closeSimulator = async () => {};
  try {
    const payments = await createPayments({ config, db, clock: systemClock, logger, siteUrl: config.SITE_URL });
    if (payments.simulator) {
      // The simulator's invoices live in this database: serve it here so `recheck` can ask it.
      const app = new Hono().route(SIMULATOR_PREFIX, payments.simulator.app);
      const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
        const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
      });
      payments.setOwnUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      closeSimulator = () => new Promise((done) => server.close(() => done()));
    }
    return await runAdmin(process.argv.slice(2), {
      db,
      clock: systemClock,
      payments: payments.service,
      enqueueNotice: noticeEnqueuer(config.SITE_URL, systemClock),
      out: (text) => console.log(text),
    });
  } finally {
    await closeSimulator();
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`admin: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
