/**
 * When a press is over. The islands' hydration is one long task (hundreds of ms on a slow phone),
 * and it must not run between a touch and the frame that shows its answer (issue #30): it waits
 * for the press to end first.
 */

/** What ends a press at once: its click (or a cancel, or a long press's context menu). */
const PRESS_ENDS = ["click", "pointercancel", "touchcancel", "contextmenu"] as const;
/**
 * What ends a pointer's or a touch's press a little later (Space's: `keyup`). A touch's click is
 * made from the gesture after the finger lifts, so these come first; a press without a click (a
 * drag, a scroll) ends here.
 */
const PRESS_LIFTS = ["pointerup", "touchend"];
/** How long after a lift the press counts as over without its click (ms). */
export const CLICK_AFTER_LIFT_MS = 100;
/** A press held longer than this (a long press, a drag) holds nothing back any longer (ms). */
export const LONGEST_PRESS_MS = 1_000;

/**
 * Whether `event` begins a press whose click is still to come: a pointer or touch going down, a
 * touch or pen arriving over an element (it comes before `pointerdown` on a screen without hover),
 * or Space going down (a button clicks when it comes up; Enter clicks at once).
 */
export function beginsPress(event: Event | undefined): boolean {
  if (!event) return false;
  if (event.type === "pointerdown" || event.type === "touchstart") return true;
  if (event.type === "pointerover") return (event as PointerEvent).pointerType !== "mouse";
  return event.type === "keydown" && (event as KeyboardEvent).key === " ";
}

/**
 * Runs `then` once the press `event` began is over (its click, a cancel, CLICK_AFTER_LIFT_MS after
 * the lift, at most LONGEST_PRESS_MS); for an event that begins none, now. Nothing runs once
 * `signal` aborts.
 */
export function afterPress(event: Event | undefined, then: () => void, signal?: AbortSignal): void {
  if (!beginsPress(event)) {
    then();
    return;
  }
  const over = new AbortController();
  const timers: ReturnType<typeof setTimeout>[] = [];
  const stop = () => {
    over.abort();
    for (const timer of timers) clearTimeout(timer);
  };
  const end = () => {
    if (over.signal.aborted) return;
    stop();
    then();
  };
  signal?.addEventListener("abort", stop, { signal: over.signal });
  timers.push(setTimeout(end, LONGEST_PRESS_MS));
  const options = { capture: true, signal: over.signal };
  for (const type of PRESS_ENDS) document.addEventListener(type, end, options);
  // Space's press lifts with its key, a pointer's or a touch's with them.
  const lifts = event?.type === "keydown" ? ["keyup"] : PRESS_LIFTS;
  const lifted = () => timers.push(setTimeout(end, CLICK_AFTER_LIFT_MS));
  for (const type of lifts) document.addEventListener(type, lifted, { ...options, once: true });
}
