/**
 * The test clock's remote control: with TEST_CLOCK_START set (refused in production), the server's
 * clock is frozen at that instant and only moves through `/dev/clock`, so browser suites can seed
 * payments on chosen dates and show the same "days left" in every run.
 *
 * GET /dev/clock → `{ now }`; POST /dev/clock `{ set?: ISO instant, advanceSeconds?: number }` → `{ now }`.
 */
import { Hono } from "hono";
import { z } from "zod";
import { createTestClock, type TestClock } from "./clock.js";

const move = z.object({
  set: z.iso.datetime({ offset: true }).optional(),
  advanceSeconds: z.number().finite().optional(),
});

/** A frozen test clock for the process, or undefined when TEST_CLOCK_START is unset. */
export function clockFromConfig(start: string | undefined): TestClock | undefined {
  return start ? createTestClock(start) : undefined;
}

/**
 * `afterMove` runs before a move is answered (the renewal-reminder pass), so whatever became due
 * at the new time has happened when the caller reads the mailbox.
 */
export function devClockRoutes(clock: TestClock, afterMove?: () => Promise<unknown>): Hono {
  const app = new Hono();
  app.get("/", (c) => c.json({ now: clock.now().toISOString() }));
  app.post("/", async (c) => {
    const parsed = move.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ detail: "expected { set?: ISO instant, advanceSeconds?: number }" }, 400);
    if (parsed.data.set) clock.set(parsed.data.set);
    if (parsed.data.advanceSeconds) clock.advance({ seconds: parsed.data.advanceSeconds });
    // A failed pass is retried by its own schedule; the move itself happened.
    await afterMove?.().catch(() => {});
    return c.json({ now: clock.now().toISOString() });
  });
  return app;
}
