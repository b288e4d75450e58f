import { Island } from "../../components/island.js";
import { PageHeading } from "../../components/page-heading.js";
import { SupportEmailLink } from "../../components/support-email-link.js";
import { useRichT } from "../../i18n/use-rich-t.js";
import { useT } from "../../i18n/use-t.js";
import { PATHS } from "../../navigation/paths.js";
import { usePageMeta } from "../../seo/use-page-meta.js";
import { FaqAccordion } from "./faq-accordion.js";

/** FAQ (docs/product.md §2.12): ten entries; #q1…#q10 opens that entry and scrolls to it. */
export function FaqPage() {
  const t = useT();
  const rich = useRichT();
  usePageMeta({ title: t("faq.meta.title"), description: t("faq.meta.description"), canonicalPath: PATHS.faq });
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">
      <PageHeading className="text-3xl font-bold tracking-tight text-text sm:text-4xl">{t("faq.title")}</PageHeading>
      <p className="mt-4 text-lg text-text-muted">{rich("faq.subtitle", { email: <SupportEmailLink /> })}</p>
      <Island name="faq">
        <FaqAccordion />
      </Island>
    </div>
  );
}
