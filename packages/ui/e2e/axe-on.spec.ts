import { expect, type Page, test } from "@playwright/test";
import { axeOn } from "@veil/test-kit";

/**
 * `axeOn` (@veil/test-kit), the axe run of every a11y check, on fixed pages: it runs axe in the page
 * itself when the page has no frames and must still report what is wrong, and it must read a
 * frame's content when there is one (the cheaper mode would miss it).
 */
const nameless = async (page: Page) =>
  (await axeOn(page).withRules(["button-name"]).analyze()).violations.flatMap((violation) =>
    violation.nodes.map((node) => node.target.join(" > ")),
  );

test("reports every button without a name on a page without frames @a11y", async ({ page }) => {
  // Two, beside a named one: axe runs with `resultTypes: ["violations"]`, which trims the passes
  // to one node per rule and must leave every violating node in the report.
  await page.setContent(
    `<!doctype html><html lang="en"><body><main><button>Named</button><button id="a"></button><button id="b"></button></main></body></html>`,
  );
  expect(await nameless(page)).toEqual(["#a", "#b"]);
});

test("reports a button without a name inside a frame @a11y", async ({ page }) => {
  await page.setContent(
    `<!doctype html><html lang="en"><body><main><button>Named</button>
      <iframe title="Inner" srcdoc="<!doctype html><html lang=en><body><button></button></body></html>"></iframe>
    </main></body></html>`,
  );
  await expect(page.frameLocator("iframe").locator("button")).toBeAttached();
  expect(await nameless(page)).toEqual(["iframe > button"]);
});

test("checks the page as it is now on every run, loading axe once per document @a11y", async ({ page }) => {
  await page.setContent(
    `<!doctype html><html lang="en"><body><main><button id="a"></button><button id="b"></button></main></body></html>`,
  );
  expect(await nameless(page)).toEqual(["#a", "#b"]);
  // The axe the first run loaded answers the second, on the changed page.
  await page.evaluate(() => {
    (window as unknown as { axe: { loadedBefore?: boolean } }).axe.loadedBefore = true;
    document.getElementById("a")?.append("Named now");
    document.querySelector("main")?.insertAdjacentHTML("beforeend", '<button id="c"></button>');
  });
  expect(await nameless(page)).toEqual(["#b", "#c"]);
  expect(await page.evaluate(() => (window as unknown as { axe: { loadedBefore?: boolean } }).axe.loadedBefore)).toBe(
    true,
  );
  // After a navigation the page has no axe (`setContent` would keep the window, and axe with it):
  // it is loaded again, not assumed.
  const next = `<!doctype html><html lang="en"><body><main><button id="d"></button></main></body></html>`;
  await page.goto(`data:text/html,${encodeURIComponent(next)}`);
  expect(await nameless(page)).toEqual(["#d"]);
});

test("refuses to run, rather than skip it, when a frame appeared after the builder was made @a11y", async ({
  page,
}) => {
  await page.setContent(`<!doctype html><html lang="en"><body><main><button>Named</button></main></body></html>`);
  const builder = axeOn(page).withRules(["button-name"]);
  await page.evaluate(() => {
    const frame = document.createElement("iframe");
    frame.title = "Late";
    frame.srcdoc = "<!doctype html><html lang=en><body><button></button></body></html>";
    document.querySelector("main")?.append(frame);
  });
  await expect(page.frameLocator("iframe").locator("button")).toBeAttached();
  await expect(builder.analyze()).rejects.toThrow(/frame/);
});

test("loads its own axe over one the page brought itself @a11y", async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><body><main><button id="a"></button></main></body></html>`);
  // A page's own "axe" that finds nothing (as a page-configured axe might, with rules switched off).
  await page.evaluate(() => {
    (window as unknown as { axe: unknown }).axe = {
      run: async () => ({ violations: [] }),
      configure: () => undefined,
      runPartial: undefined,
    };
  });
  expect(await nameless(page)).toEqual(["#a"]);
});
