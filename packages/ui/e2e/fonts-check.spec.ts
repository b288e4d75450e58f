import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { expectShippedFonts } from "@veil/test-kit";

/**
 * `expectShippedFonts` (@veil/test-kit), the hermetic-font check after every capture, on fixed
 * pages: text in a system font fails it, and an element that React replaces while the check walks
 * the page (the page re-rendered after its capture, seen once on the payments screen) makes it
 * walk a fresh snapshot rather than fail on a node that is gone.
 */
const INTER = readFileSync(new URL("../../../apps/web/src/assets/fonts/inter-latin-public.woff2", import.meta.url));

async function pageWithText(page: Page, body: string): Promise<void> {
  await page.route("https://fonts.veil.test/inter.woff2", (route) =>
    route.fulfill({ body: INTER, contentType: "font/woff2" }),
  );
  await page.setContent(
    `<!doctype html><html lang="en"><head><style>
      @font-face { font-family: "Inter"; src: url(https://fonts.veil.test/inter.woff2) format("woff2"); }
      body { font-family: "Inter"; }
    </style></head><body>${body}</body></html>`,
  );
  await page.evaluate(async () => {
    await document.fonts.load('16px "Inter"');
    await document.fonts.ready;
  });
}

/**
 * The page as the check sees it, except that the check's first font question is preceded by
 * `change` (in the page): the node it asks about may then be gone, as when a render lands mid-walk.
 */
function changedBeforeFirstQuestion(page: Page, change: () => Promise<void>): Page {
  let changed = false;
  const context = {
    newCDPSession: async () => {
      const cdp = await page.context().newCDPSession(page);
      const send = async (method: string, params?: object) => {
        if (method === "CSS.getPlatformFontsForNode" && !changed) {
          changed = true;
          await change();
        }
        return cdp.send(method as "CSS.getPlatformFontsForNode", params as never);
      };
      return { send, detach: () => cdp.detach() };
    },
  };
  return { context: () => context } as unknown as Page;
}

test("fails text drawn in a font the project does not ship", async ({ page }) => {
  await pageWithText(page, `<p>Shipped</p><p style="font-family: serif">System serif</p>`);
  await expect(expectShippedFonts(page)).rejects.toThrow(/"System serif" uses a system font/);
});

test("walks a fresh snapshot when an element leaves the page during the check", async ({ page }) => {
  await pageWithText(page, `<p id="first">Replaced mid-walk</p><p>Stays</p>`);
  const replaceFirst = () =>
    page.evaluate(() => {
      const first = document.getElementById("first");
      first?.replaceWith(first.cloneNode(true));
    });
  await expectShippedFonts(changedBeforeFirstQuestion(page, replaceFirst));
});

test("still fails a system font found in the fresh snapshot", async ({ page }) => {
  await pageWithText(page, `<p id="first">Replaced mid-walk</p>`);
  const replaceWithSerif = () =>
    page.evaluate(() => {
      const first = document.getElementById("first");
      const serif = first?.cloneNode(true) as HTMLElement;
      serif.style.fontFamily = "serif";
      first?.replaceWith(serif);
    });
  await expect(expectShippedFonts(changedBeforeFirstQuestion(page, replaceWithSerif))).rejects.toThrow(
    /"Replaced mid-walk" uses a system font/,
  );
});
