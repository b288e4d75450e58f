import { SUPPORT_REPLY_HOURS, SUPPORT_TOPIC_FAQ_ENTRIES } from "@veil/contracts";
import { Button, Card, linkVariants } from "@veil/ui";
import { ArrowRight, BadgeDollarSign, CircleX, CreditCard, Rocket, Smartphone, Undo2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { PageHeading } from "../../components/page-heading.js";
import { SupportEmailLink } from "../../components/support-email-link.js";
import type { MessageKey } from "../../i18n/catalogues.js";
import { useRichT } from "../../i18n/use-rich-t.js";
import { useT } from "../../i18n/use-t.js";
import { PATHS } from "../../navigation/paths.js";
import { usePageMeta } from "../../seo/use-page-meta.js";

type TopicEntry = (typeof SUPPORT_TOPIC_FAQ_ENTRIES)[number];

const TOPIC_ICONS: Record<TopicEntry, ReactNode> = {
  1: <Rocket />,
  3: <Smartphone />,
  4: <CreditCard />,
  5: <BadgeDollarSign />,
  7: <CircleX />,
  8: <Undo2 />,
};

/** FAQ entries listed as popular questions: those without a topic card of their own. */
const POPULAR_ENTRIES = [2, 6, 9, 10] as const;

const faqLink = (n: number) => `${PATHS.faq}#q${n}`;

/** Support centre (docs/product.md §2.12): six topic cards to FAQ q1, q3, q4, q5, q7, q8; popular questions; contact. */
export function SupportCenterPage() {
  const t = useT();
  const rich = useRichT();
  usePageMeta({
    title: t("supportCenter.meta.title"),
    description: t("supportCenter.meta.description"),
    canonicalPath: PATHS.supportCenter,
  });
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 md:py-16 lg:px-8">
      <div className="max-w-2xl">
        <PageHeading className="text-3xl font-bold tracking-tight text-text sm:text-4xl">
          {t("supportCenter.title")}
        </PageHeading>
        <p className="mt-4 text-lg text-text-muted">{t("supportCenter.subtitle")}</p>
      </div>

      <section aria-labelledby="topics" className="mt-12">
        <h2 id="topics" className="text-2xl font-semibold text-text">
          {t("supportCenter.topics.title")}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {SUPPORT_TOPIC_FAQ_ENTRIES.map((n) => (
            <li key={n}>
              <Card
                asChild
                className="group h-full flex-row gap-4 rounded-2xl p-6 outline-offset-2 transition-shadow hover:shadow-raised focus-visible:outline-2 focus-visible:outline-focus"
              >
                <Link to={faqLink(n)}>
                  <span
                    aria-hidden="true"
                    className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-subtle text-primary [&_svg]:size-6"
                  >
                    {TOPIC_ICONS[n]}
                  </span>
                  <span className="flex flex-col gap-1">
                    <span className="font-semibold text-text group-hover:underline">
                      {t(`supportCenter.topics.q${n}.title` as MessageKey)}
                    </span>
                    <span className="text-sm text-text-muted">
                      {t(`supportCenter.topics.q${n}.body` as MessageKey)}
                    </span>
                  </span>
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="popular" className="mt-14">
        <h2 id="popular" className="text-2xl font-semibold text-text">
          {t("supportCenter.popular.title")}
        </h2>
        <ul className="mt-4 divide-y divide-border rounded-2xl border border-border bg-surface">
          {POPULAR_ENTRIES.map((n) => (
            <li key={n}>
              <Link
                to={faqLink(n)}
                className={`${linkVariants({ variant: "standalone" })} flex min-h-12 items-center justify-between gap-4 px-5 py-3`}
              >
                {t(`faq.q${n}.question` as MessageKey)}
                <ArrowRight aria-hidden="true" className="size-4 shrink-0" />
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="contact" className="mt-14 rounded-3xl bg-primary-subtle p-8 sm:p-10">
        <h2 id="contact" className="text-2xl font-semibold text-primary-subtle-foreground">
          {t("supportCenter.contact.title")}
        </h2>
        <p className="mt-3 max-w-2xl text-text">
          {rich("supportCenter.contact.body", { email: <SupportEmailLink />, hours: SUPPORT_REPLY_HOURS })}
        </p>
        <Button asChild className="mt-6">
          <Link to={PATHS.contact}>{t("supportCenter.contact.button")}</Link>
        </Button>
      </section>
    </div>
  );
}
