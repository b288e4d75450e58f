import { beforeEach, describe, expect, it, vi } from "vitest";
import { AUTH_STORAGE_KEY } from "../auth/session-hint.js";
import { fakePaintView } from "../browser/fake-paint-view.js";
import type { HydrateOptions } from "./hydrate.js";
import { removeBootListenersAfterEach } from "./test-listeners.js";
import { LOGIN_ISLAND } from "./test-pages.js";

// The start-up script's replay of a form submission made before hydration (islands/boot.ts).
// hydrate.js is replaced by a stand-in that records its options, so the test decides when React
// "owns" the island (onHydrating: hydrateRoot called, its listeners attached) and when the island's
// effects have run (onHydrated).
const hydration = vi.hoisted(() => ({ options: undefined as HydrateOptions | undefined, sent: [] as string[] }));

vi.mock("./hydrate.js", () => ({
  hydrateIslands: async (root: HTMLElement, options: HydrateOptions) => {
    hydration.options = options;
    for (const island of root.querySelectorAll<HTMLElement>("veil-island")) {
      // What React's root listener does with a submit once it owns the form: the form's handler runs.
      island.addEventListener("submit", (event) => {
        event.preventDefault();
        const form = event.target as HTMLFormElement;
        hydration.sent.push((form.elements.namedItem("password") as HTMLInputElement).value);
      });
      options.onHydrating(island);
    }
  },
}));
vi.mock("../spa/start.js", () => ({ takeOverPage: () => {} }));

const { bootIslands } = await import("./boot.js");
const { detectBrowserLanguage } = await import("../i18n/language.js");

let root: HTMLElement;

function page() {
  // No stored session or recovery (they wake the islands at once) and no stored language.
  window.localStorage.clear();
  document.body.innerHTML = `
    <div id="root" data-prerendered="${detectBrowserLanguage()}" data-path="/login">${LOGIN_ISLAND}</div>`;
  root = document.getElementById("root") as HTMLElement;
  return {
    island: root.querySelector("veil-island") as HTMLElement,
    button: root.querySelector("button") as HTMLButtonElement,
    password: root.querySelector("input") as HTMLInputElement,
  };
}

async function hydrating() {
  await vi.waitFor(() => expect(hydration.options).toBeDefined());
  return hydration.options as HydrateOptions;
}

// bootIslands listens on the document, once per page; this file boots a page per test in one
// document (and the web project shares it between files), so each test's listeners are removed.
removeBootListenersAfterEach();
beforeEach(() => {
  hydration.options = undefined;
  hydration.sent = [];
});

describe("an interaction before the start-up ran", () => {
  // The start-up module is asked for after the first paint (@veil/contracts PAGE_START_SCRIPT): a
  // tap in between is not heard by it, but the browser remembers that the page was used.
  const activation = (hasBeenActive: boolean) =>
    Object.defineProperty(navigator, "userActivation", { value: { hasBeenActive }, configurable: true });

  it("wakes the islands, after the frame that shows its native answer", async () => {
    page();
    activation(true);
    const frame = vi.spyOn(window, "requestAnimationFrame").mockImplementation(() => 0);
    try {
      bootIslands(root);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await vi.dynamicImportSettled();
      expect(frame).toHaveBeenCalledOnce();
      expect(hydration.options).toBeUndefined();
      // The frame is drawn.
      frame.mock.calls[0]?.[0](performance.now());
      await hydrating();
    } finally {
      frame.mockRestore();
      Reflect.deleteProperty(navigator, "userActivation");
    }
  });

  it("answers the clicks the page's inline start-up recorded meanwhile, and ends the recording", async () => {
    window.localStorage.clear();
    document.body.innerHTML = `
      <div id="root" data-prerendered="${detectBrowserLanguage()}" data-path="/faq">
        <veil-island data-island="faq" data-when="intent" data-id="f0">
          <div data-slot="accordion-item" data-state="closed"><h3 data-state="closed">
            <button type="button" data-slot="accordion-trigger" aria-expanded="false" aria-controls="a0" data-state="closed">How?</button>
          </h3><div id="a0" role="region" hidden data-state="closed">So.</div></div>
        </veil-island>
      </div>`;
    root = document.getElementById("root") as HTMLElement;
    const question = root.querySelector("button") as HTMLButtonElement;
    const script = Object.assign(document.createElement("script"), { clicks: [question] });
    script.dataset.start = "/assets/index-abc.js";
    document.head.append(script);
    try {
      bootIslands(root);
      await Promise.resolve();
      expect(question).toHaveAttribute("aria-expanded", "true");
      expect(document.getElementById("a0")).not.toHaveAttribute("hidden");
      expect(script.clicks).toBeNull();
    } finally {
      script.remove();
    }
  });

  it("without one, the islands wait for the first interaction", async () => {
    page();
    activation(false);
    try {
      bootIslands(root);
      await vi.dynamicImportSettled();
      expect(hydration.options).toBeUndefined();
    } finally {
      Reflect.deleteProperty(navigator, "userActivation");
    }
  });
});

