// Shared setup for every @veil/ui unit test (jsdom). Registers the jest-dom and vitest-axe
// matchers, fills the gaps jsdom leaves for Radix primitives, and fails any test that logs through
// console.error: React and Radix report real mistakes there (missing dialog titles, act() warnings,
// invalid DOM nesting), and a passing test must not hide them.
import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, expect, type MockInstance, vi } from "vitest";
import * as axeMatchers from "vitest-axe/matchers";

expect.extend(axeMatchers);

// jsdom has no layout engine; Radix (popper, scroll area, tabs indicator) and user-event touch these.
if (typeof window !== "undefined") {
  if (!window.ResizeObserver) {
    window.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener() {},
        removeListener() {},
        addEventListener() {},
        removeEventListener() {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  Element.prototype.scrollIntoView ??= () => {};
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.setPointerCapture ??= () => {};
}

let consoleError: MockInstance<typeof console.error>;
let logged: unknown[][] = [];

beforeEach(() => {
  logged = [];
  const original = console.error.bind(console);
  consoleError = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    logged.push(args);
    original(...args);
  });
});

afterEach(() => {
  cleanup();
  consoleError.mockRestore();
  if (logged.length > 0) {
    const first = logged[0]?.map((part) => (part instanceof Error ? part.message : String(part))).join(" ");
    throw new Error(`console.error was called ${logged.length} time(s) during this test; first: ${first}`);
  }
});
