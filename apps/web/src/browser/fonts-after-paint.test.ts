import { describe, expect, it } from "vitest";
import { fakePaintView } from "./fake-paint-view.js";
import type { PaintingWindow } from "./first-paint.js";
import { addFontsAfterFirstPaint, FONTS_ATTRIBUTE } from "./fonts-after-paint.js";

/** A document of its own whose window is the fake one. */
function pageWith(view: PaintingWindow): Document {
  const { documentElement } = document.implementation.createHTMLDocument("");
  return { documentElement, defaultView: view } as unknown as Document;
}

describe("Inter joins the font stack after the first contentful paint", () => {
  it("marks the page for Inter only once the first contentful paint is reported", () => {
    const page = fakePaintView({ paintTiming: true });
    const doc = pageWith(page.view);
    addFontsAfterFirstPaint(doc);
    expect(doc.documentElement.hasAttribute(FONTS_ATTRIBUTE)).toBe(false);
    page.paint("first-contentful-paint");
    expect(doc.documentElement.getAttribute(FONTS_ATTRIBUTE)).toBe("inter");
  });

  it("leaves a page that is marked already as it is", () => {
    const page = fakePaintView({ paintTiming: true });
    const doc = pageWith(page.view);
    doc.documentElement.setAttribute(FONTS_ATTRIBUTE, "inter");
    addFontsAfterFirstPaint(doc);
    expect(page.listening()).toBe(0);
  });
});
