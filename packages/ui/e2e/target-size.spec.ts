import { expect, type Page, test } from "@playwright/test";
import { targetSizeViolations } from "@veil/test-kit";

/**
 * The target-size check that a11y.spec.ts runs on every story (WCAG 2.2, 2.5.8), on fixed pages: it
 * must fail an undersized target with a close neighbour and pass what the criterion allows. Without
 * these, a check that never finds anything (as on today's stories) would look the same as a broken one.
 */
async function show(page: Page, body: string): Promise<void> {
  await page.setContent(
    `<!doctype html><html><head><style>
      * { margin: 0; padding: 0; border: 0; box-sizing: border-box; font: 16px/20px sans-serif; }
      button { display: block; position: absolute; background: #ddd; }
      .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
    </style></head><body>${body}</body></html>`,
  );
}

test("fails a 16 px button 2 px from another button (its 24 px circle reaches into it) @a11y", async ({ page }) => {
  await show(
    page,
    `<button aria-label="Close" style="left:0;top:0;width:16px;height:16px"></button>
     <button style="left:18px;top:0;width:80px;height:32px">Save</button>`,
  );
  expect(await targetSizeViolations(page)).toEqual([
    { target: 'button "Close"', width: 16, height: 16, overlaps: ['button "Save"'] },
  ]);
});

test("fails two 16 px buttons whose 24 px circles meet, though their boxes are 6 px apart @a11y", async ({ page }) => {
  await show(
    page,
    `<button aria-label="Previous" style="left:0;top:0;width:16px;height:16px"></button>
     <button aria-label="Next" style="left:22px;top:0;width:16px;height:16px"></button>`,
  );
  const violations = await targetSizeViolations(page);
  expect(violations.map((v) => [v.target, v.overlaps])).toEqual([
    ['button "Previous"', ['button "Next" (its circle)']],
    ['button "Next"', ['button "Previous" (its circle)']],
  ]);
});

test("measures a visually hidden radio as its label @a11y", async ({ page }) => {
  await show(
    page,
    `<label style="position:absolute;left:0;top:0;width:60px;height:16px">
       <input type="radio" name="t" class="sr-only">USDT</label>
     <label style="position:absolute;left:0;top:18px;width:60px;height:16px">
       <input type="radio" name="t" class="sr-only">USDC</label>`,
  );
  const violations = await targetSizeViolations(page);
  expect(violations.map((v) => v.target)).toEqual(['label "USDT"', 'label "USDC"']);
});

test("passes 24 px targets side by side, a lone small one, inline links and disabled controls @a11y", async ({
  page,
}) => {
  await show(
    page,
    `<button aria-label="A" style="left:0;top:0;width:24px;height:24px"></button>
     <button aria-label="B" style="left:24px;top:0;width:24px;height:24px"></button>
     <button aria-label="Lone" style="left:200px;top:0;width:16px;height:16px"></button>
     <p style="position:absolute;left:0;top:100px;width:300px">Read the <a href="#terms">terms</a> and the
       <a href="#privacy">privacy policy</a> first.</p>
     <button disabled aria-label="Off" style="left:50px;top:0;width:10px;height:10px"></button>`,
  );
  expect(await targetSizeViolations(page)).toEqual([]);
});
