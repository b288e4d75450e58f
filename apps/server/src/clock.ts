/**
 * Time as a dependency. Everything that compares or stores a time (token expiry, code expiry,
 * rate-limit windows, mail retries) asks a Clock instead of `new Date()`, so tests can move time
 * forward instead of sleeping.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to. */
export interface TestClock extends Clock {
  /** Moves time forward by `ms` milliseconds (or by the given seconds/minutes). */
  advance(by: number | { ms?: number; seconds?: number; minutes?: number; hours?: number }): void;
  /** Jumps to an exact instant. */
  set(at: Date | string | number): void;
}

export function createTestClock(start: Date | string | number = "2026-01-15T10:00:00.000Z"): TestClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance(by) {
      const ms =
        typeof by === "number"
          ? by
          : (by.ms ?? 0) + (by.seconds ?? 0) * 1000 + (by.minutes ?? 0) * 60_000 + (by.hours ?? 0) * 3_600_000;
      current += ms;
    },
    set(at) {
      current = new Date(at).getTime();
    },
  };
}
