// The layering of docs/architecture.md §1.5, enforced: `pnpm lint` (and so `npm test`) runs
// `depcruise` with this file and fails on any violation. Three kinds of rule, for both apps:
//   - layers: a file imports only from its own floor or the floors below it, never back up;
//   - entries: a folder with an `index.ts(x)` is a module, and from outside it is imported through
//     that entry only, never past it;
//   - circles: no import cycle, type-only imports included.
// Paths are relative to the working directory, so the same rules run on the repository and on the
// fixture of apps/server/test/layers.test.ts.
const fs = require("node:fs");
const path = require("node:path");

/**
 * Each app's floors, bottom first. A name is a folder or a file directly under `src` (without its
 * extension). Anything directly under `src` that no floor names fails `*-unplaced`: a new folder is
 * given its floor here, and in docs/architecture.md §1.5.
 */
const APPS = {
  server: {
    src: "apps/server/src",
    floors: [
      ["clock", "constant-time", "html", "address-pool", "http"],
      ["config"],
      ["logger", "db", "jobs"],
      ["rate-limit", "mail", "devices"],
      ["auth", "payments", "nodes", "reminders"],
      ["api", "metrics"],
      ["app", "admin", "dev-clock", "server", "main"],
    ],
  },
  web: {
    src: "apps/web/src",
    floors: [
      [
        "config",
        "i18n",
        "theme",
        "forms",
        "seo",
        "devices",
        "navigation",
        "browser",
        "vite-env",
        "styles",
        "fonts",
        "assets",
      ],
      ["api"],
      ["auth"],
      ["components"],
      ["account", "payment"],
      ["layouts"],
      ["pages"],
      ["routes"],
      ["app"],
      ["islands"],
      ["spa"],
      ["entry-server", "main", "test-utils"],
    ],
  },
};

/**
 * The one import allowed back up a floor: an island hands the page over to the whole app when the
 * user navigates or switches language (docs/architecture.md §1.3, "Hand-over to the app"). It is a
 * dynamic import, so the app's code is loaded only then.
 */
const EXCEPTIONS = [{ from: "apps/web/src/islands/boot.ts", to: "apps/web/src/spa/start.tsx" }];

// Tests may reach across floors and past entries to exercise the wiring; cycles are checked in them too.
const TESTS = "\\.test\\.tsx?$|/test-utils\\.tsx$";

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const moduleRe = (src, name) => `^${escapeRe(src)}/${escapeRe(name)}(/|\\.[^/]+$)`;
const anyOf = (patterns) => (patterns.length ? `(${patterns.join("|")})` : "$^");

function layerRules(app, { src, floors }) {
  const rules = [];
  floors.forEach((floor, i) => {
    const above = floors.slice(i + 1).flat();
    if (!above.length) return;
    const from = anyOf(floor.map((name) => moduleRe(src, name)));
    const exceptions = EXCEPTIONS.filter((e) => new RegExp(from).test(e.from));
    rules.push({
      name: `${app}-layers`,
      comment: `${floor.join(", ")} may not import from a floor above (${above.join(", ")}): docs/architecture.md §1.5`,
      severity: "error",
      from: { path: from, pathNot: [TESTS, ...exceptions.map((e) => `^${escapeRe(e.from)}$`)] },
      to: { path: anyOf(above.map((name) => moduleRe(src, name))) },
    });
    for (const e of exceptions) {
      rules.push({
        name: `${app}-layers`,
        comment: "the islands → spa hand-over is the one import allowed up (docs/architecture.md §1.3, §1.5)",
        severity: "error",
        from: { path: `^${escapeRe(e.from)}$` },
        to: { path: anyOf(above.map((name) => moduleRe(src, name))), pathNot: `^${escapeRe(e.to)}$` },
      });
    }
  });
  const known = floors.flat().map((name) => moduleRe(src, name));
  rules.push({
    name: `${app}-unplaced`,
    comment: `everything directly under ${src} has a floor in .dependency-cruiser.cjs and docs/architecture.md §1.5`,
    severity: "error",
    from: { path: `^${escapeRe(src)}/` },
    to: { path: `^${escapeRe(src)}/`, pathNot: anyOf(known) },
  });
  return rules;
}

/** Folders under `src` (the app's own root excluded) that have an `index.ts` or `index.tsx`. */
function moduleFolders(src) {
  const found = [];
  const walk = (dir) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const sub = path.posix.join(dir, entry.name);
      if (["index.ts", "index.tsx"].some((f) => fs.existsSync(path.join(sub, f)))) found.push(sub);
      walk(sub);
    }
  };
  walk(src);
  return found;
}

/**
 * A folder with an index is imported through it from outside the top-level folder that holds it
 * (`auth/mfa/` from outside `auth/`, `pages/auth/` from outside `pages/`); inside that folder its
 * files are the module's own business.
 */
function entryRules(app, { src }) {
  return moduleFolders(src).map((folder) => ({
    name: `${app}-entry-only`,
    comment: `${folder} is a module: import it through ${folder}/index, never past it`,
    severity: "error",
    from: {
      path: `^${escapeRe(src)}/`,
      pathNot: [`^${escapeRe(src)}/${escapeRe(folder.slice(src.length + 1).split("/")[0])}/`, TESTS],
    },
    to: { path: `^${escapeRe(folder)}/`, pathNot: `^${escapeRe(folder)}/index\\.tsx?$` },
  }));
}

module.exports = {
  forbidden: [
    ...Object.entries(APPS).flatMap(([app, spec]) => [...layerRules(app, spec), ...entryRules(app, spec)]),
    {
      name: "no-circular",
      comment: "an import cycle: cut it by moving the shared piece down a floor",
      severity: "error",
      from: { path: "^apps/(server|web)/src/" },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist)/" },
    // Type-only imports count: a cycle through types is still a cycle in the design.
    tsPreCompilationDeps: true,
  },
};
