import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * An axe run over `page` for both suites. `@axe-core/playwright`'s default mode runs axe in each
 * frame and then opens a new blank page in the context, loads axe's 0.5 MB source into it again
 * and finishes the run there, on every run; that extra page was a large part of each of the ~630
 * axe runs of `npm test` (issue #27: the Storybook a11y spec 59–66 s → 38 s for 40 stories, A/B).
 * Its legacy mode runs `axe.run` in the page itself, but does not read the content of child frames
 * (a `srcdoc` frame's nameless button went unreported), so a page with frames keeps the default
 * mode. Our pages and stories have none today. e2e/axe-on.spec.ts in @veil/ui holds both cases.
 */
export const axeOn = (page: Page): AxeBuilder =>
  new AxeBuilder({ page })
    // Every check reads the violations only. Axe otherwise builds a selector and an HTML excerpt
    // for every node that passed, too (thousands on a long page); with this it keeps one per rule
    // for the other result types, and every violating node as before. A/B on four public pages at
    // two widths: 608 → 472 ms a run (median of 24). Set before the callers' `withTags` or
    // `withRules`, which add to these options (`options()` would replace them).
    .options({ resultTypes: ["violations"] })
    .setLegacyMode(page.mainFrame().childFrames().length === 0);
