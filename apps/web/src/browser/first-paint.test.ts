import { describe, expect, it, vi } from "vitest";
import { fakePaintView } from "./fake-paint-view.js";
import { afterFirstPaint } from "./first-paint.js";

describe("work that waits for the first contentful paint", () => {
  it("runs when the first contentful paint is reported, not the first paint, and stops listening", () => {
    const page = fakePaintView({ paintTiming: true });
    const then = vi.fn();
    afterFirstPaint(then, page.view);
    page.paint("first-paint");
    expect(then).not.toHaveBeenCalled();
    page.paint("first-contentful-paint");
    expect(then).toHaveBeenCalledTimes(1);
    expect(page.listening()).toBe(0);
  });

  it("runs when the page had painted before it was called", () => {
    const page = fakePaintView({ paintTiming: true });
    page.paint("first-contentful-paint");
    const then = vi.fn();
    afterFirstPaint(then, page.view);
    expect(then).toHaveBeenCalledTimes(1);
    expect(page.listening()).toBe(0);
  });

  it("without paint timing, runs in a task after the next frame", () => {
    const page = fakePaintView({ paintTiming: false });
    const then = vi.fn();
    afterFirstPaint(then, page.view);
    page.runTasks();
    page.runFrame();
    expect(then).not.toHaveBeenCalled();
    page.runTasks();
    expect(then).toHaveBeenCalledTimes(1);
  });
});
