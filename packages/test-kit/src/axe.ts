import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * Axe's own source, from the copy of `axe-core` that `@axe-core/playwright` would load itself, so
 * a page gets the very axe the builder was written for.
 */
const axeSource: string = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"))(
  "axe-core",
).source;

/**
 * A builder that loads axe into the page only when the page has none of ours yet. `AxeBuilder`
 * evaluates axe's 0.5 MB source twice on every run (once itself, once more to inject it), about
 * 0.14 CPU-s measured on a public page; most of our pages are checked more than once (light and
 * dark, a Storybook page through all its stories), and the axe already there is the same. Given a
 * no-op as its source, the builder's own steps (configure, `axe.run`) run on the axe this loaded.
 * An axe the page brought itself (Storybook's a11y addon configures its own per story) is not
 * taken for ours: ours is marked when loaded.
 * Only for pages without frames: each frame would need axe injected by the builder itself, so a
 * frame that appears after `axeOn` chose this builder is refused instead of silently skipped.
 */
class AxeLoadedOnce extends AxeBuilder {
  readonly #page: Page;

  constructor(page: Page) {
    super({ page, axeSource: ";" });
    this.#page = page;
  }

  override async analyze(): ReturnType<AxeBuilder["analyze"]> {
    if (this.#page.mainFrame().childFrames().length > 0) {
      throw new Error("axeOn: the page has a frame it did not have when axeOn(page) was called; call it afterwards");
    }
    // Asked of the page every time, not remembered here: a navigation brings a document without it.
    const ours = await this.#page.evaluate(
      "typeof window.axe?.run === 'function' && window.axe === window.__veilTestAxe",
    );
    if (!ours) await this.#page.evaluate(`${axeSource}\n;window.__veilTestAxe = window.axe;`);
    return super.analyze();
  }
}

/**
 * An axe run over `page` for both suites. `@axe-core/playwright`'s default mode runs axe in each
 * frame and then opens a new blank page in the context, loads axe's 0.5 MB source into it again
 * and finishes the run there, on every run; that extra page was a large part of each of the ~630
 * axe runs of `npm test` (issue #27: the Storybook a11y spec 59–66 s → 38 s for 40 stories, A/B).
 * Its legacy mode runs `axe.run` in the page itself, but does not read the content of child frames
 * (a `srcdoc` frame's nameless button went unreported), so a page with frames keeps the default
 * mode. Our pages and stories have none today. e2e/axe-on.spec.ts in @veil/ui holds both cases.
 */
export const axeOn = (page: Page): AxeBuilder => {
  const withoutFrames = page.mainFrame().childFrames().length === 0;
  return (
    (withoutFrames ? new AxeLoadedOnce(page) : new AxeBuilder({ page }))
      // Every check reads the violations only. Axe otherwise builds a selector and an HTML excerpt
      // for every node that passed, too (thousands on a long page); with this it keeps one per rule
      // for the other result types, and every violating node as before. A/B on four public pages at
      // two widths: 608 → 472 ms a run (median of 24). Set before the callers' `withTags` or
      // `withRules`, which add to these options (`options()` would replace them).
      .options({ resultTypes: ["violations"] })
      .setLegacyMode(withoutFrames)
  );
};
