import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, test as base, type Page, test as playwrightTest } from "@playwright/test";
import { freshRasterBrowser } from "@veil/test-kit";
import { serveStatic } from "./static-server.js";

/** The static Storybook these suites run against; `scripts/test-all.mjs` builds it first. */
export const STORYBOOK_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../storybook-static");

export interface StoryEntry {
  id: string;
  title: string;
  name: string;
  type: "story" | "docs";
  tags?: string[];
}

/** Every story in the built Storybook (docs pages left out), read from its index.json. */
export function stories(): StoryEntry[] {
  const index = path.join(STORYBOOK_DIR, "index.json");
  if (!existsSync(index)) {
    throw new Error(`${index} is missing: build the Storybook first (pnpm --filter @veil/ui build-storybook).`);
  }
  const { entries } = JSON.parse(readFileSync(index, "utf8")) as { entries: Record<string, StoryEntry> };
  return Object.values(entries).filter((entry) => entry.type === "story");
}

/** "Components/PlanCard" → "PlanCard": the component part of a story title, for file names. */
export function componentName(title: string): string {
  return title.split("/").at(-1)?.replace(/\s+/g, "") ?? title;
}

/**
 * Worker-scoped static server for the Storybook on an OS-chosen port; `baseURL` points at it, so a
 * test only needs `visit(page, { id })`.
 */
export const test = base.extend<
  { rasterBrowser: Browser; isolatedPage: Page },
  { storybookUrl: string; sharedPage: Page }
>({
  rasterBrowser: freshRasterBrowser,
  storybookUrl: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the fixtures argument to be destructured
    async ({}, use) => {
      const server = await serveStatic(STORYBOOK_DIR);
      await use(server.url);
      await server.close();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ storybookUrl }, use) => use(storybookUrl),
  /**
   * One Storybook page per worker that `visit(…, { reuse: true })` switches from story to story
   * without reloading the preview bundle, which is most of a visit's cost. For checks that read the
   * DOM (axe); screenshots use `isolatedPage`.
   */
  sharedPage: [
    async ({ browser, storybookUrl }, use) => {
      const context = await browser.newContext({
        baseURL: storybookUrl,
        viewport: { width: 1280, height: 900 },
        deviceScaleFactor: 1,
        locale: "en-US",
        timezoneId: "UTC",
        colorScheme: "light",
        reducedMotion: "reduce",
      });
      await use(await context.newPage());
      await context.close();
    },
    { scope: "worker" },
  ],
  /** A page in `rasterBrowser` with the same context options as the project. */
  isolatedPage: async ({ rasterBrowser: browser, storybookUrl, viewport, contextOptions }, use) => {
    const context = await browser.newContext({
      ...contextOptions,
      baseURL: storybookUrl,
      viewport,
      deviceScaleFactor: 1,
      locale: "en-US",
      timezoneId: "UTC",
      colorScheme: "light",
      reducedMotion: "reduce",
    });
    await use(await context.newPage());
    await context.close();
  },
});
export { expect } from "@playwright/test";

interface StoryChannel {
  emit: (event: string, payload: unknown) => void;
  on: (event: string, listener: (payload: unknown) => void) => void;
}

interface StoryPhaseWindow {
  __STORYBOOK_PREVIEW__?: { currentRender?: { id?: string; phase?: string } };
  __STORYBOOK_ADDONS_CHANNEL__?: StoryChannel;
  /** Each story's outcome as the preview reported it (`recordStoryOutcomes`): "success" or "error". */
  __veilStoryOutcomes?: Record<string, string>;
}

/**
 * Keeps, in the page, how each story's render ended, from the preview's own channel: a story whose
 * play function threw, or that left an unhandled error while playing, still reaches the render phase
 * "finished" (Storybook 10 moves on to it after "errored"), so the phase alone would pass it. The
 * channel is set on `window` by the preview's first script, so the listener is attached from an
 * init script that watches for it.
 */
