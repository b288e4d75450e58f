/**
 * user_metadata is capped (4 KB as JSON, 4 levels, 64 keys) on sign-up and on every `PUT /user`,
 * including what repeated updates add up to, so access tokens stay small.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_METADATA_BYTES } from "../../src/auth/metadata.js";
import { authClient, type Session } from "../helpers/auth-client.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

const PASSWORD = "violet-harbour-lantern";
let n = 0;
const fresh = () => `meta${++n}-${Date.now()}@example.com`;
/** An object of `count` keys whose JSON is a little over `bytes` bytes in total. */
const padded = (prefix: string, count: number, bytes: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${i}`, "x".repeat(Math.ceil(bytes / count))]));

describe("given user metadata limits", () => {
  let app: TestApp;
  let auth: ReturnType<typeof authClient>;
  beforeAll(async () => {
    app = await startTestApp();
    auth = authClient(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("should refuse a sign-up with 900 KB of data with 400 validation_failed, store nothing and mail nothing", async () => {
    const email = fresh();
    const res = await auth.post("/signup", { email, password: PASSWORD, data: { blob: "x".repeat(900_000) } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "validation_failed", error_code: "validation_failed" });
    const { rows } = await app.db.query("SELECT 1 FROM users WHERE email = $1", [email]);
    expect(rows).toHaveLength(0);
    expect(await app.mailbox(email)).toHaveLength(0);
  });

  it("should refuse data nested too deeply or with too many keys", async () => {
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 10; i++) deep = { d: deep };
    const tooDeep = await auth.post("/signup", { email: fresh(), password: PASSWORD, data: deep });
    expect(tooDeep).toMatchObject({ status: 400, body: { code: "validation_failed" } });
    const manyKeys = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`k${i}`, i]));
    const tooMany = await auth.post("/signup", { email: fresh(), password: PASSWORD, data: manyKeys });
    expect(tooMany).toMatchObject({ status: 400, body: { code: "validation_failed" } });
  });

  it("should accept ordinary data at sign-up", async () => {
    const email = fresh();
    const res = await auth.post("/signup", { email, password: PASSWORD, data: { lang: "ru", name: "Ирина" } });
    expect(res.status).toBe(200);
    expect(res.body.user_metadata).toMatchObject({ lang: "ru", name: "Ирина" });
  });

  it("should stop PUT /user from growing the stored metadata past the cap, keeping tokens small", async () => {
    const email = fresh();
    const session = await auth.confirmedUser(email, PASSWORD);
    const opts = { token: session.access_token };
    // Each part fits on its own; together they would not.
    const first = await auth.put("/user", { data: padded("a", 10, 2500) }, opts);
    expect(first.status).toBe(200);
    const second = await auth.put("/user", { data: padded("b", 10, 2500) }, opts);
    expect(second).toMatchObject({ status: 400, body: { code: "validation_failed" } });
    const oversized = await auth.put("/user", { data: { blob: "x".repeat(900_000) } }, opts);
    expect(oversized).toMatchObject({ status: 400, body: { code: "validation_failed" } });

    const { rows } = await app.db.query<{ raw_user_meta_data: Record<string, unknown> }>(
      "SELECT raw_user_meta_data FROM users WHERE email = $1",
      [email],
    );
    const stored = rows[0]?.raw_user_meta_data ?? {};
    expect(Object.keys(stored).some((k) => k.startsWith("b"))).toBe(false);
    expect(Buffer.byteLength(JSON.stringify(stored))).toBeLessThanOrEqual(MAX_METADATA_BYTES);

    const refreshed = await auth.post<Session>("/token?grant_type=refresh_token", {
      refresh_token: session.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.access_token.length).toBeLessThan(8 * 1024);
  });

  it("should still let PUT /user remove keys from metadata that is near the cap", async () => {
    const session = await auth.confirmedUser(fresh(), PASSWORD);
    const opts = { token: session.access_token };
    expect((await auth.put("/user", { data: padded("a", 10, 3500) }, opts)).status).toBe(200);
    const removed = await auth.put("/user", { data: { a0: null, a1: null, small: "ok" } }, opts);
    expect(removed.status).toBe(200);
    expect(removed.body.user_metadata).toMatchObject({ small: "ok" });
    expect(removed.body.user_metadata).not.toHaveProperty("a0");
  });
});
