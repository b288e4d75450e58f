import { beforeEach, describe, expect, it, vi } from "vitest";
import { removeBootListenersAfterEach } from "./test-listeners.js";

// A language chosen on a prerendered page swaps in the same page prerendered in that language
// (islands/page-language.ts, issue #30) instead of letting the whole app take over. hydrate.js and
// the app are stand-ins: the test sees whether the app was asked to take over.
const app = vi.hoisted(() => ({ takeOvers: [] as unknown[], hydrations: 0 }));
vi.mock("./hydrate.js", () => ({
  hydrateIslands: async () => {
    app.hydrations++;
  },
}));
vi.mock("../spa/start.js", () => ({
  takeOverPage: (_root: HTMLElement, request: unknown) => app.takeOvers.push(request),
}));

const { bootIslands } = await import("./boot.js");
const { readTranslation, swapPage, translationUrl } = await import("./page-language.js");
const { keepIslandRoot } = await import("./roots.js");

// As prerender.mjs writes it: the inline start-up (its text left out here) naming the page's module.
const SCRIPT = '<script data-start="/assets/index-abc.js"></script>';

/** A prerendered page as scripts/prerender.mjs writes it. */
function html(language: "en" | "ru", { path = "/home", script = SCRIPT } = {}) {
  const other = language === "en" ? "ru:/home/index.ru.html" : "en:/home/index.html";
  const heading = language === "en" ? "Your internet, veiled" : "Ваш интернет — под вуалью";
  const choice = language === "en" ? "ru" : "en";
  return `<!doctype html><html lang="${language}"><head>
    <meta charset="UTF-8">
    <!--page-head-->
    <title>${heading} — Veil</title>
    <meta data-page-meta name="description" content="${language} description">
    <!--/page-head-->
    ${script}
  </head><body><div id="root" data-prerendered="${language}" data-translations="${other}" data-islands data-path="${path}"><veil-island data-island="header" data-when="intent" data-id="header0"><header><button type="button" data-slot="header-menu-toggle">Menu</button><div popover id="list"><button type="button" data-language-choice="${choice}">${choice}</button></div></header></veil-island><main><h1>${heading}</h1></main></div></body></html>`;
}

/** Makes the current document the English page, as the browser parsed it. */
function loadEnglishPage() {
  const page = new DOMParser().parseFromString(html("en"), "text/html");
  document.documentElement.lang = "en";
  document.head.replaceChildren(...Array.from(page.head.childNodes, (node) => document.importNode(node, true)));
  document.body.replaceChildren(...Array.from(page.body.childNodes, (node) => document.importNode(node, true)));
  return document.getElementById("root") as HTMLElement;
}

let served: Record<string, string | undefined>;
let requests: string[];
// Each test boots a page in this one document: its listeners are removed afterwards.
removeBootListenersAfterEach();
beforeEach(() => {
  window.localStorage.clear();
  app.takeOvers = [];
  requests = [];
  served = { "/home/index.ru.html": html("ru") };
  vi.spyOn(window, "fetch").mockImplementation(async (input) => {
    const url = String(input);
    requests.push(url);
    const body = served[url];
    return body === undefined ? new Response("", { status: 404 }) : new Response(body);
  });
});

