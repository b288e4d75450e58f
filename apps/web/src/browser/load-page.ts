/** What `loadPage` needs of `window.location` (a stand-in in tests: jsdom's cannot be spied on). */
export type PageLocation = Pick<Location, "href" | "origin" | "assign" | "replace">;

/**
 * A full page load of `url`, as the browser follows a link without script (`replace`: in place of
 * this page's history entry, as the router's replacing navigation would be). Only within this
 * origin: the start-up's navigations are the app's own paths.
 */
export function loadPage(url: string, { replace = false } = {}, location: PageLocation = window.location): void {
  const target = new URL(url, location.href);
  if (target.origin !== location.origin) return;
  if (replace) location.replace(target.href);
  else location.assign(target.href);
}
