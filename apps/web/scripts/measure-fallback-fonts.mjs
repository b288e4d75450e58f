#!/usr/bin/env node
// Measures the size-adjust of each "Inter Fallback …" face in src/fonts.css and prints the faces:
// how much wider Inter draws the public pages' own text than each system font does, per weight
// band and per script, so text painted in the fallback before Inter arrives takes Inter's space.
//
// It serves the built pages (apps/web/dist, both languages), and in Chromium walks every visible
// text run, measures it with canvas measureText in Inter at the run's weight and in the system
// font (regular file below 550, bold file from 550), and sums the widths per band and script
// (Latin, Cyrillic). A long paragraph counts for more than a button label, as it should: it is
// what wraps differently when the widths disagree.
//
// The system fonts are read from files, not from the machine's fontconfig, so every family can
// be measured on one machine. Debian has all three:
//   apt-get download fonts-liberation2 fonts-roboto-unhinted fonts-dejavu-core
//   for f in *.deb; do dpkg -x "$f" /tmp/system-fonts; done
//   pnpm --filter @veil/web run build && node apps/web/scripts/measure-fallback-fonts.mjs /tmp/system-fonts
// A family whose files are not found under the directory is skipped with a note.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(web, "dist");
const fontsDir = process.argv[2] ?? "/usr/share/fonts";

/** The fallback families of src/fonts.css: the local() names each face tries, and the files measured. */
const FAMILIES = [
  {
    family: "Inter Fallback",
    regular: { file: "LiberationSans-Regular.ttf", local: ["Arial", "ArialMT", "Liberation Sans", "LiberationSans"] },
    bold: {
      file: "LiberationSans-Bold.ttf",
      local: ["Arial Bold", "Arial-BoldMT", "Liberation Sans Bold", "LiberationSans-Bold"],
    },
  },
  {
    family: "Inter Fallback Roboto",
    regular: { file: "Roboto-Regular.ttf", local: ["Roboto", "Roboto-Regular", "Roboto Regular"] },
    bold: { file: "Roboto-Bold.ttf", local: ["Roboto Bold", "Roboto-Bold"] },
  },
  {
    family: "Inter Fallback DejaVu",
    regular: { file: "DejaVuSans.ttf", local: ["DejaVu Sans", "DejaVuSans"] },
    bold: { file: "DejaVuSans-Bold.ttf", local: ["DejaVu Sans Bold", "DejaVuSans-Bold"] },
  },
];
/** Inter's weights split where the system font's regular gives way to its bold, and again where Inter's 600 and 700 part. */
const BANDS = [
  { weights: "100 549", file: "regular", from: 100, to: 549 },
  { weights: "550 649", file: "bold", from: 550, to: 649 },
  { weights: "650 900", file: "bold", from: 650, to: 900 },
];
const CYRILLIC_RANGE = "U+0400-045F, U+0490-0491, U+04B0-04B1, U+2116";
/** Inter's hhea ascender and descender over its 2048 units per em. */
const INTER_ASCENT = 0.96875;
const INTER_DESCENT = 0.2421875;

function findFile(dir, name) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const found = findFile(full, name);
      if (found) return found;
    } else if (entry.name === name) return full;
  }
  return undefined;
}

/** Every prerendered page (dist/<route>/index.html, and index.ru.html in Russian). */
const routes = readdirSync(dist, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(path.join(dist, entry.name, "index.ru.html")))
  .map((entry) => `/${entry.name}`);

