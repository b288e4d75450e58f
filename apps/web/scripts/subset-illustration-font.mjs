#!/usr/bin/env node
// Writes src/assets/fonts/jetbrains-mono-illustration.woff2: JetBrains Mono cut down to the glyphs of
// the one monospace string the site draws on a public page (the landing page's phone illustration,
// src/pages/home/illustration-mono-text.json). The whole Latin file is 41 KB and was fetched before
// the landing page's first paint; this one is a few hundred bytes (docs/architecture.md §1.3).
// Run it again when that text changes: `node apps/web/scripts/subset-illustration-font.mjs`.
// A glyph missing from the cut would be drawn in a system font, which the screenshot suites refuse.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(web, "package.json"));
const source = require.resolve("@fontsource-variable/jetbrains-mono/files/jetbrains-mono-latin-wght-normal.woff2");
const { text } = JSON.parse(readFileSync(path.join(web, "src/pages/home/illustration-mono-text.json"), "utf8"));

// The variation axis is kept, so every weight draws exactly as the full file draws it.
const cut = await subsetFont(readFileSync(source), text, { targetFormat: "woff2" });
const target = path.join(web, "src/assets/fonts/jetbrains-mono-illustration.woff2");
writeFileSync(target, cut);
console.log(`${path.relative(process.cwd(), target)}: ${cut.length} bytes for ${JSON.stringify(text)}`);