function recordStoryOutcomes(): void {
  const w = window as unknown as StoryPhaseWindow;
  const outcomes: Record<string, string> = {};
  w.__veilStoryOutcomes = outcomes;
  let channel: StoryChannel | undefined;
  Object.defineProperty(window, "__STORYBOOK_ADDONS_CHANNEL__", {
    configurable: true,
    get: () => channel,
    set: (value: StoryChannel | undefined) => {
      channel = value;
      if (!value) return;
      let current: string | undefined;
      // The render each story's outcome belongs to: a new render of the story (another visit)
      // starts with a clean slate, the same render passing "loading" again (a re-render after its
      // play threw) keeps its error.
      const renders: Record<string, unknown> = {};
      value.on("storyRenderPhaseChanged", (payload) => {
        const { storyId, newPhase, renderId } = payload as { storyId?: string; newPhase?: string; renderId?: unknown };
        if (!storyId) return;
        current = storyId;
        if (newPhase === "loading" && renders[storyId] !== renderId) {
          renders[storyId] = renderId;
          delete outcomes[storyId];
        }
        if (newPhase === "errored") outcomes[storyId] ??= "error";
      });
      // What threw, for the failure message (these events name no story: the one rendering).
      const threw = (error: unknown) => {
        const first = (Array.isArray(error) ? error[0] : error) as { message?: string } | undefined;
        if (current) outcomes[current] = `error: ${first?.message ?? "unknown"}`;
      };
      for (const event of ["playFunctionThrewException", "storyThrewException", "unhandledErrorsWhilePlaying"])
        value.on(event, threw);
      value.on("storyFinished", (payload) => {
        const { storyId, status } = payload as { storyId?: string; status?: string };
        if (storyId && !outcomes[storyId]?.startsWith("error")) outcomes[storyId] = status ?? "error";
      });
    },
  });
}
const recording = new WeakSet<Page>();

/**
 * Opens one story in the Storybook iframe and waits until it is truly settled: the render (and its
 * play function and afterEach hooks) finished, web fonts are loaded, images are decoded, and every
 * finite animation is done. Fails with the story's own error when it threw.
 *
 * With `reuse`, a page that already shows a story switches to the next one through Storybook's
 * channel (as the Storybook UI does) instead of reloading; the previous story is unmounted first.
 */
export async function visit(
  page: Page,
  {
    id,
    args,
    globals,
    reuse = false,
  }: { id: string; args?: Record<string, string>; globals?: Record<string, string>; reuse?: boolean },
): Promise<void> {
  if (!recording.has(page)) {
    recording.add(page);
    await page.addInitScript(recordStoryOutcomes);
  }
  const onStorybook = page.url().includes("/iframe.html");
  if (reuse && onStorybook && !(await page.evaluate(() => "__veilStoryOutcomes" in window))) {
    throw new Error("visit: this page opened the Storybook itself; open its first story with visit() instead");
  }
  if (reuse && onStorybook && !args && !globals) {
    await playwrightTest.step("switch story", () =>
      page.evaluate((storyId) => {
        const channel = (window as unknown as StoryPhaseWindow).__STORYBOOK_ADDONS_CHANNEL__;
        if (!channel) throw new Error("Storybook channel not found");
        channel.emit("setCurrentStory", { storyId, viewMode: "story" });
      }, id),
    );
  } else {
    const params = new URLSearchParams({ id, viewMode: "story" });
    const encode = (values: Record<string, string>) =>
      Object.entries(values)
        .map(([key, value]) => `${key}:${value}`)
        .join(";");
    if (args) params.set("args", encode(args));
    // The a11y addon would also run axe after every render; these suites run axe themselves.
    params.set("globals", encode({ "a11y.manual": "!true", ...globals }));
    await page.goto(`/iframe.html?${params.toString()}`);
  }

  // A named step, so `pnpm test:timings` can tell settling from navigating and capturing.
  await playwrightTest.step("settle", async () => {
    const phase = await page
      .waitForFunction(
        (storyId) => {
          const render = (window as unknown as StoryPhaseWindow).__STORYBOOK_PREVIEW__?.currentRender;
          if (render?.id !== storyId) return false;
          const current = render.phase;
          // "finished" counts once the story's outcome is in (the preview reports it in that phase).
          const outcomes = (window as unknown as StoryPhaseWindow).__veilStoryOutcomes;
          if (current === "finished") return outcomes?.[storyId] ? current : false;
          return current === "errored" || current === "aborted" ? current : false;
        },
        id,
        { timeout: 20_000 },
      )
      .then((handle) => handle.jsonValue());
    // Its play function threw or its render failed (the outcome), or it never finished (the phase).
    const outcome = await page.evaluate(
      (storyId) => (window as unknown as StoryPhaseWindow).__veilStoryOutcomes?.[storyId],
      id,
    );
    if (phase !== "finished" || outcome !== "success") {
      throw new Error(`Story ${id} did not render and play (${phase}): ${outcome ?? "no outcome reported"}`);
    }
    await page.locator(".veil-story-root").waitFor();

    await settleStory(page);
  });
}

/**
 * Fonts loaded, images decoded, every finite animation done: after a story rendered, and again
 * after the page was resized.
 */
export async function settleStory(page: Page): Promise<void> {
  await playwrightTest.step("settle", () =>
    page.evaluate(async () => {
      await document.fonts.ready;
      await Promise.all(
        Array.from(document.images).map((image) => (image.complete ? null : image.decode().catch(() => null))),
      );
      // Infinite animations (spinners) never finish; the screenshot freezes them instead.
      await Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((animation) => animation.finished.catch(() => null)),
      );
      // Two frames: a resize reaches layout and paint on the next frame.
      for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame);
    }),
  );
}
