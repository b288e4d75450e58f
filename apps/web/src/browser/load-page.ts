/**
 * A full page load of `url`, as the browser follows a link without script (`replace`: in place of
 * this page's history entry, as the router's replacing navigation would be). Only within this
 * origin: the start-up's navigations are the app's own paths. Its own module so tests can stand in
 * for it: jsdom's `location` cannot be spied on.
 */
export function loadPage(url: string, { replace = false } = {}): void {
  const target = new URL(url, window.location.href);
  if (target.origin !== window.location.origin) return;
  if (replace) window.location.replace(target);
  else window.location.assign(target);
}
