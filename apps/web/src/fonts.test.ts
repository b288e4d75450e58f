import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { INTER_FAMILY } from "./browser/fonts-after-paint.js";
import en from "./i18n/en.json";
import ru from "./i18n/ru.json";

/**
 * src/fonts.css splits Inter's Latin file into a cut for the site's own text and the whole file for the rest
 * (issue #30). If the two ranges stopped covering the fontsource range exactly, or a catalogue
 * gained a character outside the cut, a page would fetch the whole file again (or, with a gap,
 * draw a character in a system font, which the screenshot suites refuse).
 */
const css = readFileSync(path.join(__dirname, "fonts.css"), "utf8");
const fontsource = readFileSync(
  createRequire(path.join(__dirname, "../package.json")).resolve("@fontsource-variable/inter/wght.css"),
  "utf8",
);

/** Code points of the `unicode-range` in the @font-face whose src names `file`. */
function rangeOf(stylesheet: string, file: string): Set<number> {
  const face = stylesheet.split("@font-face").find((block) => block.includes(file));
  const range = face?.match(/unicode-range:([^;]+);/)?.[1];
  if (!range) throw new Error(`no @font-face with a unicode-range for ${file}`);
  const points = new Set<number>();
  for (const part of range.split(",")) {
    const [from, to = from] = part.trim().replace(/^U\+/i, "").split("-");
    for (let cp = Number.parseInt(from ?? "", 16); cp <= Number.parseInt(to ?? "", 16); cp++) points.add(cp);
  }
  return points;
}

describe("Inter's Latin faces", () => {
  const whole = rangeOf(fontsource, "inter-latin-wght-normal.woff2");
  const cut = rangeOf(css, "inter-latin-public.woff2");
  const rest = rangeOf(css, "inter-latin-wght-normal.woff2");

  it("cover the fontsource Latin range exactly once between the cut and the whole file", () => {
    expect([...cut].filter((cp) => rest.has(cp))).toEqual([]);
    expect([...new Set([...cut, ...rest])].sort((a, b) => a - b)).toEqual([...whole].sort((a, b) => a - b));
  });

  it("draw every Latin-range character of the catalogues from the cut", () => {
    const text = [...Object.values(en), ...Object.values(ru)].join("");
    const outside = [...new Set(text)].filter((c) => whole.has(c.codePointAt(0) ?? 0) && !/\s/.test(c));
    expect(outside.filter((c) => !cut.has(c.codePointAt(0) ?? 0))).toEqual([]);
  });

  it("share the whole file's descriptors, so Chromium weighs them as one face", () => {
    const descriptors = (file: string) =>
      css
        .split("@font-face")
        .find((block) => block.includes(file))
        ?.match(/font-(family|style|weight|display):[^;]+;/g);
    expect(descriptors("inter-latin-public.woff2")).toEqual(descriptors("inter-latin-wght-normal.woff2"));
  });
});

describe("Inter's faces as the start-up asks for them", () => {
  it("carry the family name that browser/fonts-after-paint.ts loads, so its load finds them", () => {
    const faces = css.split("@font-face").filter((block) => /src:[^;]*inter-[\w-]+\.woff2/.test(block));
    expect(faces.length).toBeGreaterThanOrEqual(3);
    for (const face of faces) expect(face).toContain(`font-family: ${INTER_FAMILY};`);
  });
});
