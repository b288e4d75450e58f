/**
 * Fills the app shell (dist/index.html) with one prerendered page. Every insertion goes through a
 * replacer function, never a replacement string: in a replacement string `$&`, `$'`, `` $` `` and
 * `$$` are patterns, so a page whose text held one (a price in dollars, a code sample) would have
 * come out with pieces of the shell pasted into it.
 */

/** The page-head block of the shell, replaced by the page's title and meta tags. */
const HEAD = /<!--page-head-->[\s\S]*?<!--\/page-head-->/;
/** The shell's empty root, replaced by the page's markup. */
const ROOT = '<div id="root"></div>';

/** Throws unless `template` has the two places a page goes into. */
export function assertShell(template) {
  if (!HEAD.test(template) || !template.includes(ROOT)) {
    throw new Error("dist/index.html lacks the <!--page-head--> block or the empty #root");
  }
}

/**
 * The shell with `language` on <html>, `head` in the page-head block and `root` (the whole
 * `<div id="root" …>…</div>`) in place of the empty root.
 */
export function fillPage(template, { language, head, root }) {
  return template
    .replace(/<html lang="[^"]*"/, () => `<html lang="${language}"`)
    .replace(HEAD, () => `<!--page-head-->\n    ${head}\n    <!--/page-head-->`)
    .replace(ROOT, () => root);
}
