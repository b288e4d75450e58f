/**
 * Account deletion across modules (docs/architecture.md §2.1): every module forgets exactly the
 * deleted user's rows, nobody else's, and a failure in any module's part leaves everything as it
 * was. Both are checked against a snapshot of every table, so a table added later is covered too.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalAccountDeleter } from "../../src/api/local-auth.js";
import { hashPassword } from "../../src/auth/passwords.js";
import { subjectKey } from "../../src/rate-limit/index.js";
import { api, checkout, createUser, settleInvoice, type TestUser, uniqueEmail } from "../helpers/product.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

const PASSWORD = "correct horse battery staple";

type Row = Record<string, unknown>;
type Snapshot = Map<string, Row[]>;

let app: TestApp;
let doomed: TestUser;
let bystander: TestUser;
/** Every address the doomed user is known by: the auth address and an older product address. */
let doomedAddresses: string[];

beforeAll(async () => {
  app = await startTestApp({ env: { RECONCILE_INTERVAL_SECONDS: "0" } });
  doomed = await createUser(app);
  bystander = await createUser(app);
  for (const user of [doomed, bystander]) await giveRowsEverywhere(user);
  // The product account still carries the address it had before an e-mail change.
  const oldAddress = uniqueEmail("old");
  await app.db.query("UPDATE customers SET email = $2 WHERE id = $1", [doomed.id, oldAddress]);
  await contact(oldAddress.toUpperCase());
  doomedAddresses = [doomed.email, oldAddress];
  await app.services.mail.flush();
}, 60_000);
afterAll(async () => app?.close());

async function contact(email: string) {
  const res = await api(app, "POST", "/contact/web/send", { body: { name: "Someone", email, message: "hello" } });
  expect(res.status).toBe(200);
}

/**
 * A password, a product account, a paid plan, granted days, a contact message, mail, a reminder
 * and an opt-out, auth records (identity, refresh token, code, known address, second factor).
 */
async function giveRowsEverywhere(user: TestUser) {
  await app.db.query("UPDATE users SET encrypted_password = $2 WHERE id = $1", [user.id, await hashPassword(PASSWORD)]);
  expect((await api(app, "POST", "/user/web/register", { user, body: { email: user.email } })).status).toBe(200);
  const { trackerId } = await checkout(app, user);
  await settleInvoice(app, trackerId, "SUCCESS");
  await checkout(app, user, 1); // one still pending, with an invoice
  await app.services.payments.service.grantDays(user.id, 3, "outage");
  await contact(user.email);
  const now = app.clock.now();
  const { rows } = await app.db.query<{ id: string }>("SELECT id FROM sessions WHERE user_id = $1", [user.id]);
  const sessionId = rows[0]?.id;
  await app.db.query(
    `INSERT INTO identities (id, provider_id, user_id, provider, identity_data, created_at, updated_at)
     VALUES ($1, $2, $3, 'email', '{}'::jsonb, $4, $4)`,
    [randomUUID(), user.id, user.id, now],
  );
  await app.db.query(
    "INSERT INTO refresh_tokens (token_hash, session_id, user_id, created_at) VALUES ($1, $2, $3, $4)",
    [randomUUID(), sessionId, user.id, now],
  );
  await app.db.query(
    `INSERT INTO one_time_codes (user_id, purpose, code_hash, created_at, expires_at)
     VALUES ($1, 'recovery', $2, $3, $3)`,
    [user.id, randomUUID(), now],
  );
  await app.db.query(
    "INSERT INTO renewal_reminders (customer_id, kind, period_ends_at, sent_at) VALUES ($1, 'soon', $2, $2)",
    [user.id, now],
  );
  await app.db.query("INSERT INTO renewal_reminder_optouts (customer_id, created_at) VALUES ($1, $2)", [user.id, now]);
  // Unverified: a verified factor would make the account API ask for a second factor.
  await app.db.query(
    `INSERT INTO mfa_factors (id, user_id, factor_type, status, secret, created_at, updated_at)
     VALUES ($1, $2, 'totp', 'unverified', 'v1:test', $3, $3)`,
    [randomUUID(), user.id, now],
  );
  await app.db.query("INSERT INTO user_known_ips (user_id, ip_hash, last_seen_at) VALUES ($1, $2, $3)", [
    user.id,
    randomUUID(),
    now,
  ]);
}

