import { describe, expect, it, vi } from "vitest";
import { fakePaintView } from "./fake-paint-view.js";
import type { PaintingWindow } from "./first-paint.js";
import { addFontsAfterFirstPaint, FONTS_ATTRIBUTE } from "./fonts-after-paint.js";

/** A document of its own whose window is the fake one (and, when given, whose fonts are). */
function pageWith(view: PaintingWindow, fonts?: Pick<FontFaceSet, "load">, lang = "en"): Document {
  const { documentElement } = document.implementation.createHTMLDocument("");
  documentElement.lang = lang;
  return { documentElement, defaultView: view, fonts } as unknown as Document;
}

/** A font set whose one load is answered when the test says so. */
function heldFonts() {
  const calls: [string, string | undefined][] = [];
  let answer: (ok: boolean) => void = () => {};
  const fonts = {
    load: (font: string, text?: string) => {
      calls.push([font, text]);
      return new Promise<FontFace[]>((resolve, reject) => {
        answer = (ok) => (ok ? resolve([]) : reject(new Error("network")));
      });
    },
  };
  return { fonts, calls, answer: (ok: boolean) => answer(ok) };
}

/** A page in `lang` with held fonts, started and past its first contentful paint. */
function paintedWithHeldFonts(lang = "en") {
  const page = fakePaintView({ paintTiming: true });
  const held = heldFonts();
  const doc = pageWith(page.view, held.fonts, lang);
  addFontsAfterFirstPaint(doc);
  page.paint("first-contentful-paint");
  return { page, held, doc };
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

  it("changes the stack only once Inter's faces for the page's text are in", async () => {
    const { doc, held } = paintedWithHeldFonts();
    // A Latin letter: the public cut, the one file an English page draws from.
    expect(held.calls).toEqual([['1em "Inter Variable"', "A"]]);
    expect(doc.documentElement.hasAttribute(FONTS_ATTRIBUTE)).toBe(false);
    held.answer(true);
    await vi.waitFor(() => expect(doc.documentElement.getAttribute(FONTS_ATTRIBUTE)).toBe("inter"));
  });

  it("changes the stack all the same when a face fails to load", async () => {
    const { doc, held } = paintedWithHeldFonts();
    held.answer(false);
    await vi.waitFor(() => expect(doc.documentElement.getAttribute(FONTS_ATTRIBUTE)).toBe("inter"));
  });

  it("asks for the Cyrillic face too on a Russian page", () => {
    const { held } = paintedWithHeldFonts("ru");
    expect(held.calls).toEqual([['1em "Inter Variable"', "Aя"]]);
  });

  it("changes the stack after the wait when Inter's faces never arrive", () => {
    const { doc, page } = paintedWithHeldFonts();
    expect(doc.documentElement.hasAttribute(FONTS_ATTRIBUTE)).toBe(false);
    page.runTasks();
    expect(doc.documentElement.getAttribute(FONTS_ATTRIBUTE)).toBe("inter");
  });
});
