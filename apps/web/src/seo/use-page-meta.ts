import { createContext, useContext, useEffect } from "react";
import { useLanguage } from "../i18n/i18n-provider.js";
import { applyHead, type PageMeta } from "./page-meta.js";

/** During prerendering, the page being rendered leaves its meta here for the HTML template. */
export interface HeadCollector {
  meta?: PageMeta;
}
export const HeadCollectorContext = createContext<HeadCollector | null>(null);

const OG_LOCALE = { en: "en_US", ru: "ru_RU" } as const;

/** Declares the current page's title and meta tags, in the prerendered HTML and in the browser. */
export function usePageMeta(meta: PageMeta): void {
  const collector = useContext(HeadCollectorContext);
  const { language } = useLanguage();
  const full: PageMeta = { locale: OG_LOCALE[language], ...meta };
  if (collector) collector.meta = full;
  const { title, description, keywords, canonicalPath, noIndex, locale } = full;
  useEffect(() => {
    applyHead({ title, description, keywords, canonicalPath, noIndex, locale });
  }, [title, description, keywords, canonicalPath, noIndex, locale]);
}
