import type AxeBuilder from "@axe-core/playwright";
import { AXE_COLOUR_RULES, axeOn, COLOUR_MODES, targetSizeViolations } from "@veil/test-kit";
import { expect, stories, test, visit } from "./helpers/storybook.js";

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA, plus axe's best practices (govuk-frontend's set). */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * Rules about whole pages, which an isolated story cannot satisfy; the app's own e2e suite runs
 * them on real pages. Colour contrast stays ON here: this is where it is measured.
 */
const PAGE_LEVEL_RULES = ["landmark-one-main", "region", "page-has-heading-one"];

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;

const summarise = (results: AxeResults) =>
  results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary ?? ""}`),
  }));

/**
 * The one axe run over the stories: the Vitest Storybook project renders every story and runs its
 * play function without axe (vitest.storybook.config.ts). Every story: all of axe's rules of TAGS
 * in the light palette — a superset of the a11y addon's default set, which Vitest ran (every rule
 * axe enables by default, `region` off, page-level rules not run on the story root; TAGS add
 * `target-size`) — and the target-size measure, then — on the same render, switched with
 * `emulateMedia` — the colour rules again in each other mode that asks for them (dark; forced
 * colors replaces our colours with the system's, so contrast is not ours there: see COLOUR_MODES).
 * At 1280 px: Vitest rendered at its 1200 px default, and no breakpoint of @veil/ui lies between.
 */
for (const story of stories()) {
  test(`${story.title} › ${story.name} has no axe violations and big enough targets @a11y`, async ({
    sharedPage: page,
  }) => {
    await visit(page, { id: story.id, reuse: true });
    const results = await test.step("axe", () => axeOn(page).withTags(TAGS).disableRules(PAGE_LEVEL_RULES).analyze());
    // Soft: a target-size or dark-palette problem must not hide axe's findings, nor the other way round.
    expect.soft(summarise(results), `axe violations in story ${story.id}`).toEqual([]);
    // WCAG 2.2 target size (2.5.8), on the page axe just read (the whole body: dialogs and menus
    // live in portals outside the story root). Axe's target-size rule leaves the targets it cannot
    // settle as "incomplete", which fail nothing; this measures every one.
    const small = await test.step("target size", () => targetSizeViolations(page));
    expect.soft(small, `targets under 24×24 px too close to others in story ${story.id}`).toEqual([]);
    for (const mode of COLOUR_MODES.filter((m) => m.axe === "colour")) {
      // Axe reads the new palette at once: under reduced motion (the project's) no colour
      // transition starts. (With 0.01 ms ones it read the old value: Alert's link at 1.6:1.)
      await page.emulateMedia(mode.media);
      try {
        const colour = await test.step(`axe colour rules (${mode.name})`, () =>
          axeOn(page).withRules(AXE_COLOUR_RULES).analyze());
        expect(summarise(colour), `axe colour violations in story ${story.id} (${mode.name})`).toEqual([]);
      } finally {
        // The page is shared with the next story.
        await page.emulateMedia(COLOUR_MODES[0]?.media ?? {});
      }
    }
  });
}
