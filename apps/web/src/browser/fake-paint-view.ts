import type { PaintingWindow } from "./first-paint.js";

/**
 * A window whose paint reports and frames a test drives by hand (jsdom paints nothing and has no
 * PerformanceObserver). For first-paint.test.ts and fonts-after-paint.test.ts.
 */
export function fakePaintView({ paintTiming }: { paintTiming: boolean }) {
  const entries: string[] = [];
  type Callback = (list: { getEntriesByName: (name: string) => string[] }) => void;
  const observers: { callback: Callback; connected: boolean }[] = [];
  const frames: (() => void)[] = [];
  const tasks: (() => void)[] = [];
  const listOf = (names: string[]) => ({ getEntriesByName: (name: string) => names.filter((n) => n === name) });
  class FakeObserver {
    static supportedEntryTypes = paintTiming ? ["paint", "largest-contentful-paint"] : ["resource"];
    private readonly record: { callback: Callback; connected: boolean };
    constructor(callback: Callback) {
      this.record = { callback, connected: false };
      observers.push(this.record);
    }
    observe({ buffered }: { buffered?: boolean }) {
      this.record.connected = true;
      if (buffered && entries.length > 0) this.record.callback(listOf(entries));
    }
    disconnect() {
      this.record.connected = false;
    }
  }
  const view = {
    PerformanceObserver: FakeObserver,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => tasks.push(callback),
  } as unknown as PaintingWindow;
  return {
    view,
    /** The browser reports a paint entry (`first-paint`, `first-contentful-paint`). */
    paint(name: string) {
      entries.push(name);
      for (const observer of observers) if (observer.connected) observer.callback(listOf([name]));
    },
    listening: () => observers.filter((observer) => observer.connected).length,
    runFrame: () => {
      for (const frame of frames.splice(0)) frame();
    },
    runTasks: () => {
      for (const task of tasks.splice(0)) task();
    },
  };
}
