import { MINIMUM_AGE, SUPPORT_REPLY_HOURS } from "@veil/contracts";
import { useIntl } from "react-intl";
import { PageHeading } from "../../components/page-heading.js";
import { SupportEmailLink } from "../../components/support-email-link.js";
import type { MessageKey } from "../../i18n/catalogues.js";
import { useRichT } from "../../i18n/use-rich-t.js";
import { useT } from "../../i18n/use-t.js";
import { usePageMeta } from "../../seo/use-page-meta.js";

/**
 * Date each document's current text took effect (shown as "Last updated"): change it with the text.
 * The privacy policy changed when devices arrived (what is stored for each, #28).
 */
export const LEGAL_UPDATED = {
  terms: new Date(Date.UTC(2026, 10, 1)),
  privacy: new Date(Date.UTC(2026, 10, 26)),
} as const;

interface LegalPageProps {
  /** Catalogue prefix: "terms" or "privacy". */
  prefix: "terms" | "privacy";
  sections: number;
  canonicalPath: string;
}

/** A legal document: numbered sections from the catalogue, with the support address and limits filled in. */
export function LegalPage({ prefix, sections, canonicalPath }: LegalPageProps) {
  const t = useT();
  const rich = useRichT();
  const intl = useIntl();
  usePageMeta({ title: t(`${prefix}.meta.title`), description: t(`${prefix}.meta.description`), canonicalPath });
  const values = { email: <SupportEmailLink />, hours: SUPPORT_REPLY_HOURS, age: MINIMUM_AGE };
  const date = intl.formatDate(LEGAL_UPDATED[prefix], { dateStyle: "long", timeZone: "UTC" });
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">
      {/* One size down below 360 px, where "конфиденциальности" alone is wider than the column. */}
      <PageHeading className="text-3xl font-bold tracking-tight text-text max-[359px]:text-2xl sm:text-4xl">
        {t(`${prefix}.title`)}
      </PageHeading>
      <p className="mt-3 text-sm text-text-muted">{t(`${prefix}.updated`, { date })}</p>
      <div className="mt-10 flex flex-col gap-8">
        {Array.from({ length: sections }, (_, i) => {
          const n = i + 1;
          return (
            <section key={n} aria-labelledby={`${prefix}-s${n}`}>
              <h2 id={`${prefix}-s${n}`} className="text-xl font-semibold text-text">
                {t(`${prefix}.s${n}.title` as MessageKey)}
              </h2>
              <p className="mt-3 leading-7 text-text-muted">{rich(`${prefix}.s${n}.body` as MessageKey, values)}</p>
            </section>
          );
        })}
      </div>
    </article>
  );
}
