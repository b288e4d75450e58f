import { afterEach, beforeEach, vi } from "vitest";

/**
 * For tests that boot prerendered pages (bootIslands) one after another in the one jsdom document:
 * the start-up listens on the document and the window, once per page, so every listener a test
 * adds is removed after it, and the page's body emptied. Call at the top level of a test file; the
 * file's own beforeEach/afterEach run beside these.
 */
export function removeBootListenersAfterEach(): void {
  const added: [EventTarget, string, EventListenerOrEventListenerObject, (boolean | AddEventListenerOptions)?][] = [];
  beforeEach(() => {
    for (const target of [document, window] as EventTarget[]) {
      const add = target.addEventListener.bind(target);
      vi.spyOn(target, "addEventListener").mockImplementation((type, listener, options) => {
        if (listener) added.push([target, type, listener, options]);
        add(type, listener, options);
      });
    }
  });
  afterEach(() => {
    vi.restoreAllMocks();
    for (const [target, type, listener, options] of added.splice(0))
      target.removeEventListener(type, listener, options);
    document.body.innerHTML = "";
  });
}
