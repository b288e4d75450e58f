// Writes the prerendered public pages into dist/ after `vite build` (client) and
// `vite build --ssr` (dist-ssr/entry-server.js). Each page lands at dist/<route>/index.html (and
// index.ru.html in Russian) with its content, title and meta tags in the HTML; dist/index.html stays the empty app shell that
// the server sends for every other route. dist/404.html is the not-found page, and
// dist/routes.json lists the app's routes so the server can answer unknown paths with 404.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { assertShell, fillPage } from "./lib/fill-page.mjs";

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(webRoot, "dist");
const { prerender, PRERENDERED_PATHS, APP_ROUTE_PATHS, SUPPORT_EMAIL, SITE_URL, PAGE_START_SCRIPT } = await import(
  pathToFileURL(path.join(webRoot, "dist-ssr/entry-server.js")).href
);

const template = await readFile(path.join(dist, "index.html"), "utf8");
assertShell(template);

/**
 * The source module of each island's component (src/islands/registry.ts loads the same ones) and
 * the module that hydrates islands. A page with an island that wakes at once (`data-when="load"`,
 * src/components/island-names.ts: the contact form) asks for that code up front, at low priority, instead of
 * after the start-up script has run; a page whose islands wake on interaction (the auth forms too)
 * preloads nothing.
 */
const ISLAND_MODULES = {
  header: "src/layouts/site-header.tsx",
  accountLink: "src/components/account-aware-link.tsx",
  plans: "src/components/plan-chooser.tsx",
  faq: "src/pages/faq/faq-accordion.tsx",
  contact: "src/pages/contact/contact-page.tsx",
  login: "src/pages/auth/index.ts",
  register: "src/pages/auth/index.ts",
  forgotPassword: "src/pages/auth/index.ts",
};
const HYDRATE_MODULE = "src/islands/hydrate.tsx";
/**
 * Code an island loads only when it is used after waking (components/on-demand-menu.ts): the
 * header's language menu (Radix). Prefetched with the islands' code, so the first opening of the
 * woken menu does not wait for the network (issue #30: 460 ms at phone speed without it).
 */
const ON_DEMAND_CHUNKS = { header: ["language-switch"] };
/** The app, for the pages the server sends as the empty shell. */
const APP_MODULE = "src/spa/start.tsx";
const manifest = JSON.parse(await readFile(path.join(dist, ".vite/manifest.json"), "utf8"));

/**
 * The manifest key of a source module: its own path when it is a chunk's entry, else the shared
 * chunk Vite named after it (a module the app imports statically and the islands dynamically).
 */
function manifestKey(source) {
  if (manifest[source]) return source;
  const name = path.basename(source).replace(/\.tsx?$/, "");
  const key = manifest[HYDRATE_MODULE]?.dynamicImports?.find((k) => manifest[k]?.name === name);
  if (!key) throw new Error(`prerender: no chunk for ${source} in dist/.vite/manifest.json`);
  return key;
}

/** The manifest key of the dynamically imported chunk Vite named `name`. */
function dynamicEntry(name) {
  const key = Object.keys(manifest).find((k) => manifest[k].isDynamicEntry && manifest[k].name === name);
  if (!key) throw new Error(`prerender: no dynamic chunk named ${name} in dist/.vite/manifest.json`);
  return key;
}

