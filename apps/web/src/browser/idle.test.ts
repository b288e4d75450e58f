import { afterEach, describe, expect, it, vi } from "vitest";
import { whenIdleEach } from "./idle.js";

/**
 * `whenIdleEach` spreads a list over idle tasks (issue #30: thirty prefetch links appended in one
 * idle callback were one 46 ms task). The idle callbacks are run by hand here, and every item
 * "costs" 1.5 ms of a clock the test moves.
 */
describe("whenIdleEach", () => {
  let now = 0;
  let ran = 0;
  const queued: (() => void)[] = [];

  function install() {
    now = 0;
    ran = 0;
    queued.length = 0;
    vi.spyOn(performance, "now").mockImplementation(() => now);
    vi.stubGlobal("requestIdleCallback", (callback: () => void) => queued.push(callback));
    vi.stubGlobal("cancelIdleCallback", (id: number) => {
      queued[id - 1] = () => {};
    });
  }
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  /** Runs the idle callbacks not run yet, one task each, until none is left; items done by each. */
  function runIdleTasks(done: unknown[]): number[] {
    const sizes: number[] = [];
    while (ran < queued.length) {
      const before = done.length;
      queued[ran++]?.();
      sizes.push(done.length - before);
    }
    return sizes;
  }

  it("does every item, a few per idle task, none of them longer than its slice", () => {
    install();
    const done: number[] = [];
    const items = Array.from({ length: 30 }, (_, i) => i);
    whenIdleEach(items, (item) => {
      done.push(item);
      now += 1.5;
    });
    // Nothing before the browser is idle.
    expect(done).toEqual([]);
    const sizes = runIdleTasks(done);
    expect(done).toEqual(items);
    expect(sizes.length).toBeGreaterThan(1);
    // 4 ms a slice at 1.5 ms an item: three items, the last of them started inside the slice.
    expect(Math.max(...sizes)).toBe(3);
  });

  it("does one item per task even when one alone outlasts the slice", () => {
    install();
    const done: string[] = [];
    whenIdleEach(["a", "b"], (item) => {
      done.push(item);
      now += 20;
    });
    expect(runIdleTasks(done)).toEqual([1, 1]);
    expect(done).toEqual(["a", "b"]);
  });

  it("does no more once called off from within an item", () => {
    install();
    const done: number[] = [];
    const stop = whenIdleEach([1, 2, 3, 4, 5], (item) => {
      done.push(item);
      if (item === 2) stop();
    });
    runIdleTasks(done);
    expect(done).toEqual([1, 2]);
  });

  it("does no more once called off", () => {
    install();
    const done: number[] = [];
    const stop = whenIdleEach([1, 2, 3, 4, 5, 6, 7, 8], (item) => {
      done.push(item);
      now += 1.5;
    });
    queued[ran++]?.();
    stop();
    runIdleTasks(done);
    expect(done).toEqual([1, 2, 3]);
  });
});