describe("the first interaction", () => {
  // Hydration is one long task: it must not run between a touch and the frame that answers it (#30).
  it("starts hydration after a tap's click, in a task after the next frame", async () => {
    await import("./hydrate.js");
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame"] });
    try {
      const { button } = page();
      bootIslands(root);
      // A touch: pointerover comes first on a screen without hover, then the press, then its click.
      button.dispatchEvent(Object.assign(new Event("pointerover", { bubbles: true }), { pointerType: "touch" }));
      button.dispatchEvent(new Event("pointerdown", { bubbles: true }));
      await vi.advanceTimersByTimeAsync(120);
      button.dispatchEvent(new Event("pointerup", { bubbles: true }));
      await vi.advanceTimersByTimeAsync(20);
      expect(hydration.options).toBeUndefined();
      const frame = vi.spyOn(window, "requestAnimationFrame");
      button.click();
      expect(frame).toHaveBeenCalledOnce();
      await vi.advanceTimersByTimeAsync(0);
      expect(hydration.options).toBeUndefined();
      await vi.advanceTimersByTimeAsync(20);
    } finally {
      vi.useRealTimers();
    }
    await hydrating();
  });

  it("with a session to show, starts hydration at once, frame or not (a background tab draws none)", async () => {
    // No frame ever comes.
    const frame = vi.spyOn(window, "requestAnimationFrame").mockImplementation(() => 0);
    try {
      page();
      window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ access_token: "x" }));
      bootIslands(root);
      await hydrating();
    } finally {
      frame.mockRestore();
      window.localStorage.clear();
    }
  });
});

describe("a submission made before hydration", () => {
  it("is sent once, after hydration", async () => {
    const { island, button } = page();
    bootIslands(root);
    expect(button.disabled).toBe(false);
    button.click();
    expect(hydration.sent).toEqual([]);
    const options = await hydrating();
    options.onHydrated(island);
    expect(hydration.sent).toEqual(["hunter2-correct"]);
  });

  it("shows the button busy from the tap until the form's own handler takes over (#26: no busy state for ~1.3 s)", async () => {
    const { island, button } = page();
    bootIslands(root);
    button.click();
    expect(button).toHaveAttribute("aria-busy", "true");
    const options = await hydrating();
    options.onHydrated(island);
    expect(button).not.toHaveAttribute("aria-busy");
    expect(hydration.sent).toHaveLength(1);
  });

  it("is not sent twice when the visitor submits again while the island hydrates", async () => {
    const { island, button } = page();
    bootIslands(root);
    button.click();
    const options = await hydrating();
    // React owns the form (its listeners are attached) but the island's effects have not run yet:
    // the visitor, seeing nothing happen, clicks again.
    button.click();
    options.onHydrated(island);
    expect(hydration.sent).toHaveLength(1);
  });

  it("is dropped when the visitor edits the form after submitting (the half-edited value is never sent)", async () => {
    const { island, button, password } = page();
    bootIslands(root);
    button.click();
    // Nothing seemed to happen: the visitor starts typing the password again.
    password.value = "hun";
    password.dispatchEvent(new Event("input", { bubbles: true }));
    const options = await hydrating();
    options.onHydrated(island);
    expect(hydration.sent).toEqual([]);
    // Their next submission is the one that counts.
    password.value = "hunter2-correct";
    button.click();
    expect(hydration.sent).toEqual(["hunter2-correct"]);
  });
});

describe("the plan check of a page with the plan list", () => {
  function plansPage() {
    window.localStorage.clear();
    document.body.innerHTML = `
      <div id="root" data-prerendered="${detectBrowserLanguage()}" data-path="/home">
        <veil-island data-island="plans" data-when="intent" data-id="p0"><section></section></veil-island>
      </div>`;
    root = document.getElementById("root") as HTMLElement;
  }

  it("asks the server for its plans only after the page has loaded, and wakes the islands when they differ", async () => {
    const fetchPlans = vi
      .spyOn(window, "fetch")
      .mockResolvedValue(new Response(JSON.stringify([{ id: 9, name: "1 Day", price: 1, days: 1 }])));
    vi.spyOn(document, "readyState", "get").mockReturnValue("interactive");
    plansPage();
    bootIslands(root);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetchPlans).not.toHaveBeenCalled();
    expect(hydration.options).toBeUndefined();

    window.dispatchEvent(new Event("load"));
    await vi.waitFor(() => expect(fetchPlans).toHaveBeenCalledWith("/api/plans/", expect.anything()));
    await hydrating();
  });

  it("waits for the first contentful paint too when the load event comes first (a fast visit)", async () => {
    // Lighthouse counts a request that ends before the largest paint, the first one, as part of LCP.
    const paints = fakePaintView({ paintTiming: true });
    vi.stubGlobal("PerformanceObserver", paints.view.PerformanceObserver);
    try {
      const fetchPlans = vi.spyOn(window, "fetch").mockResolvedValue(new Response(JSON.stringify([])));
      vi.spyOn(document, "readyState", "get").mockReturnValue("complete");
      plansPage();
      bootIslands(root);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(fetchPlans).not.toHaveBeenCalled();

      paints.paint("first-paint");
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(fetchPlans).not.toHaveBeenCalled();

      paints.paint("first-contentful-paint");
      await vi.waitFor(() => expect(fetchPlans).toHaveBeenCalledWith("/api/plans/", expect.anything()));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
