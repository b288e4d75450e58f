import { type Page, test } from "@playwright/test";

/**
 * Hermetic screenshots: every piece of text in a capture must be drawn with a font the project
 * ships (a web font the page loaded from its own bundle), never with one the machine happens to
 * have. A system font in a baseline makes the suite fail on any box with other Debian font
 * packages installed (issue #15: imagemagick → gsfonts changed the phone illustration's monospace
 * text and failed 10 web screenshots).
 *
 * Chromium is asked through the DevTools protocol which platform fonts it really used for the text
 * of each element (`CSS.getPlatformFontsForNode`); a font that is not a custom (web) font, or a web
 * font outside `SHIPPED_FONTS`, fails the test naming the element, its text and the font.
 */

/** Family names of the fonts the app and Storybook bundle (as the font files name themselves). */
export const SHIPPED_FONTS: readonly string[] = [
  "Inter Variable",
  "Inter",
  "JetBrains Mono",
  "JetBrains Mono Variable",
];

interface DomNode {
  nodeId: number;
  nodeType: number;
  nodeName: string;
  nodeValue: string;
  attributes?: string[];
  children?: DomNode[];
  contentDocument?: DomNode;
  shadowRoots?: DomNode[];
}

interface PlatformFont {
  familyName: string;
  postScriptName?: string;
  isCustomFont: boolean;
  glyphCount: number;
}

const TEXT_NODE = 3;
const NOT_RENDERED = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "TITLE", "HEAD"]);

/** "div.card#id" style label of an element, for failure messages. */
function describe(node: DomNode): string {
  const attrs = node.attributes ?? [];
  const attr = (name: string) => {
    const i = attrs.indexOf(name);
    return i >= 0 && i % 2 === 0 ? attrs[i + 1] : undefined;
  };
  const id = attr("id");
  const cls = attr("class")?.trim().split(/\s+/).slice(0, 3).join(".");
  return `<${node.nodeName.toLowerCase()}${id ? `#${id}` : ""}${cls ? `.${cls}` : ""}>`;
}

/** Elements that hold text directly (the protocol reports fonts per element, for its child text). */
function elementsWithText(root: DomNode): { node: DomNode; text: string }[] {
  const found: { node: DomNode; text: string }[] = [];
  const walk = (node: DomNode) => {
    if (NOT_RENDERED.has(node.nodeName)) return;
    const text = (node.children ?? [])
      .filter((child) => child.nodeType === TEXT_NODE)
      .map((child) => child.nodeValue)
      .join("")
      .trim();
    if (text) found.push({ node, text });
    for (const child of node.children ?? []) walk(child);
    for (const shadow of node.shadowRoots ?? []) walk(shadow);
    if (node.contentDocument) walk(node.contentDocument);
  };
  walk(root);
  return found;
}

/**
 * Fails when any rendered text on the page uses a font that is not shipped. Call after the page
 * settled (fonts loaded), right before the screenshot.
 */
export async function expectShippedFonts(page: Page): Promise<void> {
  await test.step("fonts check", () => checkFonts(page));
}

/** What the DevTools protocol answers for a node that left the document after it was listed. */
const NODE_GONE = "Could not find node with given id";

async function checkFonts(page: Page): Promise<void> {
  // The walk asks for every text element of one snapshot of the document, one call each. A node
  // React replaced meanwhile (a re-render after the capture) is gone from the document: the walk
  // starts again on a new snapshot, so every element is still checked, a few times at most.
  for (let attempt = 1; ; attempt++) {
    try {
      return await checkFontsOnce(page);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof Error) || !error.message.includes(NODE_GONE)) throw error;
    }
  }
}

async function checkFontsOnce(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    const { root } = (await cdp.send("DOM.getDocument", { depth: -1, pierce: true })) as { root: DomNode };
    const problems: string[] = [];
    for (const { node, text } of elementsWithText(root)) {
      const { fonts } = (await cdp.send("CSS.getPlatformFontsForNode", { nodeId: node.nodeId })) as {
        fonts: PlatformFont[];
      };
      for (const font of fonts) {
        if (font.isCustomFont && SHIPPED_FONTS.includes(font.familyName)) continue;
        const kind = font.isCustomFont ? "a web font the project does not ship" : "a system font";
        problems.push(
          `${describe(node)} "${text.slice(0, 40)}" uses ${kind}: ${font.familyName} (${font.glyphCount} glyphs)`,
        );
      }
    }
    if (problems.length > 0) {
      throw new Error(
        `Text drawn with fonts the project does not ship (the screenshot would depend on this machine's fonts):\n${problems.join("\n")}`,
      );
    }
  } finally {
    await cdp.detach();
  }
}
