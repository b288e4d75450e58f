import { beforeEach, describe, expect, it, vi } from "vitest";
import type { HydrateOptions } from "./hydrate.js";
import { removeBootListenersAfterEach } from "./test-listeners.js";
import { LOGIN_ISLAND } from "./test-pages.js";

// When the islands' code cannot be loaded (a dropped connection, an old build's chunks gone after a
// deploy), the page must not promise what it cannot do (islands/boot.ts, `islandsCodeMissing`).
// hydrate.js is a stand-in whose loading of the islands' code fails or succeeds as the test says
// (the import of hydrate.js itself failing is the e2e test's, apps/web/e2e/islands.spec.ts).
const code = vi.hoisted(() => ({
  arrives: [] as boolean[],
  tries: 0,
  options: undefined as HydrateOptions | undefined,
}));
vi.mock("./hydrate.js", () => ({
  hydrateIslands: async (_root: HTMLElement, options: HydrateOptions) => {
    code.tries++;
    if (!(code.arrives.shift() ?? true)) throw new TypeError("Failed to fetch dynamically imported module");
    code.options = options;
  },
}));
vi.mock("../spa/start.js", () => ({ takeOverPage: async () => {} }));

const { bootIslands } = await import("./boot.js");

/** The login page before hydration: its submit button sends nothing natively (formmethod="dialog"). */
function loginPage() {
  document.body.innerHTML = `
    <div id="root" data-prerendered="en" data-path="/login" data-islands>${LOGIN_ISLAND}</div>`;
  const root = document.getElementById("root") as HTMLElement;
  // jsdom cannot send a form; the start-up's own listener has seen the submission by then.
  root.querySelector("form")?.addEventListener("submit", (event) => event.preventDefault());
  return { root, button: root.querySelector("button") as HTMLButtonElement };
}

/** Until every import the test set up has been tried, and the page's answer to the last has run. */
async function triedAll(): Promise<void> {
  await vi.waitFor(() => expect(code.arrives).toEqual([]), { timeout: 3_000 });
  await new Promise((resolve) => setTimeout(resolve, 0));
}

removeBootListenersAfterEach();
beforeEach(() => {
  window.localStorage.clear();
  code.arrives = [];
  code.tries = 0;
  code.options = undefined;
});

describe("a submission made before hydration, when the islands' code does not come", () => {
  it("leaves the button busy no longer, the typed password in place", async () => {
    const { root, button } = loginPage();
    bootIslands(root);
    code.arrives = [false];
    button.click();
    expect(button.getAttribute("aria-busy")).toBe("true");
    await triedAll();
    expect(button.hasAttribute("aria-busy")).toBe(false);
    expect(button.hasAttribute("aria-disabled")).toBe(false);
    expect((root.querySelector("input") as HTMLInputElement).value).toBe("hunter2-correct");
  });

  it("tries the code again on the next press or key, not on focus or a hover, without sending the dropped submission by itself", async () => {
    const { root, button } = loginPage();
    bootIslands(root);
    code.arrives = [false, true];
    button.click();
    await vi.waitFor(() => expect(code.arrives).toEqual([true]), { timeout: 3_000 });
    await new Promise((resolve) => setTimeout(resolve, 0));

    // Focus arriving (or a pointer passing over) asks the network nothing: it would, again and
    // again, as the visitor moves about the page.
    root.querySelector("input")?.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(code.tries).toBe(1);

    root.querySelector("input")?.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true, key: "a" }));
    await vi.waitFor(() => expect(code.options).toBeDefined(), { timeout: 3_000 });
    const island = root.querySelector("veil-island") as HTMLElement;
    const submitted = vi.fn();
    island.addEventListener("submit", submitted);
    code.options?.onHydrating(island);
    code.options?.onHydrated(island);
    expect(submitted).not.toHaveBeenCalled();
  });

  it("asks nothing more once the app has taken over the page meanwhile", async () => {
    const { root, button } = loginPage();
    root.insertAdjacentHTML("beforeend", '<a href="/termsofuse">Terms of use</a>');
    bootIslands(root);
    code.arrives = [false];
    button.click();
    // A link followed while the islands' code is on its way: the app takes over.
    (root.querySelector("a") as HTMLAnchorElement).click();
    await vi.waitFor(() => expect(code.arrives).toEqual([]), { timeout: 3_000 });
    await new Promise((resolve) => setTimeout(resolve, 0));

    root.querySelector("input")?.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true, key: "a" }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(code.tries).toBe(1);
  });
});