describe("the page in another language", () => {
  it("is named by the prerendered page", () => {
    const root = loadEnglishPage();
    expect(translationUrl(root, "ru")).toBe("/home/index.ru.html");
    expect(translationUrl(root, "en")).toBeUndefined();
  });

  it("is only ever a page file of this site, whatever the list says", () => {
    // After a swap the list comes from the fetched page, so it is not taken on trust.
    const root = loadEnglishPage();
    for (const url of ["//evil.example/home.html", "https://evil.example/home.html", "/home/index.ru.js", "ru.html"]) {
      root.dataset.translations = `ru:${url}`;
      expect(translationUrl(root, "ru"), url).toBeUndefined();
    }
  });

  it("is read once, and only when it is this page of this build", async () => {
    const root = loadEnglishPage();
    const page = await readTranslation(root, "ru");
    expect(page?.getElementById("root")?.dataset.prerendered).toBe("ru");
    await readTranslation(root, "ru");
    expect(requests).toEqual(["/home/index.ru.html"]);

    // Another build (a deploy since the page loaded), another page, or no page: not used.
    for (const other of [
      html("ru", { script: SCRIPT.replace("abc", "new") }),
      html("ru", { path: "/faq" }),
      undefined,
    ]) {
      served["/home/index.ru.html"] = other;
      loadEnglishPage();
      const fresh = document.getElementById("root") as HTMLElement;
      // A new URL each time, so the earlier answer is not reused.
      fresh.dataset.translations = `ru:/v${requests.length}/home/index.ru.html`;
      served[`/v${requests.length}/home/index.ru.html`] = other;
      expect(await readTranslation(fresh, "ru")).toBeUndefined();
    }
    expect(requests).toHaveLength(4);
  });

  it("takes the page's place: content, root attributes, head and language; the islands' roots are unmounted", async () => {
    const root = loadEnglishPage();
    const unmount = vi.fn();
    keepIslandRoot({ unmount });
    const page = await readTranslation(root, "ru");
    if (!page) throw new Error("no Russian page");
    swapPage(root, page, "ru");
    expect(unmount).toHaveBeenCalledOnce();
    expect(document.documentElement.lang).toBe("ru");
    expect(document.title).toBe("Ваш интернет — под вуалью — Veil");
    expect(document.querySelectorAll("title")).toHaveLength(1);
    expect(document.querySelector("meta[name='description']")?.getAttribute("content")).toBe("ru description");
    expect(document.getElementById("root")).toBe(root);
    expect(root.dataset).toMatchObject({ prerendered: "ru", translations: "en:/home/index.html", path: "/home" });
    expect(root.querySelector("h1")?.textContent).toBe("Ваш интернет — под вуалью");
  });
});

describe("a language chosen in the native list before hydration", () => {
  it("swaps the page in place, with no app; the new page starts again and its choice swaps back", async () => {
    const root = loadEnglishPage();
    bootIslands(root);
    (root.querySelector("[data-language-choice='ru']") as HTMLElement).click();
    await vi.waitFor(() => expect(root.querySelector("h1")?.textContent).toBe("Ваш интернет — под вуалью"));
    expect(window.localStorage.getItem("lang")).toBe("ru");
    expect(app.takeOvers).toEqual([]);

    // The Russian page's own start-up answers its list: English comes back the same way.
    served["/home/index.html"] = html("en");
    (root.querySelector("[data-language-choice='en']") as HTMLElement).click();
    await vi.waitFor(() => expect(root.querySelector("h1")?.textContent).toBe("Your internet, veiled"));
    expect(document.documentElement.lang).toBe("en");
    expect(app.takeOvers).toEqual([]);
  });

  it("does not wake the new page's islands: the choice was an interaction, but it asked for the page", async () => {
    const root = loadEnglishPage();
    bootIslands(root);
    const hydrationsBefore = app.hydrations;
    // The click that chooses the language gives the page the browser's user activation.
    Object.defineProperty(navigator, "userActivation", { value: { hasBeenActive: true }, configurable: true });
    try {
      (root.querySelector("[data-language-choice='ru']") as HTMLElement).click();
      await vi.waitFor(() => expect(root.querySelector("h1")?.textContent).toBe("Ваш интернет — под вуалью"));
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(app.hydrations).toBe(hydrationsBefore);
    } finally {
      Reflect.deleteProperty(navigator, "userActivation");
    }
  });

  it("lets the app take over in that language when the page cannot be read", async () => {
    const root = loadEnglishPage();
    root.dataset.translations = "ru:/missing/index.ru.html";
    bootIslands(root);
    (root.querySelector("[data-language-choice='ru']") as HTMLElement).click();
    await vi.waitFor(() => expect(app.takeOvers).toEqual([{ language: "ru", navigation: undefined }]));
    expect(root.querySelector("h1")?.textContent).toBe("Your internet, veiled");
  });
});
