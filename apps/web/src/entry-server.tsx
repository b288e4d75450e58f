import type { Language } from "@veil/contracts";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import { App } from "./app.js";
import { loadMessages } from "./i18n/catalogues.js";
import { preloadRoute } from "./routes/app-routes.js";
import type { PageMeta } from "./seo/page-meta.js";
import { renderHead } from "./seo/page-meta.js";
import { type HeadCollector, HeadCollectorContext } from "./seo/use-page-meta.js";

export { SITE_URL, SUPPORT_EMAIL } from "./config.js";
export { APP_ROUTE_PATHS, PRERENDERED_PATHS } from "./routes/paths.js";

export interface PrerenderedPage {
  /** The markup that goes inside `<div id="root">`. */
  html: string;
  /** `<title>` and meta tags for `<head>`. */
  head: string;
  meta: PageMeta;
}

/** Renders one public page to HTML at build time (scripts/prerender.mjs writes it to dist/). */
export async function prerender(url: string, language: Language): Promise<PrerenderedPage> {
  const [messages] = await Promise.all([loadMessages(language), preloadRoute(url)]);
  const collector: HeadCollector = {};
  const html = renderToString(
    <StrictMode>
      <HeadCollectorContext value={collector}>
        <StaticRouter location={url}>
          <App language={language} messages={messages} />
        </StaticRouter>
      </HeadCollectorContext>
    </StrictMode>,
  );
  if (!collector.meta) throw new Error(`${url} rendered without page meta (usePageMeta)`);
  return { html, head: renderHead(collector.meta), meta: collector.meta };
}
