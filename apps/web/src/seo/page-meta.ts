import { SITE_URL } from "../config.js";

/** What a page says about itself in `<head>` (docs/product.md §2.6: title, description, keywords, canonical, social). */
export interface PageMeta {
  title: string;
  description?: string;
  keywords?: string;
  /** Path of the canonical URL (defaults to none, e.g. for the 404 page). */
  canonicalPath?: string;
  /** Keep the page out of search results (404, account, auth screens). */
  noIndex?: boolean;
  /** Open Graph locale, e.g. "en_US". */
  locale?: string;
}

export const SOCIAL_IMAGE_PATH = "/og-image.png";

interface Tag {
  selector: string;
  tag: "meta" | "link";
  attrs: Record<string, string>;
}

/** The head tags a page's meta turns into; one list for the prerenderer and the browser. */
export function headTags(meta: PageMeta): Tag[] {
  const tags: Tag[] = [];
  const metaName = (name: string, content: string) =>
    tags.push({ selector: `meta[name="${name}"]`, tag: "meta", attrs: { name, content } });
  const metaProperty = (property: string, content: string) =>
    tags.push({ selector: `meta[property="${property}"]`, tag: "meta", attrs: { property, content } });

  if (meta.description) metaName("description", meta.description);
  if (meta.keywords) metaName("keywords", meta.keywords);
  if (meta.noIndex) metaName("robots", "noindex");
  metaProperty("og:type", "website");
  metaProperty("og:site_name", "Veil");
  metaProperty("og:title", meta.title);
  if (meta.description) metaProperty("og:description", meta.description);
  if (meta.locale) metaProperty("og:locale", meta.locale);
  metaProperty("og:image", `${SITE_URL}${SOCIAL_IMAGE_PATH}`);
  metaName("twitter:card", "summary_large_image");
  metaName("twitter:title", meta.title);
  if (meta.description) metaName("twitter:description", meta.description);
  if (meta.canonicalPath) {
    const url = `${SITE_URL}${meta.canonicalPath}`;
    metaProperty("og:url", url);
    tags.push({ selector: 'link[rel="canonical"]', tag: "link", attrs: { rel: "canonical", href: url } });
  }
  return tags;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Serialises the head of a prerendered page (title and every tag), marked so the browser can replace them. */
export function renderHead(meta: PageMeta): string {
  const tags = headTags(meta).map(
    ({ tag, attrs }) =>
      `<${tag} data-page-meta ${Object.entries(attrs)
        .map(([k, v]) => `${k}="${escapeHtml(v)}"`)
        .join(" ")}>`,
  );
  return [`<title>${escapeHtml(meta.title)}</title>`, ...tags].join("\n    ");
}

/** Brings `document.head` in line with a page's meta (client-side navigation and language switches). */
export function applyHead(meta: PageMeta): void {
  document.title = meta.title;
  const wanted = headTags(meta);
  const keep = new Set<Element>();
  for (const { selector, tag, attrs } of wanted) {
    let el = document.head.querySelector(selector);
    if (!el) {
      el = document.createElement(tag);
      document.head.append(el);
    }
    el.setAttribute("data-page-meta", "");
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    keep.add(el);
  }
  // Tags of the previous page that this one does not have (e.g. keywords) must go.
  for (const el of document.head.querySelectorAll("[data-page-meta]")) if (!keep.has(el)) el.remove();
}
