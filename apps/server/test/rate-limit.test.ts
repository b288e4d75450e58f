/**
 * The one window rule of the server's limiter (docs/architecture.md §5), which both /auth/v1 and
 * /api count through: a window opens at a subject's first hit and lasts windowSeconds.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestClock } from "../src/clock.js";
import type { Db } from "../src/db/index.js";
import { type LimitRule, RateLimiter, resetLimit } from "../src/rate-limit/index.js";
import { createTestDb } from "./helpers/test-db.js";

describe("given the shared rate limiter with a rule of 3 hits per 5 minutes", () => {
  let db: Db;
  const clock = createTestClock("2026-01-15T10:00:00.000Z");
  let limiter: RateLimiter;
  let n = 0;
  /** A fresh bucket per test, so counters never leak between tests. */
  const rule = (): LimitRule => ({ bucket: `test:${++n}`, limit: 3, windowSeconds: 300 });

  beforeAll(async () => {
    db = await createTestDb();
    limiter = new RateLimiter(db, clock);
  });
  afterAll(async () => {
    await db?.close();
  });

  it("should open the window at the first hit, not at a clock boundary", async () => {
    const r = rule();
    clock.advance({ seconds: 100 });
    for (let i = 0; i < 3; i++) expect((await limiter.hit(r, "198.51.100.7")).allowed).toBe(true);
    clock.advance({ seconds: 60 });
    // Aligned 5-minute windows would say 140 s here; the window began with the first hit.
    expect(await limiter.hit(r, "198.51.100.7")).toEqual({ allowed: false, retryAfter: 240 });
    clock.advance({ seconds: 240 });
    expect((await limiter.hit(r, "198.51.100.7")).allowed).toBe(true);
  });

  it("should not extend the window or the count with refused hits", async () => {
    const r = rule();
    for (let i = 0; i < 10; i++) await limiter.hit(r, "someone@example.com");
    clock.advance({ seconds: 299 });
    expect(await limiter.hit(r, "someone@example.com")).toEqual({ allowed: false, retryAfter: 1 });
    clock.advance({ seconds: 1 });
    expect(await limiter.hit(r, "someone@example.com")).toEqual({ allowed: true, retryAfter: 300 });
  });

  it("should count subjects apart, case-insensitively, and store none of them in the clear", async () => {
    const r = rule();
    for (let i = 0; i < 3; i++) await limiter.hit(r, "Someone@Example.com");
    expect((await limiter.hit(r, "someone@example.com")).allowed).toBe(false);
    expect((await limiter.hit(r, "other@example.com")).allowed).toBe(true);
    const { rows } = await db.query<{ subject: string }>("SELECT subject FROM rate_limits WHERE bucket = $1", [
      r.bucket,
    ]);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.subject).toMatch(/^[0-9a-f]{40}$/);
  });

  it("should give a released hit back and start afresh after a reset", async () => {
    const r = rule();
    for (let i = 0; i < 3; i++) await limiter.hit(r, "s");
    await limiter.release(r, "s");
    expect((await limiter.hit(r, "s")).allowed).toBe(true);
    expect((await limiter.hit(r, "s")).allowed).toBe(false);
    expect((await limiter.isExhausted(r, "s")).allowed).toBe(false);
    await resetLimit(db, r, "s");
    expect((await limiter.isExhausted(r, "s")).allowed).toBe(true);
    expect((await limiter.hit(r, "s")).allowed).toBe(true);
  });
});
