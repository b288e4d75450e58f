import AxeBuilder from "@axe-core/playwright";
import { targetSizeViolations } from "@veil/test-kit";
import { expect, stories, test, visit } from "./helpers/storybook.js";

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA, plus axe's best practices (govuk-frontend's set). */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * Rules about whole pages, which an isolated story cannot satisfy; the app's own e2e suite runs
 * them on real pages. Colour contrast stays ON here: this is where it is measured.
 */
const PAGE_LEVEL_RULES = ["landmark-one-main", "region", "page-has-heading-one"];

for (const story of stories()) {
  test(`${story.title} › ${story.name} has no axe violations and big enough targets @a11y`, async ({
    sharedPage: page,
  }) => {
    await visit(page, { id: story.id, reuse: true });
    const results = await test.step("axe", () =>
      new AxeBuilder({ page }).withTags(TAGS).disableRules(PAGE_LEVEL_RULES).analyze());
    const summary = results.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary ?? ""}`),
    }));
    // Soft: a target-size problem must not hide axe's findings, nor the other way round.
    expect.soft(summary, `axe violations in story ${story.id}`).toEqual([]);
    // WCAG 2.2 target size (2.5.8), on the page axe just read (the whole body: dialogs and menus
    // live in portals outside the story root). Axe's target-size rule leaves the targets it cannot
    // settle as "incomplete", which fail nothing; this measures every one.
    const small = await test.step("target size", () => targetSizeViolations(page));
    expect(small, `targets under 24×24 px too close to others in story ${story.id}`).toEqual([]);
  });
}
