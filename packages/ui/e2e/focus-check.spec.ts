import { COLOUR_MODES, expectVisibleFocus } from "@veil/test-kit";
import { expect, stories, test, visit } from "./helpers/storybook.js";

/**
 * The focus check of the @vrt suites (`expectVisibleFocus`, @veil/test-kit) fails when a focus
 * indicator is taken away: here a stylesheet removes the Button's outline on focus, as a component
 * with `outline-none` and a box-shadow ring would show in forced colors, and the check must name the
 * buttons. Without the stylesheet the same story passes (the @vrt test of the Matrix).
 */
const buttonMatrix = stories().find((story) => story.title.endsWith("Button") && story.name === "Matrix");

for (const mode of COLOUR_MODES.filter((m) => m.focus)) {
  test(`the focus check fails on a Button whose focus outline is removed (${mode.name}) @vrt`, async ({ page }) => {
    if (!buttonMatrix) throw new Error("Button Matrix story not found");
    await visit(page, { id: buttonMatrix.id });
    await page.emulateMedia(mode.media);
    await page.addStyleTag({
      content: '[data-slot="button"]:focus-visible { outline: none !important; box-shadow: none !important; }',
    });
    const failure = await expectVisibleFocus(page, "Button Matrix without its outline").then(
      () => null,
      (error: Error) => error.message,
    );
    expect(failure, "the check passed although no button shows focus").not.toBeNull();
    expect(failure).toContain("button[data-slot=button]");
  });
}
