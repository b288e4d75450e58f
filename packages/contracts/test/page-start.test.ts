import { describe, expect, it } from "vitest";
import { PAGE_START_SCRIPT } from "../src/constants-entry.js";

/**
 * The prerendered pages' inline start-up (src/page-start.ts) run against a stand-in window whose
 * paints, frames, timers and parsing the test drives. Its one `import(src)` is swapped for a
 * recorder (a dynamic import cannot run in code built from a string here;
 * e2e/fonts-after-paint.spec.ts sees the real one asked for after the first contentful paint), so
 * the test sees whether and when the start-up module was asked for, and by which name.
 */
const IMPORT = "import(src)";
const MODULE = "/assets/index-abc.js";

type PaintList = { getEntriesByName(name: string): unknown[] };

function page({ paintTiming = true, observeThrows = false, parsed = true } = {}) {
  expect(PAGE_START_SCRIPT.split(IMPORT)).toHaveLength(2);
  const record = { starts: [] as string[] };
  const frames: (() => void)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const parsedListeners: (() => void)[] = [];
  const clickListeners: ((event: { target: unknown }) => void)[] = [];
  let observer: { callback: (list: PaintList) => void; on: boolean } | undefined;
  class PerformanceObserver {
    static supportedEntryTypes = ["paint", "largest-contentful-paint"];
    constructor(callback: (list: PaintList) => void) {
      observer = { callback, on: false };
    }
    observe(options: { type: string; buffered: boolean }) {
      if (observeThrows) throw new TypeError("observe() needs entryTypes");
      expect(options).toEqual({ type: "paint", buffered: true });
      if (observer) observer.on = true;
    }
    disconnect() {
      if (observer) observer.on = false;
    }
  }
  const window = { PerformanceObserver: paintTiming ? PerformanceObserver : undefined };
  const element: { dataset: { start: string }; clicks?: unknown[] | null } = { dataset: { start: MODULE } };
  const document = {
    currentScript: element,
    readyState: parsed ? "interactive" : "loading",
    addEventListener(type: string, listener: () => void, capture?: boolean) {
      if (type === "click") {
        expect(capture).toBe(true);
        clickListeners.push(listener);
      } else {
        expect(type).toBe("DOMContentLoaded");
        parsedListeners.push(listener);
      }
    },
  };
  const script = PAGE_START_SCRIPT.replace(IMPORT, "record.starts.push(src)");
  const run = new Function("window", "document", "requestAnimationFrame", "setTimeout", "record", script);
  run(
    window,
    document,
    (frame: () => void) => frames.push(frame),
    (run: () => void, ms = 0) => timers.push({ run, ms }),
    record,
  );
  /** Runs the timers due within `ms` (those set while running wait for the next call). */
  const elapse = (ms: number) => {
    for (const timer of timers.splice(0)) {
      if (timer.ms <= ms) timer.run();
      else timers.push({ ...timer, ms: timer.ms - ms });
    }
  };
  return {
    record,
    elapse,
    element,
    click: (target: string) => {
      for (const listener of clickListeners) listener({ target });
    },
    paint(names: string[]) {
      if (observer?.on) observer.callback({ getEntriesByName: (name) => names.filter((n) => n === name) });
    },
    frame: () => {
      for (const frame of frames.splice(0)) frame();
    },
    parse: () => {
      document.readyState = "interactive";
      for (const listener of parsedListeners.splice(0)) listener();
    },
  };
}

describe("the prerendered page's start-up", () => {
  it("asks for the module its data-start names once the first contentful paint is reported, and once only", () => {
    const view = page();
    view.paint(["first-paint"]);
    expect(view.record.starts).toEqual([]);
    view.paint(["first-contentful-paint"]);
    view.paint(["first-contentful-paint"]);
    view.elapse(10_000);
    expect(view.record.starts).toEqual([MODULE]);
  });

  it("painted while the HTML still arrives, waits until the page is parsed", () => {
    const view = page({ parsed: false });
    view.paint(["first-contentful-paint"]);
    view.elapse(10_000);
    expect(view.record.starts).toEqual([]);
    view.parse();
    expect(view.record.starts).toEqual([MODULE]);
  });

  it("without paint timing, asks for it in a task after the next frame", () => {
    const view = page({ paintTiming: false });
    view.elapse(0);
    expect(view.record.starts).toEqual([]);
    view.frame();
    expect(view.record.starts).toEqual([]);
    view.elapse(0);
    expect(view.record.starts).toEqual([MODULE]);
  });

  it("where observing paints throws, asks for it after the next frame as well", () => {
    const view = page({ observeThrows: true });
    view.frame();
    view.elapse(0);
    expect(view.record.starts).toEqual([MODULE]);
  });

  it("keeps the clicks made before the module takes over, on its element, until it takes them", () => {
    const view = page();
    view.click("menu button");
    view.paint(["first-contentful-paint"]);
    view.click("FAQ question");
    expect(view.element.clicks).toEqual(["menu button", "FAQ question"]);
    // What islands/boot.ts does when it starts: take the list and end the recording.
    view.element.clicks = null;
    view.click("plan");
    expect(view.element.clicks).toBeNull();
  });

  it("when no paint is ever reported, starts after 5 s all the same", () => {
    const view = page();
    view.elapse(4_999);
    expect(view.record.starts).toEqual([]);
    view.elapse(1);
    expect(view.record.starts).toEqual([MODULE]);
  });
});
