import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDb } from "../src/db/index.js";
import { createTestDb } from "./helpers/test-db.js";

describe("given a fresh test database", () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(async () => {
    await db?.close();
  });

  it("should have applied the auth migration once", async () => {
    const { rows } = await db.query<{ version: number; name: string }>("SELECT version, name FROM schema_migrations");
    expect(rows).toContainEqual(expect.objectContaining({ version: 1, name: "0001_auth.sql" }));
    const tables = await db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()",
    );
    expect(tables.rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining([
        "users",
        "identities",
        "sessions",
        "refresh_tokens",
        "one_time_codes",
        "mail_outbox",
        "rate_limits",
      ]),
    );
  });

  it("should return bigint counts as numbers and timestamps as dates", async () => {
    const { rows } = await db.query<{ n: number; t: Date }>("SELECT count(*) AS n, $1::timestamptz AS t FROM users", [
      new Date("2026-01-01T00:00:00Z"),
    ]);
    expect(rows[0]?.n).toBe(0);
    expect(rows[0]?.t).toEqual(new Date("2026-01-01T00:00:00Z"));
  });

  it("should roll a transaction back when its function throws", async () => {
    await db.query("CREATE TABLE IF NOT EXISTS t_rollback (v int)");
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO t_rollback VALUES (1)");
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    const { rows } = await db.query("SELECT * FROM t_rollback");
    expect(rows).toEqual([]);
  });

  it("should not lose updates when transactions run concurrently", async () => {
    await db.query("CREATE TABLE IF NOT EXISTS t_counter (id int PRIMARY KEY, v int NOT NULL)");
    await db.query("INSERT INTO t_counter VALUES (1, 0) ON CONFLICT DO NOTHING");
    // Read-modify-write in each transaction: interleaving would lose increments.
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction(async (tx) => {
          const { rows } = await tx.query<{ v: number }>("SELECT v FROM t_counter WHERE id = 1 FOR UPDATE");
          await tx.query("UPDATE t_counter SET v = $1 WHERE id = 1", [(rows[0]?.v ?? 0) + 1]);
        }),
      ),
    );
    const { rows } = await db.query<{ v: number }>("SELECT v FROM t_counter WHERE id = 1");
    expect(rows[0]?.v).toBe(20);
  });
});

describe.runIf(process.env.DATABASE_URL)("given real Postgres", () => {
  it("should migrate once when two processes start on the same schema together", async () => {
    const schema = `test_race_${Date.now().toString(36)}`;
    const url = process.env.DATABASE_URL as string;
    const [a, b] = await Promise.all([openDb({ databaseUrl: url, schema }), openDb({ databaseUrl: url, schema })]);
    const { rows } = await a.query<{ n: number }>("SELECT count(*) AS n FROM schema_migrations");
    expect(rows[0]?.n).toBeGreaterThanOrEqual(1);
    await a.query(`DROP SCHEMA "${schema}" CASCADE`);
    await a.close();
    await b.close();
  });
});
