import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { afterPress, beginsPress, CLICK_AFTER_LIFT_MS, LONGEST_PRESS_MS } from "./press.js";

/** An event of `type` with the given fields (jsdom has no PointerEvent). */
const event = (type: string, fields: Record<string, unknown> = {}) =>
  Object.assign(new Event(type, { bubbles: true }), fields);
const fire = (type: string, fields?: Record<string, unknown>) => document.body.dispatchEvent(event(type, fields));

describe("a press", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] }));
  afterEach(() => vi.useRealTimers());

  it("begins with a pointer or touch going down, a touch arriving over an element, or Space", () => {
    expect(beginsPress(event("pointerdown"))).toBe(true);
    expect(beginsPress(event("touchstart"))).toBe(true);
    // On a screen without hover, pointerover comes before pointerdown.
    expect(beginsPress(event("pointerover", { pointerType: "touch" }))).toBe(true);
    expect(beginsPress(event("pointerover", { pointerType: "mouse" }))).toBe(false);
    expect(beginsPress(event("keydown", { key: " " }))).toBe(true);
    expect(beginsPress(event("keydown", { key: "Enter" }))).toBe(false);
    expect(beginsPress(event("focusin"))).toBe(false);
    expect(beginsPress(undefined)).toBe(false);
  });

  it("is over at its click, not when the finger lifts", () => {
    const then = vi.fn();
    afterPress(event("pointerover", { pointerType: "touch" }), then);
    fire("pointerdown");
    fire("pointerup");
    fire("touchend");
    expect(then).not.toHaveBeenCalled();
    fire("click");
    expect(then).toHaveBeenCalledOnce();
    fire("click");
    vi.advanceTimersByTime(LONGEST_PRESS_MS);
    expect(then).toHaveBeenCalledOnce();
  });

  it("without a click, is over a moment after the lift (a drag), or after a second held down", () => {
    const dragged = vi.fn();
    afterPress(event("touchstart"), dragged);
    fire("touchend");
    vi.advanceTimersByTime(CLICK_AFTER_LIFT_MS - 1);
    expect(dragged).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(dragged).toHaveBeenCalledOnce();

    const held = vi.fn();
    afterPress(event("pointerdown"), held);
    vi.advanceTimersByTime(LONGEST_PRESS_MS - 1);
    expect(held).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(held).toHaveBeenCalledOnce();
  });

  it("begun with Space, lifts with its key, and a key does not lift a finger's press", () => {
    const spaced = vi.fn();
    afterPress(event("keydown", { key: " " }), spaced);
    fire("pointerup");
    vi.advanceTimersByTime(CLICK_AFTER_LIFT_MS);
    expect(spaced).not.toHaveBeenCalled();
    fire("keyup");
    vi.advanceTimersByTime(CLICK_AFTER_LIFT_MS);
    expect(spaced).toHaveBeenCalledOnce();

    const touched = vi.fn();
    afterPress(event("touchstart"), touched);
    fire("keyup");
    vi.advanceTimersByTime(CLICK_AFTER_LIFT_MS);
    expect(touched).not.toHaveBeenCalled();
  });

  it("runs nothing once its signal aborts", () => {
    const then = vi.fn();
    const started = new AbortController();
    afterPress(event("pointerdown"), then, started.signal);
    started.abort();
    fire("click");
    vi.advanceTimersByTime(LONGEST_PRESS_MS);
    expect(then).not.toHaveBeenCalled();
  });

  it("does not wait when the event begins none", () => {
    const then = vi.fn();
    afterPress(event("focusin"), then);
    afterPress(undefined, then);
    expect(then).toHaveBeenCalledTimes(2);
  });
});
