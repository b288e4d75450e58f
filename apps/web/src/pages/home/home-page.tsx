import { PLAN_CATALOGUE, SUPPORT_REPLY_HOURS } from "@veil/contracts";
import { Button, Card, cn } from "@veil/ui";
import {
  Bitcoin,
  CreditCard,
  EyeOff,
  Globe,
  Headset,
  LockKeyhole,
  MousePointerClick,
  ShieldCheck,
  Users,
  Wifi,
  Zap,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router-dom";
import { AccountAwareLink, type AccountAwareLinkProps } from "../../components/account-aware-link.js";
import { FormMessage } from "../../components/form-message.js";
import { Island } from "../../components/island.js";
import { NativeAuthRequiredDialog } from "../../components/native-auth-required-dialog.js";
import { PageHeading } from "../../components/page-heading.js";
import { PlanChooser } from "../../components/plan-chooser.js";
import { GOOGLE_PLAY_URL } from "../../config.js";
import type { MessageKey } from "../../i18n/catalogues.js";
import { useFormatPrice } from "../../i18n/format.js";
import { useT } from "../../i18n/use-t.js";
import { PATHS } from "../../navigation/paths.js";
import { usePageMeta } from "../../seo/use-page-meta.js";
import { PhoneIllustration } from "./phone-illustration.js";
import { StoreBadges } from "./store-badges.js";

const LOWEST_PRICE = Math.min(...PLAN_CATALOGUE.map((p) => p.priceUsd));

// The two calls to action that lead elsewhere once someone is signed in: islands of their own.
const HERO_LINK = {
  guest: PATHS.register,
  member: PATHS.account.subscription,
  label: "home.hero.try",
} satisfies AccountAwareLinkProps;
const CTA_LINK = {
  guest: PATHS.register,
  member: PATHS.account.profile,
  label: "home.cta.start",
} satisfies AccountAwareLinkProps;

function SectionIntro({ id, title, subtitle }: { id: string; title: string; subtitle?: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-semibold tracking-tight text-text sm:text-4xl">
        {title}
      </h2>
      {subtitle ? <p className="mt-4 text-lg text-text-muted">{subtitle}</p> : null}
    </div>
  );
}

function Hero() {
  const t = useT();
  const formatPrice = useFormatPrice();
  return (
    <section className="relative overflow-hidden bg-[radial-gradient(ellipse_at_top,var(--color-primary-subtle),transparent_70%)]">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-[1.2fr_1fr] lg:px-8">
        <div>
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">{t("home.hero.eyebrow")}</p>
          <PageHeading className="mt-3 text-4xl font-bold tracking-tight text-balance text-text sm:text-5xl">
            {t("home.hero.title")}
          </PageHeading>
          <p className="mt-6 max-w-xl text-lg text-text-muted">
            {t("home.hero.subtitle", { price: formatPrice(LOWEST_PRICE) })}
          </p>
          <div className="mt-8 flex flex-col gap-3 min-[420px]:flex-row">
            <Island name="accountLink" props={HERO_LINK}>
              <AccountAwareLink {...HERO_LINK} />
            </Island>
            <Button asChild size="lg" variant="outline">
              <a href={GOOGLE_PLAY_URL} target="_blank" rel="noopener noreferrer">
                {t("home.hero.android")}
              </a>
            </Button>
          </div>
        </div>
        <div className="mx-auto w-48 sm:w-56 lg:w-64">
          <PhoneIllustration variant="success" />
        </div>
      </div>
    </section>
  );
}

interface Feature {
  icon: ReactNode;
  title: MessageKey;
  body: MessageKey;
}

function WhyChoose() {
  const t = useT();
  const features: Feature[] = [
    { icon: <LockKeyhole />, title: "home.why.features.encryption.title", body: "home.why.features.encryption.body" },
    { icon: <EyeOff />, title: "home.why.features.noLogs.title", body: "home.why.features.noLogs.body" },
    { icon: <Bitcoin />, title: "home.why.features.crypto.title", body: "home.why.features.crypto.body" },
    { icon: <Headset />, title: "home.why.features.support.title", body: "home.why.features.support.body" },
  ];
  const pillars: Feature[] = [
    { icon: <ShieldCheck />, title: "home.why.privacy.title", body: "home.why.privacy.body" },
    { icon: <Zap />, title: "home.why.speed.title", body: "home.why.speed.body" },
  ];
  const values = { hours: SUPPORT_REPLY_HOURS };
  return (
    <section aria-labelledby="benefits" className="scroll-mt-20 py-16 md:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionIntro id="benefits" title={t("home.why.title")} subtitle={t("home.why.subtitle")} />
        <div className="mt-12 grid gap-6 md:grid-cols-2">
          {pillars.map((p) => (
            <div key={p.title} className="rounded-2xl bg-primary-subtle p-8 text-primary-subtle-foreground">
              <span aria-hidden="true" className="inline-flex [&_svg]:size-8">
                {p.icon}
              </span>
              {/* One size down on the narrowest phones: "Конфиденциальность" is wider than the card at 320 px. */}
              <h3 className="mt-4 text-2xl font-semibold max-[359px]:text-xl">{t(p.title)}</h3>
              <p className="mt-3 text-base">{t(p.body)}</p>
            </div>
          ))}
        </div>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {features.map((f) => (
            <Card asChild key={f.title} className="block rounded-2xl p-6">
              <li>
                <span
                  aria-hidden="true"
                  className="inline-flex size-11 items-center justify-center rounded-xl bg-primary-subtle text-primary [&_svg]:size-6"
                >
                  {f.icon}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-text">{t(f.title)}</h3>
                <p className="mt-2 text-sm text-text-muted">{t(f.body, values)}</p>
              </li>
            </Card>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Pricing() {
  const t = useT();
  return (
    // The plan list is the named region; this section only carries the #pricing anchor.
    <section className="scroll-mt-20 bg-surface-muted py-16 md:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionIntro id="pricing" title={t("pricing.title")} subtitle={t("pricing.subtitle")} />
        <div className="mt-12">
          <Island name="plans" props={{ label: t("pricing.title") }}>
            <PlanChooser label={t("pricing.title")} />
          </Island>
          <NativeAuthRequiredDialog />
        </div>
      </div>
    </section>
  );
}

function About() {
  const t = useT();
  const blocks: { icon: ReactNode; n: 1 | 2 | 3 | 4 | 5 }[] = [
    { icon: <MousePointerClick />, n: 1 },
    { icon: <Wifi />, n: 2 },
    { icon: <Globe />, n: 3 },
    { icon: <CreditCard />, n: 4 },
    { icon: <Users />, n: 5 },
  ];
  return (
    <section aria-labelledby="about" className="scroll-mt-20 py-16 md:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionIntro id="about" title={t("home.about.title")} subtitle={t("home.about.subtitle")} />
        <ol className="mt-14 flex flex-col gap-12 md:gap-16">
          {blocks.map(({ icon, n }, i) => (
            <li
              key={n}
              className={cn(
                "flex flex-col items-center gap-6 md:flex-row md:gap-12",
                i % 2 === 1 && "md:flex-row-reverse",
              )}
            >
              <div
                aria-hidden="true"
                className="flex aspect-[4/3] w-full max-w-sm shrink-0 items-center justify-center rounded-3xl bg-[linear-gradient(135deg,var(--color-primary-subtle),var(--color-surface-muted))] text-primary [&_svg]:size-20"
              >
                {icon}
              </div>
              <div className="max-w-xl">
                <h3 className="text-2xl font-semibold text-text">{t(`home.about.block${n}.title`)}</h3>
                <p className="mt-3 text-lg text-text-muted">
                  {t(`home.about.block${n}.body`, { hours: SUPPORT_REPLY_HOURS })}
                </p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function Compare() {
  const t = useT();
  return (
    <section aria-labelledby="compare" className="bg-surface-muted py-16 md:py-24">
      <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
        <SectionIntro id="compare" title={t("home.compare.title")} subtitle={t("home.compare.subtitle")} />
        <div className="mt-12 grid grid-cols-1 gap-10 min-[480px]:grid-cols-2">
          {(["success", "error"] as const).map((variant) => (
            <figure key={variant} className="flex flex-col items-center gap-4">
              <div className="w-44 sm:w-52">
                <PhoneIllustration variant={variant} />
              </div>
              <figcaption
                className={cn(
                  "rounded-full px-4 py-1.5 text-sm font-semibold",
                  variant === "success"
                    ? "bg-success-surface text-success-foreground"
                    : "bg-danger-surface text-danger-foreground",
                )}
              >
                {t(variant === "success" ? "home.compare.success" : "home.compare.error")}
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}

function CallToAction() {
  const t = useT();
  return (
    <section aria-labelledby="cta" className="py-16 md:py-24">
      <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
        <div className="focus-inverse rounded-3xl bg-surface-inverse px-6 py-12 text-center text-text-inverse sm:px-12">
          <h2 id="cta" className="text-3xl font-semibold tracking-tight sm:text-4xl">
            {t("home.cta.title")}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg opacity-90">{t("home.cta.body")}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 min-[420px]:flex-row">
            <Island name="accountLink" props={CTA_LINK}>
              <AccountAwareLink {...CTA_LINK} />
            </Island>
            <Button asChild size="lg" variant="secondary">
              <Link to={`${PATHS.home}#pricing`}>{t("home.cta.plans")}</Link>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}

function Download() {
  const t = useT();
  return (
    <section aria-labelledby="download" className="pb-16 md:pb-24">
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-8 px-4 text-center sm:px-6 lg:px-8">
        <SectionIntro id="download" title={t("home.download.title")} subtitle={t("home.download.body")} />
        <Button asChild size="lg">
          <a href={GOOGLE_PLAY_URL} target="_blank" rel="noopener noreferrer">
            {t("home.download.button")}
          </a>
        </Button>
        <div className="w-full">
          <StoreBadges />
        </div>
      </div>
    </section>
  );
}

/** The landing page (docs/product.md §2.6): hero, why-choose (#benefits), pricing (#pricing), about (#about), …  */
export function HomePage() {
  const t = useT();
  const formatPrice = useFormatPrice();
  usePageMeta({
    title: t("home.meta.title"),
    description: t("home.meta.description", { price: formatPrice(LOWEST_PRICE) }),
    keywords: t("home.meta.keywords"),
    canonicalPath: PATHS.home,
  });
  // After an account deletion the app lands here with a confirmation (client navigation only).
  const notice = (useLocation().state as { notice?: MessageKey } | null)?.notice;
  return (
    <>
      {notice ? (
        <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
          <FormMessage message={{ tone: "success", text: t(notice) }} />
        </div>
      ) : null}
      <Hero />
      <WhyChoose />
      <Pricing />
      <About />
      <Compare />
      <CallToAction />
      <Download />
    </>
  );
}
