import { readFileSync } from "node:fs";
import { parse } from "@formatjs/icu-messageformat-parser";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

// One configuration value per fact: the web build reads the same variables as the server
// (SUPPORT_EMAIL, SITE_URL) unless a VITE_* override is given, so the address on the site and the
// one the server mails from cannot drift apart. Defaults match the server's development defaults.
process.env.VITE_SUPPORT_EMAIL ||= process.env.SUPPORT_EMAIL || "support@veil.localhost";
process.env.VITE_SITE_URL ||= process.env.SITE_URL || "http://localhost:8080";

// A hosted Supabase project needs its real anon key; the placeholder only suits our own server.
if (process.env.VITE_SUPABASE_URL && !process.env.VITE_SUPABASE_ANON_KEY) {
  throw new Error("VITE_SUPABASE_URL is set without VITE_SUPABASE_ANON_KEY");
}

/**
 * The icon link of every page carries public/favicon.svg itself (a `data:` URL, 0.3 KB), so no
 * page asks for it: Chromium fetched it right after the load event, which on a fast visit comes
 * before the first paint, and Lighthouse's simulation then counted that request in LCP. The file
 * stays in public/ for anyone who asks for it by name.
 */
function inlineFavicon(): Plugin {
  return {
    name: "veil-inline-favicon",
    apply: "build",
    transformIndexHtml(html) {
      const svg = readFileSync(new URL("./public/favicon.svg", import.meta.url), "utf8").trim();
      const link = '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />';
      if (!html.includes(link)) throw new Error("index.html lacks the icon link to public/favicon.svg");
      return html.replace(
        link,
        `<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(svg)}" type="image/svg+xml" />`,
      );
    },
  };
}

/**
 * Ships the message catalogues (src/i18n/<lang>.json) as react-intl ASTs, parsed here at build
 * time, so the ICU message parser (≈ 9 KB gzip with its skeleton parser) stays out of the browser:
 * `resolve.alias` below swaps it for its `no-parser` entry, as react-intl documents. The parse
 * options are intl-messageformat's defaults, so the ASTs equal what it would parse at run time (the
 * locale only matters to date skeletons, which the catalogues do not use). A message left as a
 * string would make react-intl report an error (e2e tests fail on console errors). Unit tests do
 * not load this config: they read the JSON as written and keep the parser.
 */
function precompileMessages(): Plugin {
  return {
    name: "veil-precompile-messages",
    enforce: "pre",
    transform(code, id) {
      if (!/\/src\/i18n\/[a-z]{2}\.json$/.test(id.split("?")[0] ?? "")) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text)]));
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

export default defineConfig({
  plugins: [precompileMessages(), react(), tailwindcss(), inlineFavicon()],
  resolve: {
    alias: [
      // Only the bare specifier: the no-parser entry re-exports the AST types and guards.
      { find: /^@formatjs\/icu-messageformat-parser$/, replacement: "@formatjs/icu-messageformat-parser/no-parser.js" },
    ],
  },
  // The manifest (dist/.vite/manifest.json) lets scripts/bench/budgets.mjs follow the real chunk
  // graph when it checks the bundle budgets in CI.
  build: { outDir: "dist", emptyOutDir: true, manifest: true },
  // The prerender build (vite build --ssr) bundles the workspace packages, which ship TypeScript source.
  ssr: { noExternal: ["@veil/ui", "@veil/contracts"] },
  // `pnpm dev` (scripts/dev.mjs): the server from source behind Vite, on one origin. The dev mailbox
  // (/dev/) and the payment simulator (/sim/) are passed on too, so sign-up codes and test payments
  // work from the dev server as they do from `npm start`.
  server: {
    port: Number(process.env.DEV_PORT ?? 5173),
    strictPort: true,
    proxy: Object.fromEntries(
      ["/api/", "/auth/v1/", "/dev/", "/sim/"].map((prefix) => [
        prefix,
        `http://localhost:${process.env.PORT ?? 8080}`,
      ]),
    ),
  },
});
