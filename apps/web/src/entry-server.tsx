import type { Language } from "@veil/contracts";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import { App } from "./app.js";
import { type IslandCollector, IslandCollectorContext, islandMarker } from "./components/island.js";
import type { IslandName, IslandProps } from "./components/island-names.js";
import { loadMessages } from "./i18n/catalogues.js";
import { IslandRoot } from "./islands/island-root.js";
import { islandNavigator } from "./islands/navigator.js";
import { SERVER_ISLANDS } from "./islands/server-islands.js";
import { preloadRoute } from "./routes/app-routes.js";
import type { PageMeta } from "./seo/page-meta.js";
import { renderHead } from "./seo/page-meta.js";
import { type HeadCollector, HeadCollectorContext } from "./seo/use-page-meta.js";

export { PAGE_START_SCRIPT } from "@veil/contracts/constants";
export { SITE_URL, SUPPORT_EMAIL } from "./config.js";
export { APP_ROUTE_PATHS, PRERENDERED_PATHS } from "./navigation/paths.js";

export interface PrerenderedPage {
  /** The markup that goes inside `<div id="root">`. */
  html: string;
  /** `<title>` and meta tags for `<head>`. */
  head: string;
  meta: PageMeta;
  /** The islands on the page, in document order. */
  islands: IslandName[];
}

const serverNavigator = islandNavigator(() => {
  throw new Error("a prerendered page cannot navigate");
});

/**
 * Renders one public page to HTML at build time (scripts/prerender.mjs writes it to dist/). The
 * page is rendered as the app renders it, except that each island (components/island.tsx) leaves a
 * marker; every island is then rendered as a root of its own, exactly as the browser will hydrate
 * it, and put in place of its marker.
 */
export async function prerender(url: string, language: Language): Promise<PrerenderedPage> {
  const [messages] = await Promise.all([loadMessages(language), preloadRoute(url)]);
  const head: HeadCollector = {};
  const found: { id: string; name: IslandName; props: IslandProps }[] = [];
  const collector: IslandCollector = {
    add(name, props) {
      const id = `${name}${found.length}`;
      found.push({ id, name, props });
      return id;
    },
  };
  let html = renderToString(
    <StrictMode>
      <HeadCollectorContext value={head}>
        <IslandCollectorContext value={collector}>
          <StaticRouter location={url}>
            <App language={language} messages={messages} />
          </StaticRouter>
        </IslandCollectorContext>
      </HeadCollectorContext>
    </StrictMode>,
  );
  for (const { id, name, props } of found) {
    const Component = SERVER_ISLANDS[name];
    const island = renderToString(
      <HeadCollectorContext value={head}>
        <IslandRoot language={language} messages={messages} location={url} navigator={serverNavigator} isStatic>
          <Component {...props} />
        </IslandRoot>
      </HeadCollectorContext>,
      { identifierPrefix: `${id}-` },
    );
    html = html.replace(islandMarker(id), () => island);
  }
  if (!head.meta) throw new Error(`${url} rendered without page meta (usePageMeta)`);
  return { html, head: renderHead(head.meta), meta: head.meta, islands: found.map((island) => island.name) };
}