/** The JavaScript files of manifest entries and the chunks they import, minus those in `html`. */
function scriptFiles(keys, html) {
  const files = new Set();
  const visit = (k) => {
    const chunk = manifest[k];
    if (!chunk) throw new Error(`prerender: ${k} is not in dist/.vite/manifest.json`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of keys) visit(manifestKey(key));
  return [...files].filter((file) => file.endsWith(".js") && !html.includes(`/${file}"`));
}

/** `<link rel="modulepreload">` tags for manifest entries and the chunks they import, minus those in `html`. */
function modulePreloads(keys, html, priority = "low") {
  return scriptFiles(keys, html)
    .map((file) => `<link rel="modulepreload" fetchpriority="${priority}" crossorigin href="/${file}">`)
    .join("\n    ");
}

/**
 * Every page in every language: English at <page>/index.html, the others at <page>/index.<lang>.html.
 * The server sends the visitor's language (the `lang` cookie, else Accept-Language), so the first
 * paint is already in it. Catalogues other than English are chunks of their own; their pages
 * preload them so hydration does not wait for a second round trip.
 */
const LANGUAGES = ["en", "ru"];
const CATALOGUE_MODULES = { ru: "src/i18n/ru.json" };

/**
 * A prerendered page paints without any script, so the module preloads it carries (the contact
 * page's, whose form wakes at once) download at low priority: the stylesheet gets the bandwidth
 * first. Measured when every page's start-up module was still in its head, with Lighthouse (mobile,
 * simulated slow 4G) on /home: first contentful paint 1.87 s → 0.75 s.
 */
const lowPriorityPreloads = (html) =>
  html.replaceAll('<link rel="modulepreload" crossorigin', '<link rel="modulepreload" fetchpriority="low" crossorigin');

/** The shell's start-up module, as Vite writes it into index.html. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * Since issue #30's LCP work, the page does not ask for its start-up module before its first
 * contentful paint: the module script becomes the one inline script, PAGE_START_SCRIPT
 * (@veil/contracts, allowed by the server's CSP by its hash), which imports the module named in its
 * `data-start` once that paint is shown. Measured (BENCHMARKS.md, "Start-up after the first
 * paint"): Lighthouse's LCP no longer counts the script's download.
 */
function startAfterFirstPaint(html) {
  if (!ENTRY_SCRIPT.test(html)) throw new Error("prerender: dist/index.html lacks Vite's module script");
  return html.replace(ENTRY_SCRIPT, (_, src) => `<script data-start="${src}">${PAGE_START_SCRIPT}</script>`);
}

/** The file of `file`'s page in `language` (English is the plain one), as the server serves it. */
const fileIn = (file, language) => (language === "en" ? file : file.replace(/\.html$/, `.${language}.html`));

/**
 * The same page in the other languages, as the URLs of their files (`ru:/home/index.ru.html`): the
 * start-up script fetches the other language's page at idle, and a language chosen on the page
 * swaps the page's content for it in place (islands/page-language.ts, issue #30).
 */
const translations = (file, language) =>
  LANGUAGES.filter((other) => other !== language)
    .map((other) => `${other}:/${fileIn(file, other)}`)
    .join(" ");

async function writePage(url, file, language) {
  const page = await prerender(url, language);
  let html = fillPage(startAfterFirstPaint(lowPriorityPreloads(template)), {
    language,
    head: page.head,
    root: `<div id="root" data-prerendered="${language}" data-translations="${translations(file, language)}" data-islands data-path="${url}">${page.html}</div>`,
  });
  const modules = [HYDRATE_MODULE, ...new Set(page.islands.map((name) => ISLAND_MODULES[name]))];
  if (CATALOGUE_MODULES[language]) modules.push(CATALOGUE_MODULES[language]);
  const onDemand = [...new Set(page.islands.flatMap((name) => ON_DEMAND_CHUNKS[name] ?? []))].map(dynamicEntry);
  if (page.html.includes('data-when="load"')) {
    html = html.replace("</head>", () => `  ${modulePreloads(modules, html)}\n  </head>`);
  } else if (page.islands.length > 0) {
    // The same code, for the start-up script to prefetch once the page is idle (islands/boot.ts).
    html = html.replace(
      '<div id="root" ',
      () => `<div id="root" data-island-code="${scriptFiles([...modules, ...onDemand], html).join(" ")}" `,
    );
  }
  const target = path.join(dist, fileIn(file, language));
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, html);
  console.log(`prerendered ${url} (${language}) → ${path.relative(dist, target)} (${page.meta.title})`);
}

for (const language of LANGUAGES) {
  for (const route of PRERENDERED_PATHS) await writePage(route, path.join(route.slice(1), "index.html"), language);
  await writePage("/404", "404.html", language);
}
// The configuration baked into the pages, so the server can refuse to serve a build made for
// another deployment (e.g. a development support address in production).
// The empty shell (every page that is not prerendered) runs the whole app: ask for it up front.
await writeFile(
  path.join(dist, "index.html"),
  template.replace("</head>", () => `  ${modulePreloads([APP_MODULE], template, "auto")}\n  </head>`),
);
const config = { supportEmail: SUPPORT_EMAIL, siteUrl: SITE_URL };
await writeFile(
  path.join(dist, "routes.json"),
  `${JSON.stringify({ prerendered: PRERENDERED_PATHS, app: APP_ROUTE_PATHS, config }, null, 2)}\n`,
);
