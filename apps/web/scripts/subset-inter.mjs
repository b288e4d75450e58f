#!/usr/bin/env node
// Writes src/assets/fonts/inter-latin-public.woff2: Inter's Latin file cut down to printable ASCII
// and the few other Latin-range characters the site's own text uses (CUT_EXTRA below; every one of
// them must be in the catalogues' non-Cyrillic text or the prerendered pages). src/fonts.css
// declares the cut with the same descriptors as the whole file and narrows the whole file to the
// complement `unicode-range`, so the public pages fetch only the cut and any other character (one
// typed into a field) still draws in Inter from the whole file (docs/architecture.md §1.3). The
// `wght` axis and every layout feature are kept, so the cut draws exactly as the whole file does.
// Run it again when a catalogue gains a character outside the cut (the script fails naming it):
// `node apps/web/scripts/subset-inter.mjs`.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(web, "package.json"));
const source = require.resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2");

/** Characters beyond printable ASCII in the cut; keep in step with CUT_RANGE in src/fonts.css. */
export const CUT_EXTRA = "\u00a0©«»é—“”…";
const ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join("");

/** Characters of the catalogues that Inter's Latin file draws (not Cyrillic, not controls). */
function catalogueLatin() {
  let text = "";
  for (const lang of ["en", "ru"]) {
    text += Object.values(JSON.parse(readFileSync(path.join(web, `src/i18n/${lang}.json`), "utf8"))).join("");
  }
  return new Set([...text].filter((c) => !/[\u0400-\u04ff\s]/.test(c)));
}

const missing = [...catalogueLatin()].filter((c) => !ASCII.includes(c) && !CUT_EXTRA.includes(c));
if (missing.length > 0) {
  console.error(`characters in the catalogues outside the cut: ${JSON.stringify(missing.join(""))}`);
  console.error("add them to CUT_EXTRA here and to the cut's unicode-range in src/fonts.css");
  process.exit(1);
}
const cut = await subsetFont(readFileSync(source), ASCII + CUT_EXTRA, { targetFormat: "woff2" });
const target = path.join(web, "src/assets/fonts/inter-latin-public.woff2");
writeFileSync(target, cut);
console.log(`${path.relative(process.cwd(), target)}: ${cut.length} bytes`);