/** Every row of every table in the test's schema, as JSON, in a stable order. */
async function snapshot(): Promise<Snapshot> {
  const { rows: tables } = await app.db.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename",
  );
  const all: Snapshot = new Map();
  for (const { name } of tables) {
    const { rows } = await app.db.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM "${name}" t`);
    all.set(name, rows.map((r) => JSON.parse(r.row) as Row).sort(byJson));
  }
  return all;
}
const byJson = (a: Row, b: Row) => JSON.stringify(a).localeCompare(JSON.stringify(b));

const lower = (v: unknown) => String(v).toLowerCase();
/** Whether a `rate_limits` row is the product API's counter under this key (subjects are hashed). */
const apiCounter = (row: Row, key: string) =>
  row.bucket === "api" && row.subject === subjectKey({ bucket: "api" }, key);
/**
 * Which rows are the deleted user's, table by table. Every table not named here must stay exactly
 * as it was, except that the user's payments lose their owner.
 */
const USERS_ROWS: Record<string, (row: Row) => boolean> = {
  users: (row) => row.id === doomed.id,
  identities: (row) => row.user_id === doomed.id,
  sessions: (row) => row.user_id === doomed.id,
  refresh_tokens: (row) => row.user_id === doomed.id,
  one_time_codes: (row) => row.user_id === doomed.id,
  user_known_ips: (row) => row.user_id === doomed.id,
  mfa_factors: (row) => row.user_id === doomed.id,
  customers: (row) => row.id === doomed.id,
  subscriptions: (row) => row.customer_id === doomed.id,
  subscription_grants: (row) => row.customer_id === doomed.id,
  renewal_reminders: (row) => row.customer_id === doomed.id,
  renewal_reminder_optouts: (row) => row.customer_id === doomed.id,
  contact_messages: (row) => doomedAddresses.includes(lower(row.email)),
  rate_limits: (row) => doomedAddresses.some((a) => apiCounter(row, `contact:email:${a}`)),
  mail_outbox: (row) => doomedAddresses.includes(lower(row.to_address)),
};

describe("account deletion across modules", () => {
  it("should leave the database as it was when any module's part fails", async () => {
    const before = await snapshot();
    const deleteAccount = createLocalAccountDeleter({ db: app.db, clock: app.clock });
    // One failure per module, injected where that module's part writes: auth, payments, reminders,
    // the product account, the contact form, mail.
    const failures: [table: string, event: "DELETE" | "UPDATE"][] = [
      ["users", "DELETE"],
      ["payments", "UPDATE"],
      ["renewal_reminders", "DELETE"],
      ["customers", "DELETE"],
      ["contact_messages", "DELETE"],
      ["mail_outbox", "DELETE"],
    ];
    await app.db.query(
      `CREATE FUNCTION injected_failure() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN RAISE EXCEPTION 'injected failure in %', TG_TABLE_NAME; END $$`,
    );
    for (const [table, event] of failures) {
      await app.db.query(
        `CREATE TRIGGER injected_failure BEFORE ${event} ON ${table} FOR EACH ROW EXECUTE FUNCTION injected_failure()`,
      );
      try {
        await expect(deleteAccount(doomed.id, PASSWORD)).rejects.toThrow(`injected failure in ${table}`);
      } finally {
        await app.db.query(`DROP TRIGGER injected_failure ON ${table}`);
      }
      expect(await snapshot(), `after a failure in ${table}`).toEqual(before);
    }
    await app.db.query("DROP FUNCTION injected_failure()");
    // The account still works.
    expect((await api(app, "GET", "/subscription/web/info", { user: doomed })).body).toMatchObject({
      is_active: true,
    });
  });

  it("should remove exactly the deleted user's rows and anonymise their payments", async () => {
    const before = await snapshot();
    const res = await api(app, "POST", "/user/web/delete", { user: doomed, body: { password: PASSWORD } });
    expect(res.status).toBe(200);
    const after = await snapshot();
    // The request's own hit on the per-user deletion limit: a counter, pruned after a day.
    const ownHit = (row: Row) => apiCounter(row, `delete:${doomed.id}`);
    expect(after.get("rate_limits")?.filter(ownHit)).toHaveLength(1);
    after.set("rate_limits", after.get("rate_limits")?.filter((row) => !ownHit(row)) ?? []);

    const expected: Snapshot = new Map();
    for (const [table, rows] of before) {
      const isUsers = USERS_ROWS[table] ?? (() => false);
      const kept = rows.filter((row) => !isUsers(row));
      expected.set(
        table,
        kept
          .map((row) => (table === "payments" && row.customer_id === doomed.id ? { ...row, customer_id: null } : row))
          .sort(byJson),
      );
    }
    // The seed gave the user rows in every table the deletion empties, so each part was exercised.
    for (const [table, isUsers] of Object.entries(USERS_ROWS)) {
      expect(before.get(table)?.filter(isUsers).length, `${table}: the user's rows before deletion`).toBeGreaterThan(0);
    }
    expect(after).toEqual(expected);
    // The bystander's account is untouched and still works.
    expect((await api(app, "GET", "/subscription/web/info", { user: bystander })).body).toMatchObject({
      is_active: true,
    });
    expect(before.get("payments")?.filter((p) => p.customer_id === doomed.id)).toHaveLength(2);
  });
});
