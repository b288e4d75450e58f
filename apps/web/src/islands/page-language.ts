import { LANGUAGES, type Language } from "@veil/contracts/constants";
import { INTER_FAMILY } from "../browser/fonts-after-paint.js";
import { savesData } from "../browser/idle.js";
import { unmountIslands } from "./roots.js";

/**
 * A language chosen on a prerendered page (docs/architecture.md §1.3, issue #30). The build wrote
 * the same page in every language (scripts/prerender.mjs: `data-translations` on #root names their
 * files), so the switch needs no React: the start-up script fetches the other language's page once
 * the page is idle, and a choice swaps the page's content and head for it in place, in the task of
 * the choice. The page is then the one a visitor in that language is sent (its islands wake the
 * same way), and a reload gets the same page from the server (the choice is stored, and the `lang`
 * cookie picks the page). Letting the whole app take over instead meant downloading it first
 * (≈ 142 KB): 0.8 s at phone speed before the headline changed.
 */

/** The pages read so far, by URL, parsed and checked; each is used once (its nodes move). */
const pages = new Map<string, Promise<Document | undefined>>();
const urls = new WeakMap<Document, string>();

/** A prerendered page of this site: a path of this origin (not `//host`) to an `.html` file. */
const PAGE_FILE = /^\/(?!\/)[^?#\\]*\.html$/;

/**
 * The URL of the file of this page in `language`, if the build wrote one. After a swap the list
 * comes from the fetched page, so anything but a page file of this origin is ignored.
 */
export function translationUrl(root: HTMLElement, language: Language): string | undefined {
  for (const entry of (root.dataset.translations ?? "").split(" ")) {
    const at = entry.indexOf(":");
    const url = entry.slice(at + 1);
    if (at > 0 && entry.slice(0, at) === language && PAGE_FILE.test(url)) return url;
  }
  return undefined;
}

/**
 * This page as prerendered in `language`, parsed (fetched now unless the prefetch has it; later
 * calls share the answer). Undefined when there is no such page, it cannot be read, or it is not
 * this page of this build (a deploy since this page loaded: its scripts differ); the caller then
 * lets the app take over instead.
 */
export function readTranslation(
  root: HTMLElement,
  language: Language,
  priority: RequestPriority = "auto",
): Promise<Document | undefined> {
  const url = translationUrl(root, language);
  if (!url) return Promise.resolve(undefined);
  let page = pages.get(url);
  if (!page) {
    // The file is served as it is: a redirect means something else answers, and is not followed.
    page = fetch(url, { priority, credentials: "same-origin", redirect: "error", headers: { Accept: "text/html" } })
      .then((reply) => (reply.ok ? reply.text() : undefined))
      .then((html) => (html === undefined ? undefined : checked(new DOMParser().parseFromString(html, "text/html"))))
      .catch(() => undefined);
    // A failed read may succeed later (a choice after the network came back).
    void page.then((value) => value === undefined && pages.delete(url));
    pages.set(url, page);
  }
  return page;

  function checked(page: Document): Document | undefined {
    const pageRoot = page.getElementById("root");
    const fits =
      pageRoot?.dataset.prerendered === language &&
      pageRoot.dataset.path === root.dataset.path &&
      pageHead(page) !== undefined &&
      scriptsOf(page) === scriptsOf(document);
    if (fits && url) urls.set(page, url);
    return fits ? page : undefined;
  }
}

/**
 * The other languages' pages, fetched and parsed at the lowest priority (a few KB each: the page's
 * HTML, compressed), with the font files their text needs (the Cyrillic Inter for Russian), so
 * that a choice finds its page at once and paints it in its font. A visitor who asked to save data
 * does not get them; a choice then fetches its page when it is made.
 */
export function prefetchTranslations(root: HTMLElement, current: Language): void {
  if (savesData()) return;
  for (const language of LANGUAGES) {
    if (language === current) continue;
    void readTranslation(root, language, "low").then((page) => {
      const text = page?.title;
      const fonts = document.fonts as FontFaceSet | undefined;
      // A font that cannot be fetched is only drawn later, as on any page.
      if (text && fonts) fonts.load(`1em ${INTER_FAMILY}`, text).catch(() => undefined);
    });
  }
}

/**
 * The start-up module a prerendered page's inline start-up names (`data-start`, hashed per build):
 * two pages that name the same one come from the same build.
 */
const scriptsOf = (doc: Document) =>
  Array.from(doc.querySelectorAll<HTMLScriptElement>("script[data-start]"), (script) => script.dataset.start).join(" ");

/** The nodes of `<head>` between the `<!--page-head-->` markers (title, description, links…). */
function pageHead(doc: Document): { end: Comment; nodes: ChildNode[] } | undefined {
  const nodes = Array.from(doc.head.childNodes);
  const at = (text: string) =>
    nodes.findIndex((node) => node.nodeType === Node.COMMENT_NODE && (node as Comment).data === text);
  const [start, end] = [at("page-head"), at("/page-head")];
  if (start < 0 || end < start) return undefined;
  return { end: nodes[end] as Comment, nodes: nodes.slice(start + 1, end) };
}

/**
 * Puts `page` (from readTranslation, for `language`) in place of this one: the content of #root and
 * its data attributes, the page's part of `<head>` (title, description, links) and `<html lang>`.
 * The islands' React roots, if any woke, are unmounted first. Synchronous: one task, one frame.
 */
export function swapPage(root: HTMLElement, page: Document, language: Language): void {
  const pageRoot = page.getElementById("root");
  const nextHead = pageHead(page);
  if (!pageRoot || !nextHead) return;
  // Used up: its nodes move into this document (a later choice reads the page again).
  pages.delete(urls.get(page) ?? "");
  unmountIslands();
  const head = pageHead(document);
  if (head) {
    for (const node of head.nodes) node.remove();
    head.end.before(...nextHead.nodes.map((node) => document.adoptNode(node)));
  }
  document.documentElement.lang = language;
  for (const name of root.getAttributeNames()) if (name !== "id") root.removeAttribute(name);
  for (const name of pageRoot.getAttributeNames()) root.setAttribute(name, pageRoot.getAttribute(name) ?? "");
  // A copy of the list first: adopting a node takes it out of the live one.
  root.replaceChildren(...[...pageRoot.childNodes].map((node) => document.adoptNode(node)));
}