const fontFiles = new Map();
const server = createServer((req, res) => {
  const url = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
  // A page at its own address in the language of the `lang` cookie, as the server answers it.
  const russian = /(^|;\s*)lang=ru(;|$)/.test(req.headers.cookie ?? "");
  const file = url.startsWith("/system-fonts/")
    ? fontFiles.get(url)
    : routes.includes(url)
      ? path.join(dist, url, russian ? "index.ru.html" : "index.html")
      : path.join(dist, path.normalize(url));
  const types = { ".html": "text/html", ".css": "text/css", ".js": "text/javascript" };
  try {
    const body = readFileSync(file ?? "");
    res.writeHead(200, { "content-type": types[path.extname(file ?? "")] ?? "application/octet-stream" }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

const systemFaces = [];
for (const family of FAMILIES) {
  for (const kind of ["regular", "bold"]) {
    const file = findFile(fontsDir, family[kind].file);
    if (!file) {
      console.error(`skipped ${family.family}: no ${family[kind].file} under ${fontsDir}`);
      break;
    }
    fontFiles.set(`/system-fonts/${family[kind].file}`, file);
    systemFaces.push({ family: family.family, kind, url: `/system-fonts/${family[kind].file}` });
  }
}

const { chromium } = createRequire(path.join(web, "../../package.json"))("playwright");
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
const page = await browser.newPage();
/** sums[family][band][script] = { inter, system } widths in px at 100 px. */
const sums = {};
try {
  for (const [lang, url] of ["en", "ru"].flatMap((lang) => routes.map((route) => [lang, route]))) {
    await page.context().addCookies([{ name: "lang", value: lang, url: origin }]);
    await page.goto(origin + url, { waitUntil: "load" });
    if ((await page.getAttribute("html", "lang")) !== lang) throw new Error(`${url} did not open in ${lang}`);
    const measured = await page.evaluate(
      async ({ faces, bands }) => {
        for (const face of faces) {
          const font = new FontFace(`measure ${face.family} ${face.kind}`, `url(${face.url})`);
          document.fonts.add(await font.load());
        }
        await document.fonts.ready;
        const runs = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          if (!parent?.checkVisibility() || !node.textContent?.trim()) continue;
          const weight = Number(getComputedStyle(parent).fontWeight);
          for (const match of node.textContent.matchAll(/[\u0400-\u04ff\u2116]+|[^\u0400-\u04ff\u2116]+/g)) {
            const text = match[0].replace(/\s+/g, " ");
            if (text.trim()) runs.push({ text, weight, script: /[\u0400-\u04ff]/.test(text) ? "cyrillic" : "latin" });
          }
        }
        const ctx = document.createElement("canvas").getContext("2d");
        const width = async (font, text) => {
          await document.fonts.load(font, text);
          ctx.font = font;
          return ctx.measureText(text).width;
        };
        const out = [];
        for (const run of runs) {
          const band = bands.find((b) => run.weight >= b.from && run.weight <= b.to);
          const inter = await width(`${run.weight} 100px "Inter Variable"`, run.text);
          for (const face of faces.filter((f) => f.kind === band.file)) {
            const system = await width(`100px "measure ${face.family} ${face.kind}"`, run.text);
            out.push({ family: face.family, band: band.weights, script: run.script, inter, system });
          }
        }
        return out;
      },
      { faces: systemFaces, bands: BANDS },
    );
    for (const { family, band, script, inter, system } of measured) {
      sums[family] ??= {};
      sums[family][band] ??= {};
      sums[family][band][script] ??= { inter: 0, system: 0 };
      const sum = sums[family][band][script];
      sum.inter += inter;
      sum.system += system;
    }
  }
} finally {
  await browser.close();
  server.close();
}

const percent = (value, digits) => `${(value * 100).toFixed(digits)}%`;
for (const family of FAMILIES.filter((f) => sums[f.family])) {
  for (const band of BANDS) {
    for (const script of ["latin", "cyrillic"]) {
      const sum = sums[family.family][band.weights]?.[script];
      if (!sum) continue;
      const adjust = Number((sum.inter / sum.system).toFixed(3));
      const local = family[band.file].local.map((name) => `local("${name}")`).join(", ");
      console.log(`@font-face {
  font-family: "${family.family}";
  font-weight: ${band.weights};
  src: ${local};${script === "cyrillic" ? `\n  unicode-range: ${CYRILLIC_RANGE};` : ""}
  size-adjust: ${percent(adjust, 1)};
  ascent-override: ${percent(INTER_ASCENT / adjust, 2)};
  descent-override: ${percent(INTER_DESCENT / adjust, 2)};
  line-gap-override: 0%;
}
`);
    }
  }
}
