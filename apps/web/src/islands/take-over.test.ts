import { beforeEach, describe, expect, it, vi } from "vitest";
import { AUTH_STORAGE_KEY } from "../auth/session-hint.js";
import type { HydrateOptions } from "./hydrate.js";
import { removeBootListenersAfterEach } from "./test-listeners.js";

// When the app's code cannot be loaded (a dropped connection, an old build's chunks gone after a
// deploy), what the visitor asked for on a prerendered page is still done (islands/boot.ts,
// `takeOver`). The app, the islands and the full page load are stand-ins: the test decides how
// each take-over goes and sees what the page then does.
type Outcome = "arrives" | "import fails" | "render fails";
const app = vi.hoisted(() => ({
  outcomes: [] as Outcome[],
  takeOvers: [] as unknown[],
  loads: [] as [string, unknown][],
  hydration: undefined as HydrateOptions | undefined,
}));
vi.mock("./hydrate.js", () => ({
  hydrateIslands: async (_root: HTMLElement, options: HydrateOptions) => {
    app.hydration = options;
  },
}));
vi.mock("../spa/start.js", () => ({
  // Read when the import has resolved: "import fails" throws there, as a module that never came
  // leaves nothing to call; "render fails" is the app's own start failing (its messages' chunk).
  get takeOverPage() {
    const outcome = app.outcomes.shift() ?? "arrives";
    if (outcome === "import fails") throw new TypeError("Failed to fetch dynamically imported module");
    return async (_root: HTMLElement, request: unknown) => {
      if (outcome === "render fails") throw new TypeError("Failed to fetch dynamically imported module");
      app.takeOvers.push(request);
    };
  },
}));
vi.mock("../browser/load-page.js", () => ({
  loadPage: (url: string, options: unknown) => app.loads.push([url, options]),
}));

const { bootIslands } = await import("./boot.js");
const { storeLanguage } = await import("../i18n/language.js");

/** A prerendered English page (the browser's language here) with a link and the native language list. */
function page(): { root: HTMLElement; link: HTMLAnchorElement; choose: (language: string) => void } {
  document.body.innerHTML = `
    <div id="root" data-prerendered="en" data-translations="" data-path="/privacy" data-islands>
      <veil-island data-island="header" data-when="intent" data-id="h0">
        <header>
          <button type="button" data-language-choice="en">English</button>
          <button type="button" data-language-choice="ru">Русский</button>
        </header>
      </veil-island>
      <main><h1>Privacy policy</h1></main>
      <footer><a href="/termsofuse">Terms of use</a></footer>
    </div>`;
  const root = document.getElementById("root") as HTMLElement;
  return {
    root,
    link: root.querySelector("a") as HTMLAnchorElement,
    choose: (language) => (root.querySelector(`[data-language-choice='${language}']`) as HTMLElement).click(),
  };
}

/** Clicks `link` as the browser dispatches it; whether the click was left to the browser to follow. */
function click(link: HTMLAnchorElement): boolean {
  return link.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
}

/** Until every take-over the test set up has been tried, and the page's answer to the last has run. */
async function triedAll(): Promise<void> {
  await vi.waitFor(() => expect(app.outcomes).toEqual([]));
  await new Promise((resolve) => setTimeout(resolve, 0));
}

removeBootListenersAfterEach();
beforeEach(() => {
  // No language chosen (neither stored nor in the cookie the server reads), no session.
  window.localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store; this only expires our own test cookie
  document.cookie = "lang=; Path=/; Max-Age=0";
  app.outcomes = [];
  app.takeOvers = [];
  app.loads = [];
  app.hydration = undefined;
});

describe("a link followed on a prerendered page", () => {
  it("lets the app take over at the link's page when its code arrives", async () => {
    const { root, link } = page();
    bootIslands(root);
    expect(click(link)).toBe(false);
    await vi.waitFor(() => expect(app.takeOvers).toEqual([{ language: "en", navigation: { to: "/termsofuse" } }]));
    expect(app.loads).toEqual([]);
  });

  it.each<Outcome>(["import fails", "render fails"])(
    "loads the link's page in full when the app's code does not come (%s), instead of doing nothing",
    async (outcome) => {
      const { root, link } = page();
      bootIslands(root);
      app.outcomes = [outcome];
      expect(click(link)).toBe(false);
      await vi.waitFor(() => expect(app.loads).toEqual([["/termsofuse", { replace: undefined }]]));
      expect(app.takeOvers).toEqual([]);
    },
  );
});

describe("a navigation asked for inside an island", () => {
  it("replaces this page's history entry when it was to, so Back does not lead here again", async () => {
    window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ access_token: "x" }));
    const { root } = page();
    bootIslands(root);
    await vi.waitFor(() => expect(app.hydration).toBeDefined());
    app.outcomes = ["import fails"];
    app.hydration?.onNavigate({ to: "/account/profile", replace: true });
    await vi.waitFor(() => expect(app.loads).toEqual([["/account/profile", { replace: true }]]));
  });
});

describe("a language the visitor stored before, other than the page's", () => {
  it("starts the page as it was sent when the app's code does not come, and the next link tries the app in that language", async () => {
    storeLanguage("ru");
    const { root, link } = page();
    app.outcomes = ["import fails"];
    bootIslands(root);
    await triedAll();
    expect(root.querySelector("h1")?.textContent).toBe("Privacy policy");
    expect(app.loads).toEqual([]);
    // The rest of the start-up ran: the page's islands wake on the first interaction.
    root.querySelector("button")?.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    await vi.waitFor(() => expect(app.hydration).toBeDefined(), { timeout: 3_000 });

    expect(click(link)).toBe(false);
    await vi.waitFor(() => expect(app.takeOvers).toEqual([{ language: "ru", navigation: { to: "/termsofuse" } }]));
  });

  it("answers, once started as sent, a click the page recorded before its start-up ran", async () => {
    storeLanguage("ru");
    const { root } = page();
    // The page's inline start-up keeps the targets of early clicks on its script element.
    const script = Object.assign(document.createElement("script"), { clicks: [] as EventTarget[] });
    script.dataset.start = "/assets/index-abc.js";
    document.head.append(script);
    try {
      script.clicks.push(root.querySelector("[data-language-choice='ru']") as HTMLElement);
      app.outcomes = ["import fails"];
      bootIslands(root);
      // Русский, tapped before the start-up: the page has no Russian version, so the app is asked again.
      await vi.waitFor(() => expect(app.takeOvers).toEqual([{ language: "ru", navigation: undefined }]));
    } finally {
      script.remove();
    }
  });
});

describe("a language chosen on a page that has no page in it", () => {
  /** The page after Русский was chosen and the app's code did not come. */
  async function afterFailedChoice() {
    const started = page();
    bootIslands(started.root);
    app.outcomes = ["import fails"];
    started.choose("ru");
    await triedAll();
    return started;
  }

  it("stays on this page when the app's code does not come; the next link tries again in the chosen language", async () => {
    const { root, link } = await afterFailedChoice();
    expect(root.querySelector("h1")?.textContent).toBe("Privacy policy");
    expect(app.loads).toEqual([]);

    expect(click(link)).toBe(false);
    await vi.waitFor(() => expect(app.takeOvers).toEqual([{ language: "ru", navigation: { to: "/termsofuse" } }]));
  });

  it("then takes the page's own language back when the visitor chooses it again", async () => {
    const { link, choose } = await afterFailedChoice();
    choose("en");

    expect(click(link)).toBe(false);
    await vi.waitFor(() => expect(app.takeOvers).toEqual([{ language: "en", navigation: { to: "/termsofuse" } }]));
  });
});
